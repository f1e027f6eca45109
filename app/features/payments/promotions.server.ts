// Paid promotion switched on and off (decision 0026). A business or listing
// is promoted while an active subscription for it runs: its strongest
// package's level, written to its `promotion` column, which the public lists
// and the home page read. Staff's own `featured` flag is never touched.
import { sql } from "drizzle-orm";
import type { Database } from "~/server/db.server";

type Executor = Pick<Database, "execute">;

/**
 * Brings every business's and listing's `promotion` in line with the active
 * subscriptions at `now`: called after each applied webhook event and by the
 * hourly job, so a period's end switches the promotion off by itself.
 */
export async function syncPromotions(tx: Executor, now: Date) {
  const at = now.toISOString();
  for (const [table, column] of [
    ["directory_business", "business_id"],
    ["business_listing", "listing_id"],
  ] as const) {
    // Only the promoted rows and the paid-for ones are visited (partial and foreign-key indexes).
    await tx.execute(sql`
      with paid as (
        select s.${sql.identifier(column)} as id, max(p.promotion) as level
        from subscription s join service_package p on p.id = s.package_id
        where s.status = 'active' and s.end_date > ${at}::timestamptz and s.start_date <= ${at}::timestamptz
          and s.${sql.identifier(column)} is not null and p.promotion is not null
        group by 1
      ), wanted as (
        select id, level from paid
        union all
        select x.id, null from ${sql.identifier(table)} x
        where x.promotion is not null and x.id not in (select id from paid)
      )
      update ${sql.identifier(table)} t set promotion = wanted.level
      from wanted
      where t.id = wanted.id and t.promotion is distinct from wanted.level`);
  }
}
