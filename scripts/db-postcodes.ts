// npm run db:postcodes -- file.csv [more.csv …]
// Loads full postcodes from the ONS Postcode Directory (its CSV) or OS
// Code-Point Open (its per-area CSVs), which then win over the shipped
// postcode districts (decision 0034). Each file is loaded whole or not at all.
// Stop the server first when it uses the embedded database.
import { RefusedFile, importPostcodes } from "../app/features/places/postcode-import.server";
import { openDatabase, setDatabase } from "../app/server/db.server";
import { env, loadDotEnv } from "../app/server/env.server";

loadDotEnv();
const files = process.argv.slice(2).filter((a) => a !== "--");
if (files.length === 0) {
  console.error("Usage: npm run db:postcodes -- file.csv [more.csv …]  (ONS Postcode Directory or OS Code-Point Open)");
  process.exit(2);
}
const { DATABASE_URL, DATA_DIR } = env();
const handle = openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
let failed = false;
try {
  await handle.migrate();
  setDatabase(handle);
  for (const file of files) {
    const started = performance.now();
    try {
      await importPostcodes(file);
      console.log(`Postcodes: ${file} loaded in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    } catch (error) {
      if (!(error instanceof RefusedFile)) throw error;
      console.error(`Refused, nothing changed: ${error.message}`);
      failed = true;
    }
  }
} finally {
  setDatabase(undefined);
  await handle.close();
}
process.exit(failed ? 1 : 0);
