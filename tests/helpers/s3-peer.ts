// A real S3 protocol peer on this machine (s3rver, files in a temporary
// folder), with one empty bucket: what the app's S3 client talks to in tests.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { parseEnv } from "../../app/server/env.server";
import { bucketStorage } from "../../app/server/storage.server";

export async function startS3Peer(bucket = "hbs-images") {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  // s3rver's own built-in credentials.
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "eu-west-2",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
  };
  return {
    /** The S3_* variables that point a server at this bucket. */
    env,
    /** The app's storage over this bucket. */
    storage: () => bucketStorage({ ...parseEnv(env), S3_BUCKET: bucket }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
