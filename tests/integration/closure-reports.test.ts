// Diners' reports that a place closed, and their suggestions of places the
// directory is missing (issue #47 point 2, decision 0092), on PGlite or
// PostgreSQL: three members within 30 days mark a business "Reported closed —
// not yet checked" until staff decide; a visitor's report, another change, a
// repeat or an old report does not count; a suggestion reaches the queue.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/features/account/session.server";
import { searchBusinesses } from "../../app/features/directory/businesses.server";
import { closureReportsOf, decideClosure } from "../../app/features/directory/closures.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import type { EnquiryActionData } from "../../app/features/enquiries/enquiry-kinds";
import { action as businessAction } from "../../app/routes/directory-business";
import { action as suggestAction } from "../../app/routes/directory-suggest";
import { reportedClosed } from "../../app/server/read-models/reported-closed";
import { auditLog, directoryBusiness, enquiry, outbox, user } from "../../app/server/schema";
import { callAction, signedInMember } from "../helpers/actions";
import { addBusiness } from "../helpers/directory-fixtures";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();
const db = () => app.database.db;
const members: { id: string; cookie: string }[] = [];
const staff = { id: "staff-closures", email: "closures-staff@example.com", role: "admin" } as SessionUser;

beforeAll(async () => {
  for (const n of [1, 2, 3, 4, 5, 6]) {
    members.push(
      await signedInMember(`reporter-${n}@example.com`, { ip: `198.51.100.${130 + n}`, fullName: `Reporter ${n}` }),
    );
  }
  await db().insert(user).values({ id: staff.id, email: staff.email, emailVerified: true, role: "admin" });
});

/** "Report a change" on the business's page, as its form posts it; each from a network of its own. */
let network = 0;
async function report(slug: string, cookie: string, change = "closed_down") {
  network += 1;
  const answer = await callAction<EnquiryActionData>(businessAction, {
    path: `/halal-network-space/${slug}`,
    params: { slug },
    ip: `203.0.113.${network}`,
    body: new URLSearchParams({
      change,
      details: "Shutters down and a sign in the window.",
      name: "A diner",
      email: "diner@example.com",
    }),
    headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
  });
  expect(answer.data.outcome).toBe("success");
}

const marked = async (id: number) =>
  (
    await db()
      .select({ at: directoryBusiness.reportedClosedAt })
      .from(directoryBusiness)
      .where(eq(directoryBusiness.id, id))
  )[0]!.at;

describe("reports that a place closed", () => {
  it("mark it at the third member within 30 days, on its card, until staff find it still open", async () => {
    const id = await addBusiness(db(), "Shutter Grill", { halalStatus: "fully_halal" }, []);
    // A visitor's report, another change and a member's second report: none is a second member.
    await report("shutter-grill", "");
    await report("shutter-grill", members[0]!.cookie, "hours_changed");
    await report("shutter-grill", members[0]!.cookie);
    await report("shutter-grill", members[0]!.cookie);
    await report("shutter-grill", members[1]!.cookie);
    expect(await marked(id)).toBeNull();
    await report("shutter-grill", members[2]!.cookie);
    expect(await marked(id)).toBeInstanceOf(Date);

    const [card] = (await searchBusinesses(parseDirectoryQuery(new URLSearchParams("search=shutter")), null)).items;
    expect(card!.reportedClosedAt).toBeInstanceOf(Date);
    // Staff see the members' reports (three members, four reports), with what they saw.
    const business = (await db().select().from(directoryBusiness).where(eq(directoryBusiness.id, id)))[0]!;
    const reports = await closureReportsOf(business);
    expect(reports).toHaveLength(4);
    expect(new Set(reports.map((r) => r.member))).toEqual(
      new Set(["reporter-1@example.com", "reporter-2@example.com", "reporter-3@example.com"]),
    );
    expect(reports[0]!.details).toBe("Shutters down and a sign in the window.");

    // Still open: the mark goes, and the reports so far stop counting.
    expect(await decideClosure(staff, id, "open")).toBe(true);
    expect(await decideClosure(staff, id, "open")).toBe(false);
    expect(await marked(id)).toBeNull();
    await report("shutter-grill", members[3]!.cookie);
    await report("shutter-grill", members[4]!.cookie);
    expect(await marked(id)).toBeNull();
    await report("shutter-grill", members[5]!.cookie);
    expect(await marked(id)).toBeInstanceOf(Date);

    // Closed: out of the directory too, and both decisions in the audit log.
    expect(await decideClosure(staff, id, "closed")).toBe(true);
    const after = (await db().select().from(directoryBusiness).where(eq(directoryBusiness.id, id)))[0]!;
    expect(after).toMatchObject({ published: false, reportedClosedAt: null });
    const audited = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "business"), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    expect(audited.map((a) => a.action)).toEqual(["business.closure-dismissed", "business.closure-confirmed"]);
  });

  it("do not add up across more than 30 days, and the rebuild agrees with the trigger", async () => {
    const id = await addBusiness(db(), "Slow Shutter Cafe", { halalStatus: "fully_halal" }, []);
    for (const member of members.slice(0, 2)) {
      await db()
        .insert(enquiry)
        .values({
          kind: "business_report",
          subject: "Slow Shutter Cafe",
          businessId: id,
          userId: member.id,
          fields: { change: "closed_down", details: "Closed." },
          createdAt: sql`now() - interval '40 days'`,
        });
    }
    await report("slow-shutter-cafe", members[2]!.cookie);
    expect(await marked(id)).toBeNull();

    const contents = async () =>
      (await db().execute(sql.raw(reportedClosed.contents!))) as unknown as { rows: unknown[] };
    const before = (await contents()).rows;
    await db().transaction(async (tx) => {
      for (const statement of reportedClosed.rebuild) await tx.execute(sql.raw(statement));
    });
    expect((await contents()).rows).toEqual(before);
  });
});

describe("a suggested place", () => {
  it("joins the staff's queue and the sender is told it arrived; an empty form changes nothing", async () => {
    const refused = await callAction<EnquiryActionData>(suggestAction, {
      path: "/halal-network-space/suggest",
      ip: "203.0.113.200",
      body: new URLSearchParams({ placeName: "", where: "", what: "", whyHalal: "", name: "", email: "" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toMatchObject({
      placeName: ["Please give the place's name"],
      whyHalal: ["Please tell us why you think it is halal"],
    });
    const sent = await callAction<EnquiryActionData>(suggestAction, {
      path: "/halal-network-space/suggest",
      ip: "203.0.113.200",
      body: new URLSearchParams({
        placeName: "Anatolia Ocakbasi",
        where: "LS6 1AA",
        what: "Turkish grill",
        whyHalal: "An HMC certificate on the wall by the till.",
        name: "Amina Patel",
        email: "amina@example.com",
      }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(sent.data.outcome).toBe("success");
    const [stored] = await db().select().from(enquiry).where(eq(enquiry.kind, "place_suggestion"));
    expect(stored).toMatchObject({
      subject: "Anatolia Ocakbasi, LS6 1AA",
      fields: expect.objectContaining({
        what: "Turkish grill",
        whyHalal: "An HMC certificate on the wall by the till.",
      }),
    });
    const mails = (await db().select().from(outbox)).map((row) => row.payload as { to: string; subject: string });
    expect(mails).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          to: "amina@example.com",
          subject: "We've received your suggestion: Anatolia Ocakbasi, LS6 1AA",
        }),
      ]),
    );
  });
});
