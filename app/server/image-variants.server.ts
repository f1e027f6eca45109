// The narrower copies of uploaded images that srcset asks for
// (app/lib/images.ts): `<name>-400.webp` is made from `<name>.webp` the first
// time it is requested, kept beside it in the store, and served from there
// on. Only the listed widths, only of an existing original (never of a copy),
// so a stranger can make no more files than there are images times widths.
import type { RequestHandler } from "express";
import sharp from "sharp";
import { IMAGE_WIDTHS } from "~/lib/images";
import type { ObjectStore } from "./storage.server";

/** Uploads' names are random or content hashes: the bytes under one never change. */
export const IMMUTABLE_IMAGE = "public, max-age=31536000, immutable";

// Folders and names as we write them: letters, digits, dots, dashes,
// underscores, never starting with a dot (so no "..", no hidden names); then
// a width exactly as srcset writes it, since "-0400" would be another file.
const VARIANT = new RegExp(`^((?:/[\\w-][\\w.-]*)+)-(${IMAGE_WIDTHS.join("|")})\\.webp$`);

// Originals are named by random or content hashes, the seed's ending in
// ".<hash>", so a name ending in "-<digits>" is a copy (of any width, past
// widths too). A copy is never copied, or each copy would let a stranger make
// more copies, without end.
const COPY = /-\d+$/;

/** Copies being made, so that simultaneous requests make each once. */
const making = new Map<string, Promise<Buffer | null>>();

/** The copy's bytes, or null when there is no image to copy. */
async function makeCopy(uploads: ObjectStore, original: string, target: string, width: number) {
  // Another server sharing the bucket may have made it since the store was asked.
  const existing = await uploads.read(target);
  if (existing) return existing;
  const source = await uploads.read(original);
  if (!source) return null;
  const bytes = await sharp(source)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer()
    .catch(() => null); // not an image after all
  if (bytes) await uploads.put(target, bytes);
  return bytes;
}

/**
 * Express middleware for /uploads, after the stored files: makes a missing
 * copy, keeps it and sends it, or passes on (to a 404) when there is nothing
 * to copy.
 */
export function imageVariants(uploads: ObjectStore): RequestHandler {
  return async (req, res, next) => {
    const [, name, width] = VARIANT.exec(req.path) ?? [];
    if (!name || !width || COPY.test(name)) return next();
    const target = req.path.slice(1);
    let made = making.get(target);
    if (!made) {
      made = makeCopy(uploads, `${name.slice(1)}.webp`, target, Number(width)).finally(() => making.delete(target));
      making.set(target, made);
    }
    let bytes: Buffer | null;
    try {
      bytes = await made;
    } catch (error) {
      return next(error); // the store failed
    }
    if (!bytes) return next(); // no such image
    res.setHeader("Cache-Control", IMMUTABLE_IMAGE);
    res.type("image/webp").send(bytes);
  };
}
