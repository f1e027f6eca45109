// npm run fsa:import -- <file or URL> [more…]
// Loads the Food Standards Agency's open-data file of a local authority (XML
// or JSON, e.g. https://ratings.food.gov.uk/api/open-data-files/FHRS760en-GB.xml)
// into the establishments staff link businesses to (decision 0029). Prints
// progress and a summary: read, added, changed, refused with reasons. A file
// that is not the FSA's, is malformed or too big is refused and changes
// nothing. Stop the server first when it uses the embedded database.
import { FsaFileRefused, importFsaFile } from "../app/features/directory/fsa-import.server";
import { openDatabase } from "../app/server/db.server";
import { env, loadDotEnv } from "../app/server/env.server";

loadDotEnv();
const sources = process.argv.slice(2).filter((arg) => arg !== "--");
if (sources.length === 0) {
  console.error("Usage: npm run fsa:import -- <file or URL> [more files or URLs]");
  process.exit(2);
}
const { DATABASE_URL, DATA_DIR } = env();
const handle = openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
let failed = 0;
try {
  await handle.migrate();
  for (const source of sources) {
    try {
      const report = await importFsaFile(handle.db, source, { print: (line) => console.log(line) });
      console.log(report.summary());
    } catch (error) {
      if (!(error instanceof FsaFileRefused)) throw error;
      failed++;
      console.error(`fsa:import ${source}: refused, nothing changed. ${error.message}`);
    }
  }
} finally {
  await handle.close();
}
if (failed > 0) process.exit(1);
