// /uploads: the public images, from the disk or the bucket (decision 0021).
// Their names are random or content hashes, so a name always means the same
// bytes: cached for a year, immutable. From a bucket the object is streamed
// through this server, so image addresses stay on the site's own origin (the
// CSP allows no other) and a proxy in front can cache them as it does files.
// Sellers' private photos are another area of the store, out of reach here.
import { pipeline } from "node:stream";
import express, { type RequestHandler } from "express";
import { IMMUTABLE_IMAGE, imageVariants } from "./image-variants.server";
import type { S3Store } from "./storage-s3.server";
import type { Storage } from "./storage.server";

// Folders and names as we write them: letters, digits, dots, dashes and
// underscores, never starting with a dot (so no "..", no hidden names).
const UPLOAD = /^(?:\/[\w-][\w.-]*)+\.webp$/;

// A missing upload is a plain 404, not a page and not an error in the log.
const plainNotFound: RequestHandler = (_req, res) => void res.status(404).type("text/plain").send("Not found");

/** The handlers for app.use("/uploads", …). */
export function serveUploads(storage: Storage): RequestHandler[] {
  return [
    // Every upload is re-encoded to WebP; anything else there is not ours to serve.
    (req, res, next) => (req.path.endsWith(".webp") ? next() : plainNotFound(req, res, next)),
    storage.kind === "disk"
      ? express.static(storage.uploads.dir, { immutable: true, maxAge: "1y", index: false, dotfiles: "deny" })
      : bucketImages(storage.uploads),
    // A narrower copy for srcset, made on first request.
    imageVariants(storage.uploads),
    plainNotFound,
  ];
}

/** Sends the object, or passes on (to the variants, then a 404). */
function bucketImages(uploads: S3Store): RequestHandler {
  return async (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !UPLOAD.test(req.path)) return next();
    let opened: Awaited<ReturnType<S3Store["open"]>>;
    try {
      opened = await uploads.open(req.path.slice(1), req.get("if-none-match"));
    } catch (error) {
      // The bucket is away: a passing fault of ours, not a missing image.
      res.setHeader("Retry-After", "5");
      return next(Object.assign(new Error("the image store did not answer", { cause: error }), { status: 503 }));
    }
    if (opened === null) return next();
    res.setHeader("Cache-Control", IMMUTABLE_IMAGE);
    if (opened === "not-modified") return void res.status(304).end();
    res.setHeader("Content-Type", "image/webp");
    res.setHeader("Content-Length", String(opened.size));
    if (opened.etag) res.setHeader("ETag", opened.etag);
    if (opened.lastModified) res.setHeader("Last-Modified", opened.lastModified.toUTCString());
    if (req.method === "HEAD") {
      opened.body.destroy();
      return void res.end();
    }
    pipeline(opened.body, res, (error) => {
      // A visitor who leaves mid-image is no fault; a store that breaks off is worth a line.
      if (error && (error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") {
        req.log.warn({ err: error }, "image stream from the bucket failed");
      }
    });
  };
}
