// npm run db:seed — migrates, then adds the spec's sample listings, directory
// businesses and packages where they are missing. Safe to run again.
//
// npm run db:seed -- --bulk [--businesses 100000] [--listings 20000] [--seed 1]
// also adds that many realistic generated rows across UK towns (for
// benchmarks and trying the site at scale). The same seed gives the same
// rows, so running it twice adds nothing the second time.
import { parseArgs } from "node:util";
import { insertBulkData } from "../db/seed/bulk";
import { seedDatabase } from "../db/seed/seed";
import { openDatabase } from "../app/server/db.server";
import { env, loadDotEnv } from "../app/server/env.server";
import { storage } from "../app/server/storage.server";

loadDotEnv();
const { values: args } = parseArgs({
  options: {
    bulk: { type: "boolean", default: false },
    businesses: { type: "string", default: "100000" },
    listings: { type: "string", default: "20000" },
    seed: { type: "string", default: "1" },
  },
});
const { DATABASE_URL, DATA_DIR } = env();
const handle = openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
try {
  await handle.migrate();
  const added = await seedDatabase(handle.db, { uploads: storage().uploads });
  console.log(
    `Seeded (${handle.kind}): added ${added.listings} listings, ${added.businesses} businesses, ${added.packages} packages.`,
  );
  if (args.bulk) {
    const bulk = await insertBulkData(handle.db, {
      businesses: Number(args.businesses),
      listings: Number(args.listings),
      seed: Number(args.seed),
    });
    console.log(`Bulk data (${handle.kind}): ${JSON.stringify(bulk)}`);
  }
} finally {
  await handle.close();
}
