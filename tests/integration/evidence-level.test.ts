// Halal evidence levels (issue #47, decision 0091), on PGlite or PostgreSQL:
// each level follows the rules /halal-evidence writes down, as the facts
// change and as the days pass; diners' confirmations count once a month per
// member, never the owner's; and the directory filters and sorts by level.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { searchBusinesses } from "../../app/features/directory/businesses.server";
import { refreshEvidenceLevelsOn } from "../../app/features/directory/confirmations.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import { action as confirmAction } from "../../app/routes/directory-confirm";
import { addDays, londonDay, londonMidnight } from "../../app/lib/dates";
import { getToast } from "../../app/server/toast.server";
import { businessConfirmation, directoryBusiness, user } from "../../app/server/schema";
import { callAction, signedInMember } from "../helpers/actions";
import { addBusiness, businessPageData } from "../helpers/directory-fixtures";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();
const db = () => app.database.db;
const today = londonDay(new Date());
/** Noon in London, `days` from today: the daily job's "now". */
const dayAfter = (days: number) => new Date(londonMidnight(addDays(today, days)).getTime() + 12 * 3600_000);

const levelOf = async (id: number) =>
  (
    await db()
      .select({ level: directoryBusiness.evidenceLevel })
      .from(directoryBusiness)
      .where(eq(directoryBusiness.id, id))
  )[0]!.level;

const members: { id: string; cookie: string }[] = [];

beforeAll(async () => {
  for (const n of [1, 2, 3, 4]) {
    members.push(
      await signedInMember(`diner-${n}@example.com`, { ip: `198.51.100.${110 + n}`, fullName: `Diner ${n}` }),
    );
  }
  // Three of them verified their e-mail; the fourth did not.
  for (const m of members.slice(0, 3)) await db().update(user).set({ emailVerified: true }).where(eq(user.id, m.id));
});

async function confirm(slug: string, cookie: string) {
  const answer = await callAction(confirmAction, {
    path: `/halal-network-space/${slug}/confirm`,
    body: new URLSearchParams(),
    params: { slug },
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
  });
  const toastCookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
  const { toast } = await getToast(new Request("http://localhost/", { headers: { cookie: toastCookie } }));
  return { status: answer.status, location: answer.headers.get("location"), toast: toast?.title ?? null };
}

describe("the evidence level", () => {
  it("follows the written rules as the facts change and as days pass", async () => {
    const notStated = await addBusiness(db(), "Evidence Not Stated", {}, []);
    const word = await addBusiness(
      db(),
      "Evidence Word",
      { halalStatus: "fully_halal", halalEvidence: "business_declared", halalCheckedOn: addDays(today, -5) },
      [],
    );
    const certificate = await addBusiness(
      db(),
      "Evidence Certificate",
      {
        halalStatus: "fully_halal",
        halalCertifierBody: "hmc",
        halalEvidence: "certificate_seen",
        halalCheckedOn: addDays(today, -10),
        halalCertificateExpires: addDays(today, 30),
      },
      [],
    );
    const visited = await addBusiness(
      db(),
      "Evidence Visited",
      { halalStatus: "halal_options", halalEvidence: "visited", halalCheckedOn: addDays(today, -100) },
      [],
    );
    // A certificate seen, but over 12 months ago: the business's word only.
    const stale = await addBusiness(
      db(),
      "Evidence Stale",
      {
        halalStatus: "fully_halal",
        halalCertifierBody: "hfa",
        halalEvidence: "certificate_seen",
        halalCheckedOn: addDays(today, -400),
        halalCertificateExpires: addDays(today, 300),
      },
      [],
    );
    expect(await Promise.all([notStated, word, certificate, visited, stale].map(levelOf))).toEqual([0, 1, 4, 3, 1]);

    // Staff record a visit today: the stale business rises at once, by the trigger.
    await db()
      .update(directoryBusiness)
      .set({ halalEvidence: "visited", halalCheckedOn: today })
      .where(eq(directoryBusiness.id, stale));
    expect(await levelOf(stale)).toBe(3);

    // The day the certificate expires it still counts; the day after, it does not.
    await refreshEvidenceLevelsOn(db(), dayAfter(30));
    expect(await levelOf(certificate)).toBe(4);
    const changed = await refreshEvidenceLevelsOn(db(), dayAfter(31));
    expect(changed).toBeGreaterThanOrEqual(1);
    expect(await levelOf(certificate)).toBe(1);
    // A visit counts for 12 months (365 days) after it.
    await refreshEvidenceLevelsOn(db(), dayAfter(265));
    expect(await levelOf(visited)).toBe(3);
    await refreshEvidenceLevelsOn(db(), dayAfter(266));
    expect(await levelOf(visited)).toBe(1);
    // Back to today: what the job works out is what the triggers did.
    await refreshEvidenceLevelsOn(db(), new Date());
    expect(await Promise.all([notStated, word, certificate, visited, stale].map(levelOf))).toEqual([0, 1, 4, 3, 3]);
  });
});

describe("diners' confirmations", () => {
  it("raise a business to 'Confirmed by diners' at the third member, once a month each, for six months", async () => {
    const id = await addBusiness(
      db(),
      "Confirmed Grill",
      { halalStatus: "fully_halal", halalEvidence: "business_declared", halalCheckedOn: addDays(today, -700) },
      [],
    );
    const slug = "confirmed-grill";

    // A visitor is sent to sign in and brought back.
    const anonymous = await confirm(slug, "");
    expect(anonymous.location).toBe(`/auth?redirectTo=${encodeURIComponent(`/halal-network-space/${slug}`)}`);
    // A member who has not verified their e-mail is refused, and nothing is stored.
    expect((await confirm(slug, members[3]!.cookie)).toast).toBe(
      "Please verify your e-mail address before confirming a business.",
    );

    expect((await confirm(slug, members[0]!.cookie)).toast).toBe("Thank you: your confirmation is recorded.");
    // The same member again this month: counted once.
    expect((await confirm(slug, members[0]!.cookie)).toast).toBe(
      "You have already confirmed this business this month.",
    );
    await confirm(slug, members[1]!.cookie);
    expect(await levelOf(id)).toBe(1);
    const third = await confirm(slug, members[2]!.cookie);
    expect(third.location).toBe(`/halal-network-space/${slug}#halal-status-title`);
    expect(await levelOf(id)).toBe(2);
    expect(await db().select().from(businessConfirmation).where(eq(businessConfirmation.businessId, id))).toHaveLength(
      3,
    );

    // The page says so.
    const page = await businessPageData(slug);
    expect(page.business.evidenceLevel).toBe(2);
    expect(page.business.lastConfirmedOn).toBe(today);

    // Six months on (183 days), the confirmations no longer count.
    await refreshEvidenceLevelsOn(db(), dayAfter(182));
    expect(await levelOf(id)).toBe(2);
    await refreshEvidenceLevelsOn(db(), dayAfter(183));
    expect(await levelOf(id)).toBe(1);
    await refreshEvidenceLevelsOn(db(), new Date());

    // A member's account deleted takes their confirmation with it, and the level follows.
    await db().delete(user).where(eq(user.id, members[2]!.id));
    expect(await levelOf(id)).toBe(1);
  });

  it("are never the owner's", async () => {
    await addBusiness(db(), "Owned Cafe", { halalStatus: "fully_halal", ownerId: members[1]!.id }, []);
    expect((await confirm("owned-cafe", members[1]!.cookie)).toast).toBe("You cannot confirm your own business.");
    const rows = await db()
      .select()
      .from(businessConfirmation)
      .innerJoin(directoryBusiness, eq(directoryBusiness.id, businessConfirmation.businessId))
      .where(eq(directoryBusiness.slug, "owned-cafe"));
    expect(rows).toHaveLength(0);
  });

  it("of a business that is not published are refused", async () => {
    await addBusiness(db(), "Hidden Kebab", { halalStatus: "fully_halal", published: false }, []);
    const answer = await confirm("hidden-kebab", members[0]!.cookie);
    expect(answer.toast).toBe("This business is no longer listed.");
    expect(answer.location).toBe("/halal-network-space");
  });
});

describe("the directory", () => {
  const names = async (query: string) =>
    (await searchBusinesses(parseDirectoryQuery(new URLSearchParams(`search=ladder&${query}`)), null)).items.map(
      (b) => b.name,
    );

  beforeAll(async () => {
    const week = Array.from({ length: 7 }, () => "00:00-24:00");
    await addBusiness(db(), "Ladder Word", { halalStatus: "fully_halal", takeaway: true, dineIn: false }, week);
    await addBusiness(
      db(),
      "Ladder Certificate",
      {
        halalStatus: "fully_halal",
        halalCertifierBody: "hmc",
        halalEvidence: "certificate_seen",
        halalCheckedOn: today,
        halalCertificateExpires: addDays(today, 90),
        prayerSpace: true,
        dineIn: true,
      },
      week,
    );
    await addBusiness(
      db(),
      "Ladder Visit",
      {
        halalStatus: "fully_halal",
        halalEvidence: "visited",
        halalCheckedOn: today,
        prayerSpace: false,
        delivery: true,
      },
      [],
    );
    await addBusiness(db(), "Ladder Unknown", {}, week);
  });

  it("keeps businesses at or above a level, and sorts the strongest first", async () => {
    expect((await names("evidence=3")).sort()).toEqual(["Ladder Certificate", "Ladder Visit"]);
    expect(await names("evidence=4")).toEqual(["Ladder Certificate"]);
    expect(await names("sort=evidence")).toEqual([
      "Ladder Certificate",
      "Ladder Visit",
      "Ladder Word",
      "Ladder Unknown",
    ]);
    expect(await names("")).toEqual(["Ladder Certificate", "Ladder Unknown", "Ladder Visit", "Ladder Word"]);
  });

  it("filters by prayer space and service, and counts 'open now' with them", async () => {
    expect(await names("prayer=yes")).toEqual(["Ladder Certificate"]);
    expect(await names("service=takeaway")).toEqual(["Ladder Word"]);
    expect(await names("service=delivery")).toEqual(["Ladder Visit"]);
    // Without words, "open now" with a filter the hours carry no copy of: counted with its page.
    const open = await searchBusinesses(parseDirectoryQuery(new URLSearchParams("open=now&evidence=2")), null);
    const openNames = open.items.map((b) => b.name);
    expect(openNames).toContain("Ladder Certificate");
    expect(openNames).not.toContain("Ladder Visit");
    expect(openNames).not.toContain("Ladder Word");
    expect(open.total).toBe(open.items.length);
  });

  it("says a filter it does not understand, and leaves it out", () => {
    const query = parseDirectoryQuery(new URLSearchParams("evidence=9&service=valet&prayer=maybe&sort=cheapest"));
    expect(query.filters).toEqual({});
    expect(query.sort).toBeUndefined();
    expect(query.filterNotices).toEqual([
      "We do not know that level of halal evidence, so the evidence filter was left out.",
      "The prayer space filter can only be 'prayer space', so it was left out.",
      "The service filter can only be dine in, takeaway or delivery, so it was left out.",
    ]);
  });
});
