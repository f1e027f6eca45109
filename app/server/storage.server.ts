// Where images are kept (docs/decisions/0021-object-storage.md): folders
// under DATA_DIR by default, or an S3-compatible bucket when S3_BUCKET is set,
// which every server of the site shares. Two areas either way: "uploads", the
// public images served at /uploads, and "submissions", sellers' photos, which
// only staff see until a listing is published.
import os from "node:os";
import path from "node:path";
import { env, type Env } from "./env.server";
import { DiskStore } from "./storage-disk.server";
import { S3Store, s3Client } from "./storage-s3.server";

export interface StoredEntry {
  key: string;
  size: number;
}

/** A flat space of keys ("listings/ab12….webp") holding whole objects. */
export interface ObjectStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  has(key: string): Promise<boolean>;
  /** Deletes the object; nothing happens when there is none. */
  remove(key: string): Promise<void>;
  /** Every object and its size (npm run storage:migrate). */
  list(): AsyncIterable<StoredEntry>;
  /** The objects under `name/`, as a store of their own. */
  folder(name: string): ObjectStore;
}

export type Storage =
  { kind: "disk"; uploads: DiskStore; submissions: DiskStore } | { kind: "s3"; uploads: S3Store; submissions: S3Store };

export const STORAGE_AREAS = ["uploads", "submissions"] as const;

/** A folder under DATA_DIR; with the in-memory database (tests), under the system's temporary folder. */
function dataFolder(name: string) {
  const { DATA_DIR } = env();
  const base = DATA_DIR.startsWith("memory://") ? path.join(os.tmpdir(), `hbs-memory-${process.pid}`) : DATA_DIR;
  return path.resolve(base, name);
}

/** Public images on disk: seed images and published listings' photos, served at /uploads. */
export function uploadsDir() {
  return dataFolder("uploads");
}

/** Photos sent with listing submissions, on disk: private until staff publish the listing. */
export function submissionPhotosDir() {
  return dataFolder("submissions");
}

export function diskStorage(): Storage {
  return { kind: "disk", uploads: new DiskStore(uploadsDir()), submissions: new DiskStore(submissionPhotosDir()) };
}

export function bucketStorage(config: Env & { S3_BUCKET: string }): Storage {
  const client = s3Client(config);
  return {
    kind: "s3",
    uploads: new S3Store(client, config.S3_BUCKET, "uploads"),
    submissions: new S3Store(client, config.S3_BUCKET, "submissions"),
  };
}

let current: Storage | undefined;

/** This process's storage, as the environment says. */
export function storage(): Storage {
  if (!current) {
    const config = env();
    current = config.S3_BUCKET ? bucketStorage({ ...config, S3_BUCKET: config.S3_BUCKET }) : diskStorage();
  }
  return current;
}

/** A private image (a seller's photo, a claimant's document) as staff are sent it: never kept, never sniffed. */
export function privateImageResponse(bytes: Buffer) {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": "image/webp",
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * A private document (a seller's evidence for their figures) as its seller or staff are sent it:
 * saved, not shown, under the name it was sent with; never kept, never sniffed, and nothing in it
 * may run should a browser open it anyway.
 */
export function privateFileResponse(bytes: Buffer, contentType: string, name: string) {
  const ascii = name.replace(/[^\w .()-]/g, "_").slice(0, 100) || "evidence";
  return new Response(new Uint8Array(bytes), {
    headers: {
      "content-type": contentType,
      "content-disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}

/** Makes `next` the storage the app uses (tests: a bucket of their own); undefined goes back to the environment's. */
export function setStorage(next: Storage | undefined) {
  current = next;
}
