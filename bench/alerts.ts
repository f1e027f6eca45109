// Saved searches' alerts at size (decision 0031): 100 new listings matched
// against 10,000 saved searches, on /buy's own WHERE.
//
//   npx tsx bench/alerts.ts [--db postgres|pglite] [--searches 10000] [--new 100]
//       [--listings 20000] [--runs 3] [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
//
// Creates a throwaway database (bench/bench-database.ts), adds the bulk
// listings (db/seed/bulk.ts) published before now, 10,000 saved searches of
// 2,000 members with a mix of /buy's filters, then 100 listings published
// since the searches were last checked. It times matchSearches over every
// search (the job's matching, --runs times) and then one whole instant run
// (runAlerts: matching, recording what is sent and queueing the e-mails),
// prints the figures, writes them to bench/results/alerts-<db>-<date>.json and
// drops the database. The target: the whole run under 10 s on PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { count, sql } from "drizzle-orm";
import { matchSearches, runAlerts } from "../app/features/alerts/alerts.server";
import { listingCategoryCodes } from "../app/lib/categories";
import { setDatabase } from "../app/server/db.server";
import { businessListing, outbox, savedSearch, user } from "../app/server/schema";
import { BULK_TOWNS, bulkListing, bulkListingFacts, createRandom, insertBulkData } from "../db/seed/bulk";
import { createBenchDatabase, machineInfo } from "./bench-database";

export const TARGET_MS = 10_000;
const MINUTE = 60_000;
const WORDS = ["takeaway", "grill", "bakery", "butcher", "cafe", "restaurant", "grocery", "salon", "family", "busy"];

/** A saved search's query string, as canonicalListingQuery writes it, with a realistic mix of filters. */
function randomQuery(random: ReturnType<typeof createRandom>): string {
  const params = new URLSearchParams();
  if (random.chance(0.3)) params.set("search", random.pick(WORDS));
  if (random.chance(0.6)) params.set("category", random.pick(listingCategoryCodes));
  if (random.chance(0.5)) params.set("location", random.pick(BULK_TOWNS).name);
  if (random.chance(0.4)) params.set("min-price", String(random.int(1, 20) * 10_000));
  if (random.chance(0.4)) params.set("max-price", String(random.int(21, 90) * 10_000));
  if (random.chance(0.2)) params.set("min-turnover", String(random.int(5, 50) * 10_000));
  if (random.chance(0.1)) params.set("tenure", random.pick(["leasehold", "freehold"]));
  if (random.chance(0.1)) params.set("accommodation", "yes");
  if (random.chance(0.1)) params.set("under-offer", "hide");
  return params.toString();
}

export async function runAlertsBenchmark(options: {
  db: "postgres" | "pglite";
  searches: number;
  fresh: number;
  listings: number;
  runs: number;
  postgresUrl?: string;
  /** PGlite only: "memory://", or a folder; default a new temporary folder, removed after. */
  pgliteDir?: string;
  log?: (line: string) => void;
}) {
  const log = options.log ?? console.log;
  const bench = await createBenchDatabase(options);
  try {
    const { db } = bench.handle;
    await bench.handle.migrate();
    setDatabase(bench.handle);
    const checked = new Date();
    log(`Adding ${options.listings} listings published before ${checked.toISOString()}…`);
    await insertBulkData(db, {
      businesses: 0,
      listings: options.listings,
      seed: 1,
      now: new Date(checked.getTime() - MINUTE),
    });

    const random = createRandom(7);
    const members = Math.ceil(options.searches / 5);
    log(`Adding ${options.searches} saved searches of ${members} members…`);
    for (let from = 0; from < members; from += 1_000) {
      const ids = Array.from({ length: Math.min(1_000, members - from) }, (_, i) => `bench-${from + i}`);
      await db.insert(user).values(ids.map((id) => ({ id, email: `${id}@example.com`, emailVerified: true })));
    }
    for (let from = 0; from < options.searches; from += 1_000) {
      const rows = Array.from({ length: Math.min(1_000, options.searches - from) }, (_, i) => ({
        userId: `bench-${(from + i) % members}`,
        name: `Search ${from + i}`,
        query: randomQuery(random),
        frequency: "instant" as const,
        createdAt: new Date(checked.getTime() - 7 * 24 * 60 * MINUTE),
        checkedThrough: checked,
      }));
      await db.insert(savedSearch).values(rows);
    }

    log(`Publishing ${options.fresh} new listings…`);
    const listingRandom = createRandom(99);
    const fresh = Array.from({ length: options.fresh }, (_, i) => {
      const row = bulkListing(listingRandom, options.listings + i + 1, checked);
      const publishedAt = new Date(checked.getTime() + (i + 1) * 1_000);
      return { ...row, ...bulkListingFacts(listingRandom, row, checked), status: "published" as const, publishedAt };
    });
    await db.insert(businessListing).values(fresh);
    await db.execute(sql`vacuum analyze`);

    const now = new Date(checked.getTime() + 5 * MINUTE);
    const due = await db
      .select({ id: savedSearch.id, query: savedSearch.query, checkedThrough: savedSearch.checkedThrough })
      .from(savedSearch);
    const toMatch = due.map((s) => ({
      id: s.id,
      query: s.query,
      since: new Date(s.checkedThrough.getTime() - 60 * MINUTE),
    }));
    const matchMs: number[] = [];
    let pairs = 0;
    let searchesMatched = 0;
    for (let run = 0; run < options.runs; run++) {
      const started = performance.now();
      const matches = await matchSearches(db, toMatch, now);
      matchMs.push(performance.now() - started);
      searchesMatched = matches.size;
      pairs = [...matches.values()].reduce((sum, ids) => sum + ids.length, 0);
    }
    const started = performance.now();
    const queued = await runAlerts(db, "instant", now);
    const wholeRunMs = performance.now() - started;
    const [mails] = await db.select({ n: count() }).from(outbox);
    const result = {
      db: options.db,
      date: new Date().toISOString(),
      machine: await machineInfo(bench.handle),
      searches: options.searches,
      newListings: options.fresh,
      listings: options.listings,
      searchesMatched,
      matchedPairs: pairs,
      matchMs: matchMs.map((ms) => Math.round(ms)),
      wholeRunMs: Math.round(wholeRunMs),
      emailsQueued: queued,
      outboxRows: mails?.n ?? 0,
      targetMs: TARGET_MS,
    };
    log(
      `Matching ${options.fresh} new listings against ${options.searches} searches: ${result.matchMs.join(" / ")} ms ` +
        `(${pairs} matches in ${searchesMatched} searches); whole instant run with e-mails: ${result.wholeRunMs} ms, ` +
        `${queued} e-mails queued. Target: under ${TARGET_MS} ms.`,
    );
    return result;
  } finally {
    setDatabase(undefined);
    await bench.destroy();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "postgres" },
      searches: { type: "string", default: "10000" },
      new: { type: "string", default: "100" },
      listings: { type: "string", default: "20000" },
      runs: { type: "string", default: "3" },
      "postgres-url": { type: "string" },
    },
  });
  const db = values.db === "pglite" ? "pglite" : "postgres";
  const result = await runAlertsBenchmark({
    db,
    searches: Number(values.searches),
    fresh: Number(values.new),
    listings: Number(values.listings),
    runs: Number(values.runs),
    postgresUrl: values["postgres-url"] ?? process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL,
  });
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `alerts-${db}-${result.date.slice(0, 10)}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Written to ${path.relative(process.cwd(), file)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
