// The narrower copies of uploaded images that srcset asks for
// (app/lib/images.ts): `<name>-400.webp` is made from `<name>.webp` the first
// time it is requested, kept beside it, and served as a file from then on.
// Only the listed widths, only beside an existing image, so a stranger can
// make no more files than there are images times widths.
import fs from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "~/lib/images";

// Folders and names as we write them: letters, digits, dots, dashes, underscores.
const VARIANT = /^((?:\/[\w.-]+)+)-(\d+)\.webp$/;

/** Copies being made, so that simultaneous requests make each once. */
const making = new Map<string, Promise<void>>();

async function makeCopy(original: string, target: string, width: number) {
  const temporary = `${target}.${process.pid}.${Date.now()}.tmp`;
  await sharp(original).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toFile(temporary);
  // Whole or not at all: a reader never sees half a file.
  await fs.rename(temporary, target);
}

/**
 * Express middleware for /uploads, after the static files: makes a missing
 * copy and sends it, or passes on (to a 404) when there is nothing to copy.
 */
export function imageVariants(uploadsDir: string): RequestHandler {
  return async (req, res, next) => {
    const match = VARIANT.exec(req.path);
    const width = Number(match?.[2]);
    if (!match || match[1]!.split("/").includes("..") || !IMAGE_WIDTHS.includes(width as never)) return next();
    const original = path.join(uploadsDir, `${match[1]}.webp`);
    const target = path.join(uploadsDir, req.path);
    let made = making.get(target);
    if (!made) {
      made = makeCopy(original, target, width).finally(() => making.delete(target));
      making.set(target, made);
    }
    try {
      await made;
    } catch {
      return next(); // no such image
    }
    res.sendFile(target, { maxAge: "1y", immutable: true });
  };
}
