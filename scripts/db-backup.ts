// npm run db:backup -- [file]   — a backup of the configured database
// npm run db:restore -- file    — replaces the configured database with a backup
// PostgreSQL (DATABASE_URL): pg_dump / pg_restore. The embedded database: its
// folder as a tarball; stop the server first, as PGlite holds the folder.
import { parseArgs } from "node:util";
import { BackupError, backupDatabase, restoreDatabase } from "../app/server/backup.server";
import { DatabaseLockedError } from "../app/server/db.server";
import { env, loadDotEnv } from "../app/server/env.server";

loadDotEnv();
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { restore: { type: "boolean", default: false } },
});
const { DATABASE_URL, DATA_DIR } = env();
const options = { databaseUrl: DATABASE_URL, dataDir: DATA_DIR };
try {
  if (values.restore) {
    const [file] = positionals;
    if (!file) throw new BackupError("Say which backup to restore: npm run db:restore -- backups/hbs-….backup");
    await restoreDatabase(options, file);
    console.log(`Restored ${file} into the ${DATABASE_URL ? "PostgreSQL" : "embedded"} database.`);
  } else {
    const file = positionals[0] ?? `backups/hbs-${new Date().toISOString().replace(/[:.]/g, "-")}.backup`;
    const kind = await backupDatabase(options, file);
    console.log(`Backed up the ${kind === "postgres" ? "PostgreSQL" : "embedded"} database to ${file}.`);
  }
} catch (error) {
  if (!(error instanceof BackupError || error instanceof DatabaseLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
