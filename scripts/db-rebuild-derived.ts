// npm run db:rebuild-derived — works every read model out again from the
// tables it is kept from (docs/design/read-models.md), on the configured
// database (DATABASE_URL, or the embedded one in DATA_DIR). One transaction
// each, which holds off writes to its sources while it runs; running it again
// changes nothing.
import { openDatabase } from "../app/server/db.server";
import { env, loadDotEnv } from "../app/server/env.server";
import { rebuildReadModels } from "../app/server/read-models";

loadDotEnv();
const { DATABASE_URL, DATA_DIR } = env();
const handle = openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
try {
  await rebuildReadModels(handle.db, (model, ms) => console.log(`${model.name}: rebuilt in ${Math.round(ms)} ms`));
  console.log(`Read models rebuilt (${handle.kind}).`);
} finally {
  await handle.close();
}
