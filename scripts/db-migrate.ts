// npm run db:migrate — applies the committed migrations to the configured
// database (DATABASE_URL, or the embedded one in DATA_DIR).
import { openDatabase } from "../app/server/db.server";
import { env, loadDotEnv } from "../app/server/env.server";

loadDotEnv();
const { DATABASE_URL, DATA_DIR } = env();
const handle = openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
try {
  await handle.migrate();
  console.log(`Migrations applied (${handle.kind}).`);
} finally {
  await handle.close();
}
