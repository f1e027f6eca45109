// Reviews at size (decision 0035): 1,000,000 reviews across the 100,000
// generated businesses, then the pages that read them.
//
//   npx tsx bench/reviews.ts [--db postgres|pglite] [--businesses 100000]
//       [--reviewers 100000] [--per-reviewer 10] [--iterations 200]
//       [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
//
// Creates a throwaway database (bench/bench-database.ts), adds the bulk
// businesses (db/seed/bulk.ts), then in SQL the reviewers and their reviews:
// each reviewer reviews --per-reviewer different businesses, over two years,
// mostly 4 and 5 stars; one in 50 is held for staff, one in 100 was decided by
// staff, one in 1,000 is reported; the first 3,000 reviewers also review one
// popular business. The businesses' counts and star totals are set from the
// reviews as the app keeps them. It times what the pages' loaders ask:
// the directory list with its averages, a business page's reviews in each
// order (the popular business and a typical one) and the staff queue; prints
// the figures, writes them to bench/results/reviews-<db>-<date>.json and drops
// the database. The target: p95 under 50 ms on PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { asc, count, sql } from "drizzle-orm";
import { loadAdminList } from "../app/features/admin/lists/admin-list.server";
import { businessTowns, getBusinessBySlug, searchBusinesses } from "../app/features/directory/businesses.server";
import { parseDirectoryQuery } from "../app/features/directory/directory-query.server";
import { reviewsList } from "../app/features/reviews/reviews-list.server";
import type { ReviewSort } from "../app/features/reviews/review-rules";
import { photosOfReviews } from "../app/features/reviews/photos.server";
import { listReviews } from "../app/features/reviews/reviews.server";
import { PAGE_SIZE } from "../app/lib/list-query";
import { setDatabase, type Database } from "../app/server/db.server";
import { directoryBusiness, review } from "../app/server/schema";
import { insertBulkData } from "../db/seed/bulk";
import { createBenchDatabase, machineInfo } from "./bench-database";
import { percentile, TARGET_P95_MS } from "./browse";

export const REVIEWS_FULL_SIZE = { businesses: 100_000, reviewers: 100_000, perReviewer: 10, iterations: 200 } as const;
export const REVIEWS_SMOKE_SIZE = { businesses: 1_000, reviewers: 500, perReviewer: 4, iterations: 5 } as const;
/** Reviewers who also review the popular business: its page sorts this many reviews. */
const POPULAR_REVIEWERS = 3_000;
const NOW = new Date("2026-11-20T19:00:00Z");

/**
 * The reviewers and their reviews, in SQL on the server: a million rows from
 * JavaScript would take far longer than the queries being timed. Reviewer r's
 * k-th review is of business number (r × 7919 + k × 10007) mod B, which is a
 * different business for each k below 10, so the one-review-per-member index
 * holds.
 */
async function insertReviews(db: Database, reviewers: number, perReviewer: number) {
  await db.execute(sql`
    insert into "user" (id, email, email_verified, full_name, created_at, updated_at)
    select 'bench-reviewer-' || r, 'reviewer' || r || '@example.com', true, 'Reviewer ' || r,
           ${NOW}::timestamptz - interval '800 days', ${NOW}::timestamptz
    from generate_series(0, ${reviewers - 1}) r`);
  const reviewRows = (source: string) => sql`
    insert into review (business_id, user_id, rating, body, status, hold_reasons, fingerprint, network_hash,
                        decided_at, created_at, updated_at)
    select b.id, 'bench-reviewer-' || s.r,
           (array[5, 5, 5, 5, 4, 4, 4, 3, 2, 1])[1 + (s.r * 31 + s.k * 17) % 10],
           'Visit ' || s.k || ' of reviewer ' || s.r || '. ' || repeat('The lamb was tender and the service quick. ', 1 + (s.r + s.k) % 6),
           case when (s.r * 10 + s.k) % 50 = 0 then 'held' when (s.r * 10 + s.k) % 500 = 7 then 'removed' else 'published' end::review_status,
           case when (s.r * 10 + s.k) % 50 = 0 then array['new_account'] else array[]::text[] end,
           md5(s.r || '-' || s.k), md5((s.r % 5000)::text),
           case when (s.r * 10 + s.k) % 100 = 7 then ${NOW}::timestamptz - ((s.r + s.k) % 300) * interval '1 hour' end,
           ${NOW}::timestamptz - ((s.r * 7 + s.k * 13) % 730) * interval '1 day' - (s.r % 1440) * interval '1 minute',
           ${NOW}::timestamptz
    from (${sql.raw(source)}) s
    join (select id, row_number() over (order by id) - 1 as n from directory_business) b on b.n = s.n
    on conflict (business_id, user_id) do nothing`;
  // The businesses in id order: business number n is ids[n].
  const ids = (
    await db.select({ id: directoryBusiness.id }).from(directoryBusiness).orderBy(asc(directoryBusiness.id))
  ).map((row) => row.id);
  // In slices of 100,000 reviews, so neither server nor PGlite holds a million rows' work at once.
  const slice = Math.max(1, Math.floor(100_000 / perReviewer));
  for (let from = 0; from < reviewers; from += slice) {
    const to = Math.min(reviewers, from + slice) - 1;
    await db.execute(
      reviewRows(
        `select r, k, (r * 7919 + k * 10007) % ${ids.length} as n
         from generate_series(${from}, ${to}) r cross join generate_series(0, ${perReviewer - 1}) k`,
      ),
    );
  }
  // The popular business: the first in the directory's order, reviewed by the first reviewers too.
  const [popular] = await db
    .select({ id: directoryBusiness.id })
    .from(directoryBusiness)
    .orderBy(asc(directoryBusiness.name), asc(directoryBusiness.id))
    .limit(1);
  await db.execute(
    reviewRows(
      `select r, 10 as k, ${ids.indexOf(popular!.id)} as n from generate_series(0, ${Math.min(POPULAR_REVIEWERS, reviewers) - 1}) r`,
    ),
  );
  await db.execute(sql`
    insert into review_report (review_id, reason, created_at)
    select id, 'This looks fake to me.', created_at + interval '1 day'
    from review where status = 'published' and id % 1000 = 3`);
  // What applyToAggregate keeps as reviews come and go.
  await db.execute(sql`
    update directory_business d set review_count = s.n, rating_total = s.total
    from (select business_id, count(*)::int as n, sum(rating)::int as total
          from review where status = 'published' group by business_id) s
    where d.id = s.business_id`);
}

interface Scenario {
  name: string;
  run: () => Promise<number>;
}

export async function runReviewsBenchmark(options: {
  db: "postgres" | "pglite";
  businesses: number;
  reviewers: number;
  perReviewer: number;
  iterations: number;
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
    log(`Adding ${options.businesses} businesses…`);
    await insertBulkData(db, { businesses: options.businesses, listings: 0, seed: 1, now: NOW });
    log(`Adding ${options.reviewers} reviewers with ${options.perReviewer} reviews each…`);
    let started = performance.now();
    await insertReviews(db, options.reviewers, options.perReviewer);
    const insertMs = performance.now() - started;
    started = performance.now();
    await db.execute(sql`vacuum (analyze)`);
    const vacuumMs = performance.now() - started;
    setDatabase(bench.handle);

    const [popular] = await db
      .select({ id: directoryBusiness.id, slug: directoryBusiness.slug, reviews: directoryBusiness.reviewCount })
      .from(directoryBusiness)
      .orderBy(asc(directoryBusiness.name), asc(directoryBusiness.id))
      .limit(1);
    const [typical] = await db
      .select({ id: directoryBusiness.id, slug: directoryBusiness.slug, reviews: directoryBusiness.reviewCount })
      .from(directoryBusiness)
      .orderBy(asc(directoryBusiness.id))
      .offset(Math.floor(options.businesses / 2))
      .limit(1);
    const [{ n: reviews } = { n: 0 }] = await db.select({ n: count() }).from(review);

    const lastPage = Math.max(1, Math.ceil(popular!.reviews / PAGE_SIZE));
    const directory = (query: string) => async () => {
      const [result] = await Promise.all([
        searchBusinesses(parseDirectoryQuery(new URLSearchParams(query)), null, NOW),
        businessTowns(),
      ]);
      return result.total;
    };
    /**
     * The business page's reviews: the business's row (with its count and
     * average), one page of reviews, and that page's photos (decision 0093).
     */
    const businessPage =
      (slug: string, id: number, sort: ReviewSort, page = 1) =>
      async () => {
        const [business, rows] = await Promise.all([getBusinessBySlug(slug), listReviews(id, sort, page)]);
        await photosOfReviews(rows.map((r) => r.id));
        return business ? rows.length : 0;
      };
    const scenarios: Scenario[] = [
      { name: "directory list, averages", run: directory("") },
      { name: "directory list, category", run: directory("category=food") },
      { name: "directory list, location", run: directory("location=Bradford") },
      { name: "directory list, search", run: directory("search=grill") },
      {
        name: `popular business (${popular!.reviews}), newest`,
        run: businessPage(popular!.slug, popular!.id, "newest"),
      },
      { name: "popular business, highest", run: businessPage(popular!.slug, popular!.id, "highest") },
      { name: "popular business, lowest", run: businessPage(popular!.slug, popular!.id, "lowest") },
      {
        name: `popular business, last page (${lastPage})`,
        run: businessPage(popular!.slug, popular!.id, "newest", lastPage),
      },
      {
        name: `typical business (${typical!.reviews}), newest`,
        run: businessPage(typical!.slug, typical!.id, "newest"),
      },
      {
        name: "staff queue",
        // The back office's list as it opens: what waits (held or reported), its first page and total.
        run: async () => (await loadAdminList(reviewsList, new Request("http://localhost/admin/reviews"))).rows.length,
      },
    ];
    const warmup = Math.min(20, Math.max(1, Math.round(options.iterations / 10)));
    const results = [];
    for (const scenario of scenarios) {
      for (let i = 0; i < warmup; i++) await scenario.run();
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < options.iterations; i++) {
        const start = performance.now();
        rows = await scenario.run();
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms * 100) / 100;
      const result = {
        name: scenario.name,
        p50Ms: round(percentile(times, 50)),
        p95Ms: round(percentile(times, 95)),
        maxMs: round(times.at(-1) ?? Number.NaN),
        rows,
      };
      results.push(result);
      log(
        `  ${scenario.name.padEnd(36)} p50 ${result.p50Ms.toFixed(1).padStart(7)} ms  p95 ${result.p95Ms.toFixed(1).padStart(7)} ms  (${rows} rows)`,
      );
    }
    return {
      db: options.db,
      date: new Date().toISOString(),
      machine: await machineInfo(bench.handle),
      sizes: { businesses: options.businesses, reviewers: options.reviewers, reviews },
      iterations: options.iterations,
      setupMs: { insertReviews: Math.round(insertMs), vacuumAnalyze: Math.round(vacuumMs) },
      targetP95Ms: TARGET_P95_MS,
      scenarios: results,
    };
  } finally {
    setDatabase(undefined);
    await bench.destroy();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "postgres" },
      businesses: { type: "string", default: String(REVIEWS_FULL_SIZE.businesses) },
      reviewers: { type: "string", default: String(REVIEWS_FULL_SIZE.reviewers) },
      "per-reviewer": { type: "string", default: String(REVIEWS_FULL_SIZE.perReviewer) },
      iterations: { type: "string", default: String(REVIEWS_FULL_SIZE.iterations) },
      "postgres-url": { type: "string" },
    },
  });
  const db = values.db === "pglite" ? "pglite" : "postgres";
  const result = await runReviewsBenchmark({
    db,
    businesses: Number(values.businesses),
    reviewers: Number(values.reviewers),
    perReviewer: Math.min(10, Number(values["per-reviewer"])),
    iterations: Number(values.iterations),
    postgresUrl: values["postgres-url"] ?? process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL,
  });
  console.log(
    `${result.sizes.reviews} reviews of ${result.sizes.businesses} businesses; reviews added in ${(result.setupMs.insertReviews / 1000).toFixed(1)} s. Target: p95 under ${TARGET_P95_MS} ms.`,
  );
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `reviews-${db}-${result.date.slice(0, 10)}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Written to ${path.relative(process.cwd(), file)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
