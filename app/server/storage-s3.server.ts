// Objects in an S3-compatible bucket (AWS S3, MinIO, Garage, R2…), through
// the AWS SDK. Every store is one key prefix of the bucket ("uploads",
// "submissions"), so the bucket mirrors the folders under DATA_DIR.
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Env } from "./env.server";
import type { ObjectStore, StoredEntry } from "./storage.server";

export interface OpenedObject {
  body: Readable;
  size: number;
  etag?: string;
  lastModified?: Date;
}

const status = (error: unknown) => (error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined);

/** Every object we store is a WebP image; the type lets a bucket be browsed sensibly too. */
const contentType = (key: string) => (key.endsWith(".webp") ? "image/webp" : "application/octet-stream");

export function s3Client(env: Env) {
  return new S3Client({
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    // The SDK's newer default checksums are not understood by every
    // S3-compatible store; ask for them only where S3 requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that stops answering must not hold an image request for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
}

export class S3Store implements ObjectStore {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    private readonly prefix: string,
  ) {}

  /** The bucket's key, refusing dot segments: clients resolve them, which could leave the prefix. */
  private key(key: string) {
    if (key.split("/").some((segment) => segment === "" || segment === "." || segment === "..")) {
      throw new Error(`not a key of this store: ${key}`);
    }
    return `${this.prefix}/${key}`;
  }

  async put(key: string, bytes: Buffer) {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: this.key(key), Body: bytes, ContentType: contentType(key) }),
    );
  }

  async read(key: string) {
    const opened = await this.open(key);
    if (opened === null || opened === "not-modified") return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async remove(key: string) {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  async has(key: string) {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
      return true;
    } catch (error) {
      if (status(error) === 404) return false;
      throw error;
    }
  }

  /** The object as a stream, to be sent as it arrives; "not-modified" when `ifNoneMatch` is its ETag. */
  async open(key: string, ifNoneMatch?: string): Promise<OpenedObject | "not-modified" | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key), IfNoneMatch: ifNoneMatch }),
      );
      return {
        body: answer.Body as Readable,
        size: answer.ContentLength ?? 0,
        etag: answer.ETag,
        lastModified: answer.LastModified,
      };
    } catch (error) {
      if (status(error) === 304) return "not-modified";
      if (status(error) === 404) return null;
      throw error;
    }
  }

  async *list(): AsyncIterable<StoredEntry> {
    const prefix = `${this.prefix}/`;
    for await (const page of paginateListObjectsV2({ client: this.client }, { Bucket: this.bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0 };
      }
    }
  }

  folder(name: string) {
    return new S3Store(this.client, this.bucket, this.key(name));
  }
}
