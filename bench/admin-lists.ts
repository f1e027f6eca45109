// The back office's lists at size (issue #46, decision 0075): 100,000 rows in
// each table a list reads, then every list the back office can export, timed
// as its page loads it (the count and one page of rows): the first page, the
// last page, a search, each other sort and each filter's first value.
//
//   npx tsx bench/admin-lists.ts [--db postgres|pglite] [--rows 100000] [--iterations 50]
//       [--postgres-url postgres://postgres@127.0.0.1:5432/postgres] [--apply file.sql]
//
// Creates a throwaway database (bench/bench-database.ts), adds the bulk
// businesses and listings (db/seed/bulk.ts), then in SQL the members,
// enquiries, e-mails, subscriptions, audit entries, reviews, threads and
// claims; prints the figures, writes them to
// bench/results/admin-lists-<db>-<date>.json and drops the database.
// The target: p95 under 100 ms on PostgreSQL.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { loadAdminList, type AdminList } from "../app/features/admin/lists/admin-list.server";
import { PAGE_SIZE, type FilterValues } from "../app/features/admin/lists/list-params";
import { adminLists } from "../app/features/admin/lists/registry.server";
import { setDatabase, type Database } from "../app/server/db.server";
import { insertBulkData } from "../db/seed/bulk";
import { createBenchDatabase, machineInfo } from "./bench-database";
import { percentile } from "./browse";

export const ADMIN_LISTS_TARGET_P95_MS = 100;
export const ADMIN_LISTS_FULL_SIZE = { rows: 100_000, iterations: 50 } as const;
export const ADMIN_LISTS_SMOKE_SIZE = { rows: 1_000, iterations: 3 } as const;
const NOW = new Date("2026-11-20T19:00:00Z");

/** What staff might type into each list's search box, found in the generated rows. */
const SEARCHES: Record<string, string> = {
  users: "member 4242",
  enquiries: "HBS-004242",
  listings: "bakery",
  outbox: "user4242@",
  subscriptions: "user4242@",
  audit: "listing.approve",
  directory: "grill",
  claims: "user4242@",
  messages: "user4242@",
  reviews: "user4242@",
};

/** A value for each filter that takes any value passing a test, rather than a few named ones. */
const FILTER_SAMPLES: Record<string, string> = { "audit.actor": "stripe" };

/** Every table the lists read, `rows` rows each, in SQL on the server. */
async function insertRows(db: Database, rows: number) {
  const last = rows - 1;
  const at = (days: string) => sql`${NOW}::timestamptz - (${sql.raw(days)}) * interval '1 minute'`;
  await db.execute(sql`
    insert into "user" (id, email, email_verified, full_name, role, banned, created_at, updated_at)
    select 'bench-user-' || i, 'user' || i || '@example.com', i % 3 > 0, 'Member ' || i,
           case when i % 1000 = 0 then 'admin' else 'user' end, i % 50 = 0, ${at("i * 5")}, ${NOW}::timestamptz
    from generate_series(0, ${last}) i`);
  const kinds = ["listing_interest", "package_interest", "contact", "listing_submission", "business_report"];
  await db.execute(sql`
    insert into enquiry (kind, user_id, subject, fields, status, created_at, updated_at)
    select (${sql.raw(`array['${kinds.join("','")}']`)})[1 + i % 5]::enquiry_kind, 'bench-user-' || i,
           'Enquiry ' || i || ' about a business',
           jsonb_build_object('name', 'Member ' || i, 'email', 'user' || i || '@example.com', 'message', 'Is it still for sale?'),
           (array['new', 'in_progress', 'closed'])[1 + i % 3]::enquiry_status, ${at("i * 3")}, ${NOW}::timestamptz
    from generate_series(0, ${last}) i`);
  await db.execute(sql`
    insert into outbox (kind, payload, attempts, next_attempt_at, last_error, sent_at, created_at)
    select 'email', jsonb_build_object('to', 'user' || i || '@example.com', 'subject', 'Your enquiry ' || i, 'text', 'Thank you'),
           i % 7, ${NOW}::timestamptz + interval '1 hour',
           case when i % 20 = 0 then '421 try again later' end,
           case when i % 20 <> 0 then ${at("i * 2")} end, ${at("i * 2 + 1")}
    from generate_series(0, ${last}) i`);
  // Half the pending ones made by staff (no checkout), so that the list's "pending" and its default
  // page, which leave out checkouts left open over a day (decision 0079), still have rows to read.
  await db.execute(sql`
    insert into subscription (user_id, package_name, package_type, status, price_pence, start_date, end_date,
                              stripe_checkout_session_id, created_at, updated_at)
    select 'bench-user-' || i, (array['The Starter Package', 'The Growth Package', 'Business optimisation'])[1 + i % 3],
           (case when i % 3 = 2 then 'service' else 'promotion' end)::package_type,
           (array['active', 'pending', 'cancelled', 'expired'])[1 + i % 4], 999 + (i % 5) * 1000,
           ${at("i * 4")}, ${at("i * 4 - 43200")}, case when i % 8 <> 1 then 'cs_test_' || i end, ${at("i * 4")},
           ${NOW}::timestamptz
    from generate_series(0, ${last}) i`);
  await db.execute(sql`
    insert into audit_log (actor_id, actor_email, action, entity_type, entity_id, before, after, created_at)
    select 'bench-user-' || (i % 100 * 10 % ${rows}), 'user' || (i % 100 * 10 % ${rows}) || '@example.com',
           (array['listing.approve', 'listing.edit', 'user.ban', 'business.edit', 'review.remove'])[1 + i % 5],
           (array['listing', 'listing', 'user', 'business', 'review'])[1 + i % 5], (i % 20000)::text,
           jsonb_build_object('askingPricePence', 8500000), jsonb_build_object('askingPricePence', 7900000), ${at("i")}
    from generate_series(0, ${last}) i`);
  // Businesses and listings by number, as the bulk data made them.
  const numbered = (table: string) => sql.raw(`(select id, row_number() over (order by id) - 1 as n from ${table})`);
  await db.execute(sql`
    insert into review (business_id, user_id, rating, body, status, hold_reasons, fingerprint, network_hash,
                        decided_at, created_at, updated_at)
    select b.id, 'bench-user-' || b.n, 1 + b.n % 5, 'The lamb was tender and the service quick, visit ' || b.n,
           (case when b.n % 50 = 0 then 'held' when b.n % 500 = 7 then 'removed' else 'published' end)::review_status,
           case when b.n % 50 = 0 then array['new_account'] else array[]::text[] end, md5(b.n::text), md5((b.n % 5000)::text),
           case when b.n % 100 = 7 then ${at("b.n")} end, ${at("b.n * 5")}, ${NOW}::timestamptz
    from ${numbered("directory_business")} b where b.n <= ${last}`);
  await db.execute(sql`
    insert into business_claim (business_id, user_id, method, status, documents, created_at, updated_at)
    select b.id, 'bench-user-' || b.n, (case when b.n % 2 = 0 then 'documents' else 'code' end)::business_claim_method,
           (array['pending', 'approved', 'rejected', 'code_sent'])[1 + b.n % 4]::business_claim_status,
           '["lease.pdf"]'::jsonb, ${at("b.n * 5")}, ${at("b.n * 5")}
    from ${numbered("directory_business")} b where b.n <= ${last}`);
  await db.execute(sql`
    insert into message_thread (listing_id, buyer_id, seller_id, last_message_at, created_at)
    select l.id, 'bench-user-' || l.n, case when l.n % 4 > 0 then 'bench-user-' || (${last} - l.n) end,
           ${at("l.n * 3")}, ${at("l.n * 3 + 60")}
    from ${numbered("business_listing")} l where l.n <= ${last}`);
  await db.execute(sql`
    insert into thread_report (thread_id, reporter_id, reason, status, created_at)
    select t.id, t.buyer_id, 'Asked for payment outside HBS', (case when t.id % 2 = 0 then 'open' else 'resolved' end)::thread_report_status,
           t.created_at from message_thread t where t.id % 100 = 0`);
}

interface Scenario {
  name: string;
  search: URLSearchParams;
}

/** The first and last page, a search, each other sort and each filter's first value. */
async function scenariosOf(list: AdminList<unknown>): Promise<Scenario[]> {
  const { spec } = list;
  const total = (await loadAdminList(list, new Request("http://bench/"))).total;
  const lastPage = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const scenarios: Scenario[] = [
    { name: "first page", search: new URLSearchParams() },
    { name: `last page (${lastPage})`, search: new URLSearchParams({ page: String(lastPage) }) },
    {
      name: `search "${SEARCHES[list.name] ?? "example"}"`,
      search: new URLSearchParams({ q: SEARCHES[list.name] ?? "example" }),
    },
  ];
  for (const sort of spec.sorts.filter((s) => s !== spec.defaultSort)) {
    const dir = spec.defaultDirection === "desc" ? "asc" : "desc";
    scenarios.push({ name: `by ${sort} ${dir}`, search: new URLSearchParams({ sort, dir }) });
  }
  for (const [name, values] of Object.entries<FilterValues>(spec.filters)) {
    const value = typeof values === "function" ? FILTER_SAMPLES[`${list.name}.${name}`] : values[0];
    if (value) scenarios.push({ name: `${name}=${value}`, search: new URLSearchParams({ [name]: value }) });
  }
  return scenarios;
}

export interface AdminListsOptions {
  db: "pglite" | "postgres";
  rows: number;
  iterations: number;
  postgresUrl?: string;
  /** PGlite only: "memory://", or a folder; default a new temporary folder, removed after. */
  pgliteDir?: string;
  apply?: string;
  log?: (line: string) => void;
}

export async function runAdminListsBenchmark(options: AdminListsOptions) {
  const log = options.log ?? console.log;
  const bench = await createBenchDatabase(options);
  try {
    const { db } = bench.handle;
    await bench.handle.migrate();
    if (options.apply) await db.execute(sql.raw(fs.readFileSync(options.apply, "utf8")));
    const setupStart = performance.now();
    await insertBulkData(db, { businesses: options.rows, listings: options.rows, seed: 1, now: NOW });
    await insertRows(db, options.rows);
    await db.execute(sql`vacuum analyze`);
    const setupMs = Math.round(performance.now() - setupStart);
    log(`${options.rows} rows a table in ${(setupMs / 1000).toFixed(1)} s`);
    setDatabase(bench.handle);

    const results = [];
    for (const list of Object.values(adminLists)) {
      for (const scenario of await scenariosOf(list)) {
        const request = new Request(`http://bench/admin/${list.name}?${scenario.search}`);
        const run = async () => {
          const page = await loadAdminList(list, request);
          return page.rows.length;
        };
        for (let i = 0; i < Math.min(5, options.iterations); i++) await run();
        const times: number[] = [];
        let rows = 0;
        for (let i = 0; i < options.iterations; i++) {
          const start = performance.now();
          rows = await run();
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        const round = (ms: number) => Math.round(ms * 100) / 100;
        const result = {
          list: list.name,
          name: scenario.name,
          p50Ms: round(percentile(times, 50)),
          p95Ms: round(percentile(times, 95)),
          maxMs: round(times.at(-1) ?? Number.NaN),
          rows,
        };
        results.push(result);
        const over = result.p95Ms > ADMIN_LISTS_TARGET_P95_MS ? "  OVER" : "";
        log(
          `  ${`${list.name}: ${scenario.name}`.padEnd(44)} p50 ${result.p50Ms.toFixed(1).padStart(7)} ms  p95 ${result.p95Ms.toFixed(1).padStart(7)} ms  (${rows} rows)${over}`,
        );
      }
    }
    return {
      db: options.db,
      date: new Date().toISOString(),
      machine: await machineInfo(bench.handle),
      rowsPerTable: options.rows,
      iterations: options.iterations,
      setupMs,
      targetP95Ms: ADMIN_LISTS_TARGET_P95_MS,
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
      rows: { type: "string", default: String(ADMIN_LISTS_FULL_SIZE.rows) },
      iterations: { type: "string", default: String(ADMIN_LISTS_FULL_SIZE.iterations) },
      "postgres-url": { type: "string" },
      apply: { type: "string" },
    },
  });
  const db = values.db === "pglite" ? "pglite" : "postgres";
  const result = await runAdminListsBenchmark({
    db,
    rows: Number(values.rows),
    iterations: Number(values.iterations),
    postgresUrl: values["postgres-url"] ?? process.env.BENCH_POSTGRES_URL ?? process.env.TEST_POSTGRES_URL,
    apply: values.apply,
  });
  const over = result.scenarios.filter((s) => s.p95Ms > ADMIN_LISTS_TARGET_P95_MS);
  console.log(
    `${result.scenarios.length} scenarios; ${over.length} over the target of p95 ${ADMIN_LISTS_TARGET_P95_MS} ms.`,
  );
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `admin-lists-${db}-${result.date.slice(0, 10)}.json`);
  fs.writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`Written to ${path.relative(process.cwd(), file)}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
