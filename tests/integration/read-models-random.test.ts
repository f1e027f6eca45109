// Every read model (app/server/read-models) kept as a rebuild would leave it,
// on PGlite or PostgreSQL: random writes of every kind the site makes to the
// tables they are kept from — businesses added, edited, published, moved,
// featured, renamed, renumbered, removed in bulk and truncated; their hours
// and exceptions replaced, edited and moved; listings; reviews saved,
// decided and deleted; promotion bought and the clock moved on past it, with
// the hourly housekeeping — and then a rebuild from the sources must change
// nothing a reader sees. A trigger removed, or a path that forgets one, fails
// it (docs/design/read-models.md says how each trigger was removed in turn).
//
// No read model depends on the time in SQL: "open now" compares the minute
// with them when it is read. The clock moves only the jobs that write their
// sources (promotion ending, housekeeping) and the reviews' checks.
//
// The writes are drawn from fixed seeds, so a run is the same every time; a
// failure names its seed and lists the writes that led to it.
import crypto from "node:crypto";
import { eq, inArray, isNotNull, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/features/account/session.server";
import { stripeEventActor } from "../../app/lib/audit-actions";
import { saveDirectoryBusiness } from "../../app/features/admin/directory.server";
import { businessSchema } from "../../app/features/admin/schemas";
import { SUBSCRIPTION_EXPIRY_ACTOR } from "../../app/features/admin/subscriptions.server";
import { changeUser } from "../../app/features/admin/users.server";
import { compactDirectoryCounts } from "../../app/features/directory/counts.server";
import { replaceSchedule } from "../../app/features/directory/hours.server";
import { parseExceptions } from "../../app/features/directory/hours-input";
import { syncPromotions } from "../../app/features/payments/promotions.server";
import { decideReview } from "../../app/features/reviews/moderation.server";
import { reviewSchema } from "../../app/features/reviews/review-rules";
import { deleteReview, saveReview } from "../../app/features/reviews/reviews.server";
import { listingCategoryCodes } from "../../app/lib/categories";
import { setDatabase, type Database } from "../../app/server/db.server";
import { readModels, rebuildReadModels, type ReadModel } from "../../app/server/read-models";
import {
  businessHours,
  businessHoursException,
  businessListing,
  directoryBusiness,
  review,
  servicePackage,
  subscription,
  user,
} from "../../app/server/schema";
import { createRandom } from "../../db/seed/bulk";
import { weeklyPeriods } from "../helpers/directory-fixtures";
import { createTestDatabase, type TestDatabase } from "../helpers/test-database";

const SEEDS = [1, 2, 3];
/** Writes in each seed's sequence, with a rebuild compared after every CHECK_EVERY. */
const WRITES = 150;
const CHECK_EVERY = 50;
/** The clock the writes start from: a Monday, London time. */
const START = new Date("2030-01-07T09:00:00Z");
const HOUR_MS = 60 * 60 * 1000;

/** The bulk seed's generator (mulberry32): the same writes from the same seed, and `some` of a list. */
function randomFrom(seed: number) {
  const random = createRandom(seed);
  return {
    ...random,
    /** Up to `max` of `items`, each once. */
    some: <T>(items: readonly T[], max: number): T[] => {
      const left = [...items];
      return Array.from(
        { length: Math.min(random.int(1, max), left.length) },
        () => left.splice(random.int(0, left.length - 1), 1)[0]!,
      );
    },
  };
}
type Random = ReturnType<typeof randomFrom>;

// ---------------------------------------------------------------------------
// What the writes are made of
// ---------------------------------------------------------------------------

// Syllables make new words often and the same word now and then; the endings
// and punctuation are split off as the words' arrays split them.
const SYLLABLES = ["ka", "bab", "zor", "mi", "lan", "tik", "ra", "shu", "del", "qu", "om", "pé"];
const ENDINGS = ["Grill", "Café", "Butchers", "& Sons", "Bakery", "Al-Noor's", "Travel"];
// The same town in other cases: a period's town_key follows lower(town) only.
const TOWNS = ["Leeds", "LEEDS", "leeds", "Bradford", "York", "Cardiff", "Birmingham"];
// A day's hours as staff type them: shut, ordinary, split, past midnight, all day.
const DAYS = ["", "", "", "09:00-17:00", "10:00-14:00, 17:00-23:00", "18:00-02:00", "20:00-03:00", "00:00-24:00"];

const word = (r: Random) => Array.from({ length: r.int(1, 3) }, () => r.pick(SYLLABLES)).join("");
const title = (r: Random) => {
  const words = Array.from({ length: r.int(1, 3) }, () => word(r));
  return `${words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(" ")}${r.chance(0.5) ? ` ${r.pick(ENDINGS)}` : ""}`;
};
/** A week's hours, a day a line; now and then none at all. */
const week = (r: Random) =>
  r.chance(0.15) ? Array<string>(7).fill("") : Array.from({ length: 7 }, () => r.pick(DAYS));
const minuteOfDay = (r: Random) => r.int(0, 47) * 30;
/** Dated exceptions as staff type them, a line each. */
const exceptionLines = (r: Random) =>
  Array.from(
    new Set(Array.from({ length: r.int(0, 2) }, () => `2030-01-${String(r.int(6, 20)).padStart(2, "0")}`)),
    (day) => `${day} ${r.pick(["closed", "12:00-16:00", "18:00-01:00"])} ${r.pick(["Eid", "", "Stocktake"])}`.trim(),
  ).join("\n");
const halalFacts = (r: Random) => ({
  halalStatus: r.pick([null, "fully_halal", "halal_options"] as const),
  halalCertifierBody: r.pick([null, "hmc", "hfa"] as const),
  alcoholServed: r.pick([null, true, false]),
});

/** A business as staff's form sends it, parsed by the form's own schema. */
function businessEdit(r: Random) {
  const facts = halalFacts(r);
  const days = week(r);
  return businessSchema.parse({
    name: title(r),
    category: r.pick(["food", "other"]),
    description: "Written by the read models' random test.",
    town: r.pick(TOWNS),
    published: r.chance(0.7),
    featured: r.chance(0.3),
    halalStatus: facts.halalStatus ?? undefined,
    halalCertifierBody: facts.halalCertifierBody ?? undefined,
    alcoholServed: facts.alcoholServed === null ? undefined : facts.alcoholServed ? "yes" : "no",
    ...Object.fromEntries(days.map((day, i) => [`hours${i + 1}`, day])),
    hoursExceptions: exceptionLines(r),
  });
}

function exceptionsOf(text: string) {
  const parsed = parseExceptions(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

// ---------------------------------------------------------------------------
// The writes
// ---------------------------------------------------------------------------

interface World {
  r: Random;
  db: Database;
  now: Date;
  staff: SessionUser;
  members: string[];
  promotions: { id: number; name: string }[];
}

/** The rows a query returns, on PGlite or PostgreSQL. */
const rowsOf = async <T>(db: Database, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Up to `max` ids of the rows of `table` that `where` keeps, drawn at random: none when there are none. */
async function draw(w: World, db: Database, table: PgTable, max: number, where: SQL = sql`true`) {
  const rows = await rowsOf<{ id: number }>(db, sql`select id from ${table} where ${where} order by id`);
  return w.r.some(
    rows.map((row) => row.id),
    max,
  );
}

/**
 * Writes of one or a few statements, each on its own or several in one
 * transaction (`db` is then the transaction). Each returns what it did, for
 * the log, or null when there was nothing to do it to.
 */
const statements: Record<string, (w: World, db: Database) => Promise<string | null>> = {
  async publishedToggled(w, db) {
    const some = await draw(w, db, directoryBusiness, 4);
    if (!some.length) return null;
    await db
      .update(directoryBusiness)
      .set({ published: sql`not ${directoryBusiness.published}` })
      .where(inArray(directoryBusiness.id, some));
    return `published flipped on businesses ${some.join(", ")}`;
  },
  async categoryMoved(w, db) {
    const some = await draw(w, db, directoryBusiness, 4);
    if (!some.length) return null;
    const category = w.r.pick(["food", "other"] as const);
    await db.update(directoryBusiness).set({ category }).where(inArray(directoryBusiness.id, some));
    return `businesses ${some.join(", ")} moved to ${category}`;
  },
  async featuredToggled(w, db) {
    const some = await draw(w, db, directoryBusiness, 4);
    if (!some.length) return null;
    await db
      .update(directoryBusiness)
      .set({ featured: sql`not ${directoryBusiness.featured}` })
      .where(inArray(directoryBusiness.id, some));
    return `featured flipped on businesses ${some.join(", ")}`;
  },
  async renamed(w, db) {
    const [id] = await draw(w, db, directoryBusiness, 1);
    if (id === undefined) return null;
    const name = title(w.r);
    await db.update(directoryBusiness).set({ name }).where(eq(directoryBusiness.id, id));
    return `business ${id} renamed "${name}"`;
  },
  async townMoved(w, db) {
    const some = await draw(w, db, directoryBusiness, 3);
    if (!some.length) return null;
    const town = w.r.pick(TOWNS);
    await db.update(directoryBusiness).set({ town }).where(inArray(directoryBusiness.id, some));
    return `businesses ${some.join(", ")} moved to "${town}"`;
  },
  async halalChanged(w, db) {
    const some = await draw(w, db, directoryBusiness, 2);
    if (!some.length) return null;
    const facts = halalFacts(w.r);
    await db.update(directoryBusiness).set(facts).where(inArray(directoryBusiness.id, some));
    return `businesses ${some.join(", ")} now ${JSON.stringify(facts)}`;
  },
  async nothingChanged(w, db) {
    const some = await draw(w, db, directoryBusiness, 3);
    await db
      .update(directoryBusiness)
      .set({ description: sql`${directoryBusiness.description}` })
      .where(inArray(directoryBusiness.id, some));
    await db
      .update(businessHours)
      .set({ weekday: 1 })
      .where(sql`false`);
    return `businesses ${some.join(", ") || "none"} written unchanged; no period written`;
  },
  async periodEdited(w, db) {
    const [id] = await draw(w, db, businessHours, 1);
    if (id === undefined) return null;
    const [weekday, opensMinute, closesMinute] = [w.r.int(1, 7), minuteOfDay(w.r), minuteOfDay(w.r)];
    await db.update(businessHours).set({ weekday, opensMinute, closesMinute }).where(eq(businessHours.id, id));
    return `period ${id} now day ${weekday}, ${opensMinute}–${closesMinute}`;
  },
  async periodMoved(w, db) {
    const [id] = await draw(w, db, businessHours, 1);
    const [to] = await draw(w, db, directoryBusiness, 1);
    if (id === undefined || to === undefined) return null;
    await db.update(businessHours).set({ businessId: to }).where(eq(businessHours.id, id));
    return `period ${id} moved to business ${to}`;
  },
  async periodsAdded(w, db) {
    const some = await draw(w, db, directoryBusiness, 3);
    const periods = some.flatMap((businessId) =>
      weeklyPeriods(week(w.r)).map((p) => ({ ...p, businessId, published: w.r.chance(0.5), category: "sent" })),
    );
    if (!periods.length) return null;
    // Whatever the application sends for the copies, the trigger overwrites.
    await db.insert(businessHours).values(periods);
    return `${periods.length} periods added to businesses ${some.join(", ")}`;
  },
  async periodsDeleted(w, db) {
    const some = await draw(w, db, businessHours, 5);
    if (!some.length) return null;
    await db.delete(businessHours).where(inArray(businessHours.id, some));
    return `periods ${some.join(", ")} deleted`;
  },
  async exceptionsWritten(w, db) {
    const [id] = await draw(w, db, directoryBusiness, 1);
    if (id === undefined) return null;
    await db.delete(businessHoursException).where(eq(businessHoursException.businessId, id));
    const exceptions = exceptionsOf(exceptionLines(w.r));
    if (exceptions.length) {
      await db.insert(businessHoursException).values(exceptions.map((e) => ({ ...e, businessId: id })));
    }
    return `business ${id}'s exceptions now ${exceptions.length}`;
  },
  async businessesInserted(w, db) {
    // As the bulk seed writes them: the businesses in one statement, their periods in another.
    const rows = Array.from({ length: w.r.int(1, 4) }, () => ({
      slug: `random-${crypto.randomUUID()}`,
      name: title(w.r),
      category: w.r.pick(["food", "other"] as const),
      description: "-",
      town: w.r.pick(TOWNS),
      published: w.r.chance(0.7),
      featured: w.r.chance(0.3),
      ...halalFacts(w.r),
    }));
    const added = await db.insert(directoryBusiness).values(rows).returning({ id: directoryBusiness.id });
    const periods = added.flatMap(({ id }) => weeklyPeriods(week(w.r)).map((p) => ({ ...p, businessId: id })));
    if (periods.length) await db.insert(businessHours).values(periods);
    return `businesses ${added.map((b) => b.id).join(", ")} inserted, with ${periods.length} periods`;
  },
  async businessCopied(w, db) {
    // As a data load writes a business: the row with its week already worked
    // out, then its periods, which leave the week as it is.
    const [id] = await draw(w, db, directoryBusiness, 1);
    if (id === undefined) return null;
    const [copy] = await rowsOf<{ id: number }>(
      db,
      sql`insert into directory_business
          (slug, name, category, description, town, published, featured, halal_status, halal_certifier_body, alcohol_served, open_week)
        select ${`copy-${crypto.randomUUID()}`}, name, category, description, town, published, featured,
          halal_status, halal_certifier_body, alcohol_served, open_week
        from directory_business where id = ${id}
        returning id`,
    );
    await db.execute(sql`insert into business_hours (business_id, weekday, opens_minute, closes_minute)
      select ${copy!.id}, weekday, opens_minute, closes_minute from business_hours where business_id = ${id}`);
    return `business ${id} copied as ${copy!.id}, with its week and periods`;
  },
  async businessesDeleted(w, db) {
    const some = await draw(w, db, directoryBusiness, 3);
    if (!some.length) return null;
    await db.delete(directoryBusiness).where(inArray(directoryBusiness.id, some));
    return `businesses ${some.join(", ")} deleted`;
  },
  async listingsInserted(w, db) {
    const rows = Array.from({ length: w.r.int(1, 3) }, () => ({
      slug: `random-${crypto.randomUUID()}`,
      title: title(w.r),
      category: w.r.pick(listingCategoryCodes),
      town: w.r.pick(TOWNS),
      postcode: w.r.pick([null, "LS1 4AP", "BD1 1AA"]),
      askingPricePence: w.r.int(1, 100) * 1_000_00,
      description: "-",
      status: w.r.pick(["published", "pending"] as const),
      confidential: w.r.chance(0.3),
      confidentialTitle: w.r.chance(0.5) ? title(w.r) : null,
    }));
    const added = await db.insert(businessListing).values(rows).returning({ id: businessListing.id });
    return `listings ${added.map((l) => l.id).join(", ")} inserted`;
  },
  async listingsEdited(w, db) {
    const some = await draw(w, db, businessListing, 3);
    if (!some.length) return null;
    const change = w.r.pick([
      () => ({ title: title(w.r) }),
      () => ({ town: w.r.pick(TOWNS) }),
      () => ({ category: w.r.pick(listingCategoryCodes) }),
      () => ({ confidential: w.r.chance(0.5), confidentialTitle: title(w.r) }),
      () => ({ postcode: w.r.pick([null, "CF10 1AA", "YO1 7HH"]) }),
      () => ({ status: w.r.pick(["published", "withdrawn"] as const) }),
      // Through the price history (decision 0084): up, down, or back to where it was.
      () => ({ askingPricePence: w.r.int(1, 100) * 1_000_00 }),
      // A checked figure changed, or put back as checked (decision 0087): few values, so both happen.
      () => ({ annualRevenuePence: w.r.pick([null, 100_000_00, 200_000_00]) }),
      () => ({ netProfitPence: w.r.pick([null, 20_000_00, 40_000_00]) }),
    ])();
    await db.update(businessListing).set(change).where(inArray(businessListing.id, some));
    return `listings ${some.join(", ")} now ${JSON.stringify(change)}`;
  },
  // Staff's check of the figures a listing shows now (decision 0087).
  async figuresChecked(w, db) {
    const [id] = await draw(w, db, businessListing, 1);
    if (id === undefined) return null;
    await db.execute(sql`insert into listing_figures_check
        (listing_id, checked_at, year_ended, turnover_checked, net_profit_checked, annual_revenue_pence, net_profit_pence)
      select id, now() + ${w.r.int(0, 1000)} * interval '1 second', '2026-03-31', true, true, annual_revenue_pence, net_profit_pence
      from business_listing where id = ${id}`);
    return `listing ${id}'s figures checked`;
  },
  async listingsDeleted(w, db) {
    const some = await draw(w, db, businessListing, 2);
    if (!some.length) return null;
    await db.delete(businessListing).where(inArray(businessListing.id, some));
    return `listings ${some.join(", ")} deleted`;
  },
};

/** Writes through the application's own functions, each in its own transaction or none. */
const appWrites: Record<string, (w: World) => Promise<string | null>> = {
  async staffAdds(w) {
    const saved = await saveDirectoryBusiness(w.staff, null, businessEdit(w.r));
    if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
    return `staff add business ${saved.id}`;
  },
  async staffEdits(w) {
    const [id] = await draw(w, w.db, directoryBusiness, 1);
    if (id === undefined) return null;
    const edit = businessEdit(w.r);
    const saved = await saveDirectoryBusiness(w.staff, id, edit);
    if (!saved.ok) throw new Error(JSON.stringify(saved.fieldErrors));
    return `staff edit business ${id}: ${edit.published ? "published" : "unpublished"}, ${edit.category}, "${edit.town}", "${edit.name}"`;
  },
  async scheduleReplaced(w) {
    const [id] = await draw(w, w.db, directoryBusiness, 1);
    if (id === undefined) return null;
    const days = week(w.r);
    await w.db.transaction((tx) => replaceSchedule(tx, id, weeklyPeriods(days), exceptionsOf(exceptionLines(w.r))));
    return `business ${id}'s schedule replaced: ${days.map((d) => d || "shut").join(" / ")}`;
  },
  async reviewsSaved(w) {
    // Reviews are written of published businesses only; a few at once, so that the counts
    // (and a suspension's effect on them) are often in play.
    const lines: string[] = [];
    for (let n = w.r.int(1, 4); n > 0; n--) {
      const [businessId] = await draw(w, w.db, directoryBusiness, 1, sql`published`);
      if (businessId === undefined) break;
      const member = w.r.pick(w.members);
      const link = w.r.chance(0.2) ? " More at https://example.org." : "";
      const input = reviewSchema.parse({
        rating: String(w.r.int(1, 5)),
        body: `${w.r.pick(["Lovely", "Dreadful", "Decent"])} food and service, visited ${word(w.r)}.${link}`,
      });
      const ip = w.r.pick(["192.0.2.1", "192.0.2.2", "198.51.100.7"]);
      const saved = await saveReview({ id: member }, businessId, input, ip, w.now);
      lines.push(`${member} reviews business ${businessId} with ${input.rating} stars: ${saved.status}`);
    }
    return lines.length ? lines.join("; ") : null;
  },
  async reviewDecided(w) {
    const [chosen] = w.r.some(await w.db.select({ id: review.id }).from(review).orderBy(review.id), 1);
    if (!chosen) return null;
    const decision = w.r.chance(0.5)
      ? ({ kind: "publish" } as const)
      : ({ kind: "remove", reason: "Not a real visit", asFake: w.r.chance(0.1) } as const);
    await decideReview(w.staff, chosen.id, decision, w.now);
    return `staff ${decision.kind} review ${chosen.id}`;
  },
  async reviewDeleted(w) {
    const [chosen] = w.r.some(
      await w.db.select({ userId: review.userId, businessId: review.businessId }).from(review).orderBy(review.id),
      1,
    );
    if (!chosen) return null;
    await deleteReview(chosen.userId, chosen.businessId);
    return `${chosen.userId} deletes their review of business ${chosen.businessId}`;
  },
  async promotionBought(w) {
    const [businessId] = await draw(w, w.db, directoryBusiness, 1);
    if (businessId === undefined) return null;
    const promotion = w.r.pick(w.promotions);
    const endDate = new Date(w.now.getTime() + w.r.int(1, 72) * HOUR_MS);
    await w.db.insert(subscription).values({
      userId: w.r.pick(w.members),
      packageName: promotion.name,
      packageType: "promotion",
      pricePence: 1_000,
      startDate: w.now,
      endDate,
      packageId: promotion.id,
      businessId,
    });
    // As a paid checkout's webhook does.
    await syncPromotions(w.db, w.now, stripeEventActor("evt_read_models"));
    return `promotion ${promotion.id} bought for business ${businessId} until ${endDate.toISOString()}`;
  },
  async memberSuspendedOrRestored(w) {
    // A suspended member's reviews leave the businesses' counts until they are restored (decision 0078).
    // One about to be suspended first reviews a published business, so that a count is in play.
    const member = w.r.pick(w.members);
    const [row] = await w.db.select({ banned: user.banned }).from(user).where(eq(user.id, member));
    const change = row?.banned ? ({ kind: "unban" } as const) : ({ kind: "ban", reason: "Fake reviews" } as const);
    let reviewed = "";
    const [businessId] = change.kind === "ban" ? await draw(w, w.db, directoryBusiness, 1, sql`published`) : [];
    if (businessId !== undefined) {
      const input = reviewSchema.parse({
        rating: String(w.r.int(1, 5)),
        body: "Decent food and service, visited twice.",
      });
      const saved = await saveReview({ id: member }, businessId, input, "192.0.2.9", w.now);
      reviewed = ` after reviewing business ${businessId} (${saved.status})`;
    }
    const outcome = await changeUser(w.staff, new Request("http://localhost/admin"), member, change);
    if (!outcome.ok) throw new Error(outcome.message);
    return `staff ${change.kind} ${member}${reviewed}`;
  },
  async clockMoved(w) {
    w.now = new Date(w.now.getTime() + w.r.int(1, 48) * HOUR_MS);
    // The hourly jobs that write the read models' sources or the models themselves.
    await syncPromotions(w.db, w.now, SUBSCRIPTION_EXPIRY_ACTOR);
    await compactDirectoryCounts(w.db);
    return `clock moved to ${w.now.toISOString()}; promotions synced; counts summed up`;
  },
  async renumbered(w) {
    // One with no periods, reviews or promotion, which would keep it from changing.
    const [id] = await draw(
      w,
      w.db,
      directoryBusiness,
      1,
      sql`not exists (select from business_hours h where h.business_id = directory_business.id)
        and not exists (select from review r where r.business_id = directory_business.id)
        and not exists (select from subscription s where s.business_id = directory_business.id)`,
    );
    if (id === undefined) return null;
    const to = id + 100_000;
    try {
      await w.db.transaction((tx) => tx.update(directoryBusiness).set({ id: to }).where(eq(directoryBusiness.id, id)));
    } catch (error) {
      // Other rows that refer to it keep it from changing.
      if ((error as { cause?: { code?: string } }).cause?.code !== "23503") throw error;
      return `business ${id} not renumbered: referred to`;
    }
    return `business ${id} renumbered ${to}`;
  },
  async inOneTransaction(w) {
    const names = w.r.some(Object.keys(statements), 3);
    const done = await w.db.transaction(async (tx) => {
      const lines = [];
      for (const name of names) lines.push(await statements[name]!(w, tx));
      return lines;
    });
    return `in one transaction: ${done.filter(Boolean).join("; ")}`;
  },
};

const writes = [
  ...Object.entries(statements).map(([name, write]) => [name, (w: World) => write(w, w.db)] as const),
  ...Object.entries(appWrites),
];

// ---------------------------------------------------------------------------
// Reading the read models, and comparing
// ---------------------------------------------------------------------------

const kept = readModels.filter((m): m is ReadModel & { contents: string } => m.contents !== null);

/** Each read model's rows as readers see them. */
async function contentsOf(db: Database) {
  const contents: Record<string, string[]> = {};
  for (const model of kept) {
    contents[model.name] = (await rowsOf(db, sql.raw(model.contents))).map((row) => JSON.stringify(row));
  }
  return contents;
}

/** For each read model that differs: the rows the rebuild took away, and those it added. */
function differences(before: Record<string, string[]>, after: Record<string, string[]>) {
  const found: Record<string, { removedByRebuild: string[]; addedByRebuild: string[] }> = {};
  for (const name of Object.keys(before)) {
    const left = new Set(before[name]);
    const right = new Set(after[name]);
    const removedByRebuild = before[name]!.filter((row) => !right.has(row));
    const addedByRebuild = after[name]!.filter((row) => !left.has(row));
    if (removedByRebuild.length || addedByRebuild.length || before[name]!.length !== after[name]!.length) {
      found[name] = { removedByRebuild: removedByRebuild.slice(0, 10), addedByRebuild: addedByRebuild.slice(0, 10) };
    }
  }
  return found;
}

/** What a rebuild changes of what the triggers and the application kept. */
async function rebuildChanges(db: Database) {
  const before = await contentsOf(db);
  await rebuildReadModels(db);
  return differences(before, await contentsOf(db));
}

/** A database of the seed data, with staff, members and promotion packages to write with. */
async function worldFor(seed: number, database: TestDatabase): Promise<World> {
  const db = database.db;
  const staff = { id: "read-models-staff", email: "read-models-staff@hbs.example" };
  await db.insert(user).values({ ...staff, role: "admin", emailVerified: true });
  const members = Array.from({ length: 5 }, (_, i) => `read-models-member-${i}`);
  await db.insert(user).values(
    members.map((id) => ({
      id,
      email: `${id}@example.org`,
      emailVerified: true,
      createdAt: new Date(START.getTime() - 30 * 24 * HOUR_MS),
    })),
  );
  const promotions = await db
    .select({ id: servicePackage.id, name: servicePackage.name })
    .from(servicePackage)
    .where(isNotNull(servicePackage.promotion))
    .orderBy(servicePackage.id);
  expect(promotions.length).toBeGreaterThan(0);
  return { r: randomFrom(seed), db, now: START, staff: staff as SessionUser, members, promotions };
}

/**
 * `count` writes drawn from the seed, with the directory truncated once among
 * them; after each `checkEvery`, and at the end, a rebuild must change
 * nothing. Returns the log and the first difference found.
 */
async function writeAndCompare(w: World, count: number, checkEvery: number) {
  const log: string[] = [];
  const truncateAt = w.r.int(Math.floor(count / 2), Math.floor((4 * count) / 5));
  for (let i = 1; i <= count; i++) {
    let done: string | null;
    if (i === truncateAt) {
      // Checked first: the truncation takes with it whatever the writes before it got wrong.
      const changed = await rebuildChanges(w.db);
      if (Object.keys(changed).length) return { log, changed };
      await w.db.execute(sql`truncate directory_business cascade`);
      done = "directory truncated";
    } else {
      const [name, write] = w.r.pick(writes);
      done = `${name}: ${(await write(w)) ?? "nothing to do"}`;
    }
    log.push(`${i}. ${done}`);
    if (i % checkEvery === 0 || i === count) {
      const changed = await rebuildChanges(w.db);
      if (Object.keys(changed).length) return { log, changed };
    }
  }
  return { log, changed: {} };
}

async function withDatabase<T>(run: (database: TestDatabase) => Promise<T>): Promise<T> {
  const database = await createTestDatabase("seeded");
  setDatabase(database);
  try {
    return await run(database);
  } finally {
    setDatabase(undefined);
    await database.destroy();
  }
}

describe("every read model, after random writes", () => {
  for (const seed of SEEDS) {
    it(`is as a rebuild leaves it (seed ${seed})`, () =>
      withDatabase(async (database) => {
        const w = await worldFor(seed, database);
        // The seed data as the migrations and the seed left it.
        expect(await rebuildChanges(w.db)).toEqual({});
        const { log, changed } = await writeAndCompare(w, WRITES, CHECK_EVERY);
        expect(
          changed,
          `seed ${seed}: the rebuild changed the read models after these writes:\n${log.join("\n")}`,
        ).toEqual({});
        // A second rebuild changes nothing.
        expect(await rebuildChanges(w.db)).toEqual({});
      }));
  }
});
