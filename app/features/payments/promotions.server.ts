// Paid promotion switched on and off (decision 0026). A business or listing
// is promoted while an active subscription for it runs: its strongest
// package's level, written to its `promotion` column, which the public lists
// and the home page read. Staff's own `featured` flag is never touched.
import { sql } from "drizzle-orm";
import { recordAudit } from "~/server/audit.server";
import type { Database } from "~/server/db.server";

type Executor = Pick<Database, "execute" | "insert">;
type Level = "showcase" | "spotlight" | null;

const subjects = [
  { table: "directory_business", column: "business_id", entityType: "business", action: "business.promotion" },
  { table: "business_listing", column: "listing_id", entityType: "listing", action: "listing.promotion" },
] as const;

/**
 * Brings every business's and listing's `promotion` in line with the active
 * subscriptions at `now`: called after each applied webhook event and by the
 * hourly job, so a period's end switches the promotion off by itself. Each
 * promotion switched on, changed or off is audited as `actor`'s doing (the
 * Stripe event's, or the job's), so run it in the transaction of the change.
 */
export async function syncPromotions(tx: Executor, now: Date, actor: string) {
  const at = now.toISOString();
  for (const { table, column, entityType, action } of subjects) {
    // Only the promoted rows and the paid-for ones are visited (partial and foreign-key indexes).
    // `was` is the row as the statement found it: what the promotion was, for the audit log.
    const result = await tx.execute(sql`
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
      from wanted join ${sql.identifier(table)} was on was.id = wanted.id
      where t.id = wanted.id and t.promotion is distinct from wanted.level
      returning t.id, was.promotion as before, t.promotion as after`);
    const changed = (result as unknown as { rows: { id: number; before: Level; after: Level }[] }).rows;
    for (const row of changed) {
      await recordAudit(tx, actor, {
        action,
        entityType,
        entityId: row.id,
        before: { promotion: row.before },
        after: { promotion: row.after },
      });
    }
  }
}
