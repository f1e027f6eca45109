// npm run storage:migrate — copies the images under DATA_DIR (uploads and
// sellers' submission photos) into the S3 bucket that S3_* names. Safe to run
// again: objects already in the bucket at the same size are skipped.
import { env, loadDotEnv } from "../app/server/env.server";
import { migrateStorage } from "../app/server/storage-migrate.server";
import { bucketStorage, diskStorage, submissionPhotosDir, uploadsDir } from "../app/server/storage.server";

loadDotEnv();
const config = env();
if (!config.S3_BUCKET) {
  console.error(
    "storage:migrate copies the images on disk into a bucket: set S3_BUCKET (and the other S3_* settings) first.",
  );
  process.exit(1);
}
console.log(`Copying ${uploadsDir()} and ${submissionPhotosDir()} into the bucket ${config.S3_BUCKET}…`);
const summary = await migrateStorage(diskStorage(), bucketStorage({ ...config, S3_BUCKET: config.S3_BUCKET }), (line) =>
  console.log(line),
);
console.log(`Done: ${summary.copied} copied, ${summary.skipped} already there, ${summary.failed} failed.`);
if (summary.failed > 0) process.exit(1);
