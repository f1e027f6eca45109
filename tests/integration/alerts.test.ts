// Saved searches and their alerts (decision 0031) with a moved clock, on
// PGlite or PostgreSQL: instant, daily at 07:00 London in winter and summer,
// weekly on Mondays; never one listing twice for a search; saved listings'
// price drops and under-offer changes; the one-click unsubscribe link.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runAlerts } from "../../app/features/alerts/alerts.server";
import { describeSearch } from "../../app/features/alerts/describe.server";
import {
  createSavedSearch,
  deleteSavedSearch,
  listSavedSearches,
  MAX_SAVED_SEARCHES,
  setFrequency,
} from "../../app/features/alerts/saved-searches.server";
import { readUnsubscribeLink, unsubscribe } from "../../app/features/alerts/unsubscribe.server";
import { exportMemberData, toggleSavedListing } from "../../app/features/account/member.server";
import { scheduledJobs } from "../../app/jobs.server";
import { startScheduler } from "../../app/server/scheduler.server";
import { businessListing, outbox, savedSearch, user } from "../../app/server/schema";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
let counter = 0;

interface Mail {
  to: string;
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

async function member(emailVerified = true) {
  counter += 1;
  const [row] = await app.database.db
    .insert(user)
    .values({ id: `alerts-${counter}`, email: `alerts${counter}@example.com`, emailVerified })
    .returning();
  return row!;
}

/** A published listing in `town`, as if published at `publishedAt`, where `at` says if given. */
async function listing(
  town: string,
  publishedAt: Date,
  askingPricePence = 50_000_00,
  at: { latitude: number; longitude: number } | null = null,
) {
  counter += 1;
  const [row] = await app.database.db
    .insert(businessListing)
    .values({
      slug: `alert-cafe-${counter}`,
      title: `Alert Cafe ${counter}`,
      category: "food",
      town,
      askingPricePence,
      description: "A corner cafe with regulars.",
      status: "published",
      publishedAt,
      ...at,
    })
    .returning();
  return row!;
}

async function saveSearch(userId: string, search: string, frequency: "instant" | "daily" | "weekly", now: Date) {
  const saved = await createSavedSearch(app.database.db, userId, { name: `Cafés: ${search}`, frequency, search }, now);
  if (!saved.ok) throw new Error(saved.error);
  return saved.id;
}

const mailsTo = async (to: string): Promise<Mail[]> =>
  (await app.database.db.select().from(outbox).orderBy(outbox.id))
    .map((row) => row.payload as unknown as Mail)
    .filter((mail) => mail.to === to);
const tokenIn = (mail: Mail) => /\/alerts\/unsubscribe\/([\w.-]+)/.exec(mail.text)![1]!;

/** The scheduler with only the named job, ticked by hand at the given times. */
async function tickAt(jobName: string, times: string[]) {
  let now = new Date(times[0]!);
  const scheduler = startScheduler(
    app.database.db,
    scheduledJobs({}).filter((job) => job.name === jobName),
    { clock: () => now, ticking: false, owner: "test" },
  );
  for (const time of times) {
    now = new Date(time);
    await scheduler.tick();
  }
  await scheduler.stop();
}

describe("instant alerts", () => {
  it("e-mail what newly matches, once, with a one-click unsubscribe and a link to manage searches", async () => {
    const buyer = await member();
    const start = new Date("2026-12-01T10:00:00Z");
    await saveSearch(buyer.id, "location=Instantby", "instant", start);
    const before = await listing("Instantby", new Date(start.getTime() - HOUR)); // published before the save
    const match = await listing("Instantby", new Date(start.getTime() + 10 * MINUTE));
    const elsewhere = await listing("Elsewhereby", new Date(start.getTime() + 10 * MINUTE));

    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 15 * MINUTE));
    const [mail, ...more] = await mailsTo(buyer.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("1 new business for sale: Cafés: location=Instantby");
    expect(mail!.text).toContain(`${match.title}, Instantby: £50,000`);
    expect(mail!.text).toContain(`/buy/${match.slug}`);
    expect(mail!.text).not.toContain(before.title);
    expect(mail!.text).not.toContain(elsewhere.title);
    expect(mail!.text).toMatch(/Manage your saved searches: http\S+\/my-searches/);
    expect(mail!.headers?.["List-Unsubscribe"]).toBe(`<${/Stop e-mails for .*: (\S+)/.exec(mail!.text)![1]}>`);
    expect(mail!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");

    // The next runs look back over the same hour, but the listing has been told of.
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 20 * MINUTE));
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 25 * MINUTE));
    expect(await mailsTo(buyer.email)).toHaveLength(1);

    const next = await listing("Instantby", new Date(start.getTime() + 26 * MINUTE));
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 30 * MINUTE));
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(next.title);
    expect(mails[1]!.text).not.toContain(match.title);
  });

  it("keep a search near a postcode to its radius, and refuse to save one whose place is unknown", async () => {
    const buyer = await member();
    const start = new Date("2026-12-05T10:00:00Z");
    // Birmingham's B1 district, 5 miles: the city centre is in; Wolverhampton (about 13 miles) and a listing
    // without coordinates are not.
    const id = await saveSearch(buyer.id, "near=b1 1aa&radius=5&category=food", "instant", start);
    const [row] = (await listSavedSearches(app.database.db, buyer.id)).filter((s) => s.id === id);
    expect(row!.query).toBe("category=food&near=b1+1aa&radius=5");
    expect(describeSearch(row!.query)).toBe("Food & Beverage within 5 miles of b1 1aa");
    const soon = new Date(start.getTime() + 10 * MINUTE);
    const centre = await listing("Birmingham", soon, 50_000_00, { latitude: 52.4796, longitude: -1.9026 });
    const wolverhampton = await listing("Wolverhampton", soon, 50_000_00, { latitude: 52.5862, longitude: -2.1288 });
    const unplaced = await listing("Birmingham", soon);
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 15 * MINUTE));
    const [mail, ...more] = await mailsTo(buyer.email);
    expect(more).toEqual([]);
    expect(mail!.text).toContain(centre.title);
    expect(mail!.text).not.toContain(wolverhampton.title);
    expect(mail!.text).not.toContain(unplaced.title);

    const refused = await createSavedSearch(app.database.db, buyer.id, {
      name: "Nowhere",
      frequency: "daily",
      search: "near=ZZ99 9ZZ",
    });
    expect(refused.ok).toBe(false);
    expect(refused.ok ? "" : refused.error).toMatch(/postcode/i);
  });

  it("go only to confirmed addresses", async () => {
    const unconfirmed = await member(false);
    const start = new Date("2026-12-03T10:00:00Z");
    await saveSearch(unconfirmed.id, "location=Unconfirmedby", "instant", start);
    await listing("Unconfirmedby", new Date(start.getTime() + MINUTE));
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 5 * MINUTE));
    expect(await mailsTo(unconfirmed.email)).toEqual([]);
  });

  it("never sends a listing twice for a search, however many runs overlap", async () => {
    const buyer = await member();
    const start = new Date("2026-12-02T10:00:00Z");
    await saveSearch(buyer.id, "location=Overlapby", "instant", start);
    await listing("Overlapby", new Date(start.getTime() + MINUTE));
    const at = new Date(start.getTime() + 5 * MINUTE);
    await Promise.all([1, 2, 3].map(() => runAlerts(app.database.db, "instant", at)));
    expect(await mailsTo(buyer.email)).toHaveLength(1);
  });
});

describe("daily and weekly digests", () => {
  it("go at 07:00 London in winter (07:00 UTC), once a day", async () => {
    const buyer = await member();
    await saveSearch(buyer.id, "location=Winterby", "daily", new Date("2027-01-10T12:00:00Z"));
    const first = await listing("Winterby", new Date("2027-01-11T15:00:00Z"));
    await tickAt("alerts.daily", ["2027-01-12T06:59:00Z"]);
    const early = await mailsTo(buyer.email);
    // The period that began on the 11th at 07:00 ran at 06:59 on the 12th, and told of the listing.
    expect(early).toHaveLength(1);
    expect(early[0]!.text).toContain(first.title);

    const second = await listing("Winterby", new Date("2027-01-12T06:59:30Z"));
    await tickAt("alerts.daily", ["2027-01-12T06:59:50Z"]); // same period: settled
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    await tickAt("alerts.daily", ["2027-01-12T07:00:05Z", "2027-01-12T18:00:00Z"]);
    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(second.title);
    expect(mails[1]!.text).not.toContain(first.title);
  });

  it("go at 07:00 London in summer (06:00 UTC)", async () => {
    const buyer = await member();
    await saveSearch(buyer.id, "location=Summerby", "daily", new Date("2027-07-10T12:00:00Z"));
    await tickAt("alerts.daily", ["2027-07-12T06:30:00Z"]); // the period of the 12th, 07:30 BST
    const found = await listing("Summerby", new Date("2027-07-12T09:00:00Z"));
    await tickAt("alerts.daily", ["2027-07-13T05:59:00Z"]); // 06:59 BST: still the 12th's period
    expect(await mailsTo(buyer.email)).toHaveLength(0);
    await tickAt("alerts.daily", ["2027-07-13T06:00:10Z"]); // 07:00 BST
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.text).toContain(found.title);
  });

  it("weekly ones go on Mondays at 07:00 London", async () => {
    const buyer = await member();
    await saveSearch(buyer.id, "location=Weeklyby", "weekly", new Date("2027-09-01T12:00:00Z"));
    await tickAt("alerts.weekly", ["2027-09-06T06:00:30Z"]); // Monday 6 September, 07:00 BST
    const found = await listing("Weeklyby", new Date("2027-09-07T09:00:00Z"));
    await tickAt("alerts.weekly", ["2027-09-12T23:00:00Z", "2027-09-13T05:59:00Z"]); // to Monday 06:59 BST
    expect(await mailsTo(buyer.email)).toHaveLength(0);
    await tickAt("alerts.weekly", ["2027-09-13T06:00:30Z"]);
    const [mail] = await mailsTo(buyer.email);
    expect(mail!.text).toContain(found.title);
  });
});

describe("saved listings' news", () => {
  it("tells of a price drop and of going under offer once, and not of a price rise", async () => {
    const buyer = await member();
    const start = new Date("2027-02-01T10:00:00Z");
    await saveSearch(buyer.id, "location=Nowhereby", "instant", start);
    const saved = await listing("Newsby", new Date("2027-01-01T10:00:00Z"), 50_000_00);
    await toggleSavedListing(buyer.id, saved.id);
    const setListing = (values: Partial<typeof businessListing.$inferInsert>) =>
      app.database.db.update(businessListing).set(values).where(eq(businessListing.id, saved.id));

    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 5 * MINUTE));
    expect(await mailsTo(buyer.email)).toHaveLength(0); // nothing has changed since it was saved

    await setListing({ askingPricePence: 40_000_00 });
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 10 * MINUTE));
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 15 * MINUTE));
    let mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("News of businesses you saved");
    expect(mails[0]!.text).toContain(`Price reduced: ${saved.title}, now £40,000 (was £50,000)`);

    await setListing({ askingPricePence: 45_000_00 });
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 20 * MINUTE));
    expect(await mailsTo(buyer.email)).toHaveLength(1);

    await setListing({ underOfferAt: new Date(start.getTime() + 21 * MINUTE) });
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 25 * MINUTE));
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 30 * MINUTE));
    mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.text).toContain(`Now under offer: ${saved.title}`);
    expect(mails[1]!.text).not.toContain("Price reduced");

    await setListing({ underOfferAt: null });
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 35 * MINUTE));
    expect((await mailsTo(buyer.email))[2]!.text).toContain(`No longer under offer: ${saved.title}`);
  });
});

describe("the unsubscribe link", () => {
  it("turns one search off, once; a forged link and a deleted search's link are told apart", async () => {
    const buyer = await member();
    const start = new Date("2027-03-01T10:00:00Z");
    const id = await saveSearch(buyer.id, "location=Unsubby", "instant", start);
    const other = await saveSearch(buyer.id, "location=Unsubby&tenure=freehold", "instant", start);
    await listing("Unsubby", new Date(start.getTime() + MINUTE));
    await runAlerts(app.database.db, "instant", new Date(start.getTime() + 5 * MINUTE));
    const mail = (await mailsTo(buyer.email)).find((m) => m.subject.endsWith("location=Unsubby"))!;
    const token = tokenIn(mail);
    expect(token.startsWith(`${id}.`)).toBe(true);

    expect(await readUnsubscribeLink(app.database.db, token)).toEqual({
      state: "open",
      search: { name: "Cafés: location=Unsubby" },
    });
    expect(await unsubscribe(app.database.db, token)).toBe(true);
    expect(await unsubscribe(app.database.db, token)).toBe(false);
    expect((await readUnsubscribeLink(app.database.db, token)).state).toBe("off");
    const searches = await listSavedSearches(app.database.db, buyer.id);
    expect(searches.map((s) => [s.id, s.frequency])).toEqual([
      [id, "off"],
      [other, "instant"],
    ]);

    // Another search's id with this signature, a changed signature, nonsense: forged.
    const signature = token.split(".")[1]!;
    // Change the last character to one it is not (a fixed "A" matched one signature in 64).
    const changed = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`;
    for (const forged of [`${other}.${signature}`, `${id}.${changed}`, "nonsense", `${id}`]) {
      expect((await readUnsubscribeLink(app.database.db, forged)).state).toBe("invalid");
      expect(await unsubscribe(app.database.db, forged)).toBe(false);
    }
    expect((await readUnsubscribeLink(app.database.db, `${other}.${signature}`)).state).toBe("invalid");

    await deleteSavedSearch(app.database.db, buyer.id, id);
    expect((await readUnsubscribeLink(app.database.db, token)).state).toBe("deleted");
  });
});

describe("a member's searches", () => {
  it("are theirs alone: another member can neither change nor delete them", async () => {
    const owner = await member();
    const intruder = await member();
    const id = await saveSearch(owner.id, "location=Mineby", "daily", new Date());
    expect(await setFrequency(app.database.db, intruder.id, id, "off")).toBe(false);
    expect(await deleteSavedSearch(app.database.db, intruder.id, id)).toBe(false);
    expect(await listSavedSearches(app.database.db, intruder.id)).toEqual([]);
    const [row] = await app.database.db.select().from(savedSearch).where(eq(savedSearch.id, id));
    expect(row!.frequency).toBe("daily");
    expect(await setFrequency(app.database.db, owner.id, id, "weekly")).toBe(true);
    // "Download my data" has them, the owner's only.
    expect((await exportMemberData(owner.id)).savedSearches).toEqual([
      expect.objectContaining({ name: "Cafés: location=Mineby", emails: "weekly", url: "/buy?location=Mineby" }),
    ]);
    expect((await exportMemberData(intruder.id)).savedSearches).toEqual([]);
  });

  it("keep the filters as /buy's query string and are limited to 50 a member", async () => {
    const buyer = await member();
    const saved = await createSavedSearch(app.database.db, buyer.id, {
      name: "Leeds",
      frequency: "daily",
      search: "page=3&sort=price-asc&location=Leeds&min-price=£50,000&tenure=bogus&accommodation=yes&search=grill",
    });
    expect(saved.ok).toBe(true);
    const [row] = await listSavedSearches(app.database.db, buyer.id);
    expect(row!.query).toBe("search=grill&location=Leeds&min-price=50000&accommodation=yes");
    for (let i = 1; i < MAX_SAVED_SEARCHES; i++) {
      await createSavedSearch(app.database.db, buyer.id, { name: `Search ${i}`, frequency: "off", search: "" });
    }
    const refused = await createSavedSearch(app.database.db, buyer.id, {
      name: "One more",
      frequency: "off",
      search: "",
    });
    expect(refused).toEqual({ ok: false, error: expect.stringMatching(/at most 50 saved searches/) });
    expect(await listSavedSearches(app.database.db, buyer.id)).toHaveLength(MAX_SAVED_SEARCHES);
  });
});
