// Claiming a directory business and running it (decision 0036), on PGlite or
// PostgreSQL: the code goes to the website's domain and works once, in time,
// for its own claim only; documents wait for staff; only the owner's own
// business changes; halal details wait for staff.
import { and, desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readListParams } from "../../app/features/admin/lists/list-params";
import { recordViews } from "../../app/features/marketplace/listing-views.server";
import { claimsList } from "../../app/features/owners/claims-list.server";
import {
  CLAIM_RATE_LIMITS,
  confirmClaimCode,
  decideClaim,
  isBusinessOwner,
  MAX_CODE_ATTEMPTS,
  readClaimDocument,
  sendClaimCode,
  submitClaimDocuments,
} from "../../app/features/owners/claims.server";
import {
  decideHalalProposal,
  editOwnBusiness,
  ownerDashboard,
  pendingHalalProposalOf,
  proposeHalal,
} from "../../app/features/owners/owner.server";
import { ownerEditSchema } from "../../app/features/owners/schemas";
import { londonDay } from "../../app/lib/dates";
import {
  auditLog,
  businessClaim,
  businessHours,
  directoryBusiness,
  favouriteBusiness,
  outbox,
  user,
} from "../../app/server/schema";
import { seededAppDatabase } from "../helpers/test-database";

const app = seededAppDatabase();
let counter = 0;
const NET = "203.0.113.50";

async function member() {
  counter += 1;
  const [row] = await app.database.db
    .insert(user)
    .values({ id: `claimant-${counter}`, email: `claimant${counter}@example.com`, name: `Claimant ${counter}` })
    .returning();
  return row!;
}

/** The claims staff see waiting: the claims list as it opens, every page of it. */
const pendingClaims = () => claimsList.rows(readListParams(claimsList.spec, new URLSearchParams()), 1_000, 0);

async function business(website: string | null = null) {
  counter += 1;
  const [row] = await app.database.db
    .insert(directoryBusiness)
    .values({
      slug: `claim-grill-${counter}`,
      name: `Claim Grill ${counter}`,
      category: "food",
      description: "A grill in Leeds.",
      town: "Leeds",
      website,
    })
    .returning();
  return row!;
}

const businessNow = async (id: number) =>
  (await app.database.db.select().from(directoryBusiness).where(eq(directoryBusiness.id, id)))[0]!;
const mailsTo = async (to: string) =>
  (await app.database.db.select().from(outbox).orderBy(outbox.id))
    .map((row) => row.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
const codeIn = (mail: { text: string }) => /Their code is: (\d{6})/.exec(mail.text)![1]!;
const png = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: "#cc3333" } })
          .png()
          .toBuffer(),
      ),
    ],
    "bill.png",
    { type: "image/png" },
  );

describe("claiming by a code sent to the website's domain", () => {
  it("e-mails a code to an address at the website's domain, and the right code makes the member the owner", async () => {
    const grill = await business("https://www.claim-grill.co.uk/menu");
    const amina = await member();
    expect(await isBusinessOwner(app.database.db, amina.id, grill.id)).toBe(false);

    expect(await sendClaimCode(amina, grill.id, "Amina@Claim-Grill.co.uk", NET)).toBe("sent");
    const [codeMail] = await mailsTo("amina@claim-grill.co.uk");
    expect(codeMail!.subject).toContain(grill.name);
    const code = codeIn(codeMail!);
    // Only its keyed hash is kept.
    const [claim] = await app.database.db.select().from(businessClaim).where(eq(businessClaim.userId, amina.id));
    expect(claim!.codeHash).not.toContain(code);

    expect(await confirmClaimCode(amina, grill.id, code, NET)).toBe("approved");
    expect((await businessNow(grill.id)).ownerId).toBe(amina.id);
    expect(await isBusinessOwner(app.database.db, amina.id, grill.id)).toBe(true);
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "business.claim.code"), eq(auditLog.entityId, String(grill.id))));
    expect(audit!.actorId).toBe(amina.id);
    expect((await mailsTo(amina.email)).map((m) => m.subject)).toEqual([`You now manage ${grill.name} on HBS`]);

    // The same code again (a replay) is refused, and changes nothing.
    expect(await confirmClaimCode(amina, grill.id, code, NET)).toBe("used");
    // A second claimant is told the business has an owner, and no code goes out.
    const other = await member();
    expect(await sendClaimCode(other, grill.id, "boss@claim-grill.co.uk", NET)).toBe("owned");
    expect(await mailsTo("boss@claim-grill.co.uk")).toEqual([]);
  });

  it("refuses an address at any other domain, and a business without a website", async () => {
    const grill = await business("https://claim-grill-two.co.uk");
    const bilal = await member();
    for (const address of [
      "bilal@gmail.com",
      "bilal@evil-claim-grill-two.co.uk",
      "bilal@claim-grill-two.co.uk.evil.com",
    ]) {
      expect(await sendClaimCode(bilal, grill.id, address, NET)).toBe("wrong-domain");
      expect(await mailsTo(address)).toEqual([]);
    }
    const noWebsite = await business(null);
    expect(await sendClaimCode(bilal, noWebsite.id, "bilal@example.com", NET)).toBe("no-website");
    expect(await app.database.db.select().from(businessClaim).where(eq(businessClaim.userId, bilal.id))).toEqual([]);
  });

  it("refuses a forged code, another claim's code, and an expired one", async () => {
    const grill = await business("https://claim-grill-three.co.uk");
    const [hana, yusuf] = [await member(), await member()];
    await sendClaimCode(hana, grill.id, "hana@claim-grill-three.co.uk", NET, "111111");
    await sendClaimCode(yusuf, grill.id, "yusuf@claim-grill-three.co.uk", NET, "222222");
    // Yusuf's code is worth nothing on Hana's claim; a made-up one neither.
    expect(await confirmClaimCode(hana, grill.id, "222222", NET)).toBe("wrong");
    expect(await confirmClaimCode(hana, grill.id, "123456", NET)).toBe("wrong");
    expect((await businessNow(grill.id)).ownerId).toBeNull();

    // Thirty-one minutes later Yusuf's own code has expired.
    const later = new Date(Date.now() + 31 * 60_000);
    expect(await confirmClaimCode(yusuf, grill.id, "222222", NET, later)).toBe("expired");
    expect((await businessNow(grill.id)).ownerId).toBeNull();
    // A member who never asked for a code has nothing to confirm.
    expect(await confirmClaimCode(await member(), grill.id, "111111", NET)).toBe("no-code");
  });

  it("stops after too many wrong codes, even when the right one follows", async () => {
    const grill = await business("https://claim-grill-four.co.uk");
    const zain = await member();
    await sendClaimCode(zain, grill.id, "zain@claim-grill-four.co.uk", NET, "424242");
    for (let i = 1; i < MAX_CODE_ATTEMPTS; i++)
      expect(await confirmClaimCode(zain, grill.id, "000000", NET)).toBe("wrong");
    expect(await confirmClaimCode(zain, grill.id, "000000", NET)).toBe("too-many");
    expect(await confirmClaimCode(zain, grill.id, "424242", NET)).toBe("too-many");
    expect((await businessNow(grill.id)).ownerId).toBeNull();
    // A new code starts again.
    await sendClaimCode(zain, grill.id, "zain@claim-grill-four.co.uk", NET, "434343");
    expect(await confirmClaimCode(zain, grill.id, "434343", NET)).toBe("approved");
  });

  it("limits claim steps per member and per network", async () => {
    const grill = await business("https://claim-grill-five.co.uk");
    const busy = await member();
    const outcomes = [];
    for (let i = 0; i <= CLAIM_RATE_LIMITS.member.limit; i++) {
      outcomes.push(await sendClaimCode(busy, grill.id, "busy@claim-grill-five.co.uk", "198.51.100.1"));
    }
    expect(outcomes.at(-2)).toBe("sent");
    expect(outcomes.at(-1)).toBe("rate-limited");

    const network = "198.51.100.2";
    let last = "";
    for (let i = 0; i <= CLAIM_RATE_LIMITS.network.limit; i++) {
      last = await sendClaimCode(await member(), grill.id, "someone@claim-grill-five.co.uk", network);
    }
    expect(last).toBe("rate-limited");
  });
});

describe("claiming with documents staff check", () => {
  it("queues the documents for staff, who reject with a reason or approve; the claimant hears each step", async () => {
    const grill = await business(null);
    const sara = await member();
    expect(await submitClaimDocuments(sara, grill.id, [await png()], "I run it with my brother.", NET)).toBe(
      "submitted",
    );
    const [queued] = (await pendingClaims()).filter((c) => c.businessId === grill.id);
    expect(queued!.claimantEmail).toBe(sara.email);
    const [name] = queued!.documents;
    expect(await readClaimDocument(queued!.id, name!)).toBeInstanceOf(Buffer);
    expect(await readClaimDocument(queued!.id, "0".repeat(32) + ".webp")).toBeNull();

    const admin = await member();
    expect(await decideClaim(admin, queued!.id, { approve: false, reason: "The bill names another person." })).toBe(
      "rejected",
    );
    expect((await businessNow(grill.id)).ownerId).toBeNull();
    expect(await decideClaim(admin, queued!.id, { approve: true })).toBe("not-pending");

    expect(await submitClaimDocuments(sara, grill.id, [await png()], undefined, NET)).toBe("submitted");
    const [again] = (await pendingClaims()).filter((c) => c.businessId === grill.id);
    // Another claimant's documents wait too; only one can be approved.
    const rival = await member();
    await submitClaimDocuments(rival, grill.id, [await png()], undefined, NET);
    expect(await decideClaim(admin, again!.id, { approve: true })).toBe("approved");
    expect((await businessNow(grill.id)).ownerId).toBe(sara.id);
    const [rivalClaim] = (await pendingClaims()).filter((c) => c.businessId === grill.id);
    expect(await decideClaim(admin, rivalClaim!.id, { approve: true })).toBe("owned");
    expect((await businessNow(grill.id)).ownerId).toBe(sara.id);

    const subjects = (await mailsTo(sara.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      `We have your claim for ${grill.name}`,
      `We could not approve your claim for ${grill.name}`,
      `We have your claim for ${grill.name}`,
      `You now manage ${grill.name} on HBS`,
    ]);
    expect((await mailsTo(sara.email))[1]!.text).toContain("The bill names another person.");
    const actions = (
      await app.database.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.entityId, String(grill.id)))
        .orderBy(auditLog.id)
    ).map((a) => a.action);
    expect(actions).toEqual(["business.claim.reject", "business.claim.approve"]);
  });

  it("keeps documents already sent when the member then asks for a code", async () => {
    const grill = await business("https://claim-grill-six.co.uk");
    const omar = await member();
    await submitClaimDocuments(omar, grill.id, [await png()], undefined, NET);
    expect(await sendClaimCode(omar, grill.id, "omar@claim-grill-six.co.uk", NET)).toBe("documents-pending");
    expect((await pendingClaims()).some((c) => c.businessId === grill.id)).toBe(true);
  });
});

/** A business owned by a fresh member, and a stranger. */
async function owned() {
  const grill = await business("https://owned-grill.co.uk");
  const [owner, stranger] = [await member(), await member()];
  await app.database.db.update(directoryBusiness).set({ ownerId: owner.id }).where(eq(directoryBusiness.id, grill.id));
  return { grill, owner, stranger };
}

const ownerEdit = (fields: Record<string, unknown>) => {
  const parsed = ownerEditSchema.safeParse(fields);
  if (!parsed.success) throw parsed.error;
  return parsed.data;
};

describe("the owner's page", () => {
  it("publishes the owner's description, phone, website and hours at once, audited as the owner; nobody else's", async () => {
    const { grill, owner, stranger } = await owned();
    const edit = ownerEdit({
      description: "Charcoal grill, family run since 1998.",
      phone: "0113 496 0000",
      website: "https://owned-grill.co.uk/",
      hours1: "11:00-22:00",
      hours5: "11:00-14:00, 17:00-02:00",
    });
    expect(await editOwnBusiness(stranger, grill.id, edit)).toBeNull();
    expect((await businessNow(grill.id)).description).toBe("A grill in Leeds.");

    expect(await editOwnBusiness(owner, grill.id, edit)).toEqual({ ok: true, changed: true });
    const now = await businessNow(grill.id);
    expect(now).toMatchObject({ description: edit.description, phone: "0113 496 0000" });
    const hours = await app.database.db.select().from(businessHours).where(eq(businessHours.businessId, grill.id));
    expect(hours).toHaveLength(3);
    const [audit] = await app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "business.owner.edit"), eq(auditLog.entityId, String(grill.id))));
    expect(audit).toMatchObject({ actorId: owner.id, actorEmail: owner.email });
    expect(audit!.before).toMatchObject({ description: "A grill in Leeds." });
    expect(audit!.after).toMatchObject({ description: edit.description });
  });

  it("publishes what diners need to go at once: price band, services, prayer space and menu (issue #47)", async () => {
    const { grill, owner, stranger } = await owned();
    const edit = ownerEdit({
      description: "A grill in Leeds.",
      menuUrl: "https://owned-grill.co.uk/menu",
      priceBand: "2",
      takeaway: true,
      delivery: true,
      prayerSpace: "yes",
    });
    expect(await editOwnBusiness(stranger, grill.id, edit)).toBeNull();
    expect(await editOwnBusiness(owner, grill.id, edit)).toEqual({ ok: true, changed: true });
    expect(await businessNow(grill.id)).toMatchObject({
      menuUrl: "https://owned-grill.co.uk/menu",
      priceBand: 2,
      // One service ticked: the others are "no", not "not stated".
      dineIn: false,
      takeaway: true,
      delivery: true,
      prayerSpace: true,
    });
    // None ticked and nothing chosen: not stated.
    expect(await editOwnBusiness(owner, grill.id, ownerEdit({ description: "A grill in Leeds." }))).toEqual({
      ok: true,
      changed: true,
    });
    expect(await businessNow(grill.id)).toMatchObject({
      menuUrl: null,
      priceBand: null,
      dineIn: null,
      takeaway: null,
      delivery: null,
      prayerSpace: null,
    });
    // Only a band of one to four, and a menu on the web.
    for (const [field, value, message] of [
      ["priceBand", "5", "Please choose a price band"],
      ["menuUrl", "javascript:alert(1)", "Please enter the menu's web address starting with https:// or http://"],
    ] as const) {
      const refused = ownerEditSchema.safeParse({ description: "A grill in Leeds.", [field]: value });
      expect(refused.success).toBe(false);
      expect(refused.error!.issues.map((i) => i.message)).toContain(message);
    }
  });

  it("holds the owner's meat supplier for staff with the other halal details (issue #47)", async () => {
    const { grill, owner } = await owned();
    expect(await proposeHalal(owner, grill.id, { halalStatus: "fully_halal", halalMeatSupplier: "Janan Meat" })).toBe(
      "sent",
    );
    expect((await businessNow(grill.id)).halalMeatSupplier).toBeNull();
    const waiting = await pendingHalalProposalOf(grill.id);
    expect(waiting!.fields).toEqual(
      expect.arrayContaining([
        { key: "halalMeatSupplier", label: "Meat supplier", before: "Not stated", after: "Janan Meat" },
      ]),
    );
    expect(await decideHalalProposal(await member(), grill.id, waiting!.id, { approve: true })).toBe(true);
    expect((await businessNow(grill.id)).halalMeatSupplier).toBe("Janan Meat");
  });

  it("holds the owner's halal details for staff, who see them before and after; nobody else can send them", async () => {
    const { grill, owner, stranger } = await owned();
    const proposal = {
      halalStatus: "fully_halal",
      halalCertifierBody: "hmc",
      halalCertificateNumber: "HMC-123",
    } as const;
    expect(await proposeHalal(stranger, grill.id, proposal)).toBeNull();
    expect(await pendingHalalProposalOf(grill.id)).toBeNull();

    expect(await proposeHalal(owner, grill.id, proposal)).toBe("sent");
    // Nothing on the page changes until staff approve.
    expect(await businessNow(grill.id)).toMatchObject({ halalStatus: null, halalCertifierBody: null });
    const waiting = await pendingHalalProposalOf(grill.id);
    expect(waiting!.fields).toEqual(
      expect.arrayContaining([
        { key: "halalStatus", label: "Halal", before: "Not stated", after: "Fully halal" },
        {
          key: "halalCertifierBody",
          label: "Certified by",
          before: "Not stated",
          after: "HMC (Halal Monitoring Committee)",
        },
      ]),
    );
    const admin = await member();
    expect(await decideHalalProposal(admin, grill.id, waiting!.id, { approve: true })).toBe(true);
    expect(await businessNow(grill.id)).toMatchObject({
      halalStatus: "fully_halal",
      halalCertifierBody: "hmc",
      halalCertificateNumber: "HMC-123",
    });
    expect(await decideHalalProposal(admin, grill.id, waiting!.id, { approve: true })).toBe(false);

    await proposeHalal(owner, grill.id, { halalStatus: "halal_options" });
    const second = await pendingHalalProposalOf(grill.id);
    expect(
      await decideHalalProposal(admin, grill.id, second!.id, { approve: false, reason: "Certificate lapsed." }),
    ).toBe(true);
    expect((await businessNow(grill.id)).halalStatus).toBe("fully_halal");
    expect((await mailsTo(owner.email)).slice(-2)).toEqual([
      expect.objectContaining({ subject: `Your halal details are live: ${grill.name}` }),
      expect.objectContaining({
        subject: `We could not publish your halal details: ${grill.name}`,
        text: expect.stringContaining("Why: Certificate lapsed."),
      }),
    ]);
    const decisions = await app.database.db
      .select({ action: auditLog.action, actor: auditLog.actorId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, "business"), eq(auditLog.entityId, String(grill.id))))
      .orderBy(auditLog.id);
    expect(decisions.filter((entry) => entry.action.startsWith("business.halal-proposal-"))).toEqual([
      {
        action: "business.halal-proposal-approve",
        actor: admin.id,
        before: { halalStatus: null, halalCertifierBody: null, halalCertificateNumber: null },
        after: proposal,
      },
      {
        action: "business.halal-proposal-reject",
        actor: admin.id,
        before: null,
        after: { reason: "Certificate lapsed." },
      },
    ]);
  });

  it("shows the owner their businesses' views and favourites over 30 days, and nobody else's", async () => {
    const { grill, owner, stranger } = await owned();
    const day = londonDay(new Date());
    await recordViews(app.database.db, [
      { kind: "business", subject: grill.slug, day, visitor: "a" },
      { kind: "business", subject: grill.slug, day, visitor: "b" },
      { kind: "business", subject: grill.slug, day, visitor: "a" },
      // A listing's view is not the business's.
      { kind: "listing", subject: grill.slug, day, visitor: "c" },
    ]);
    const fans = [await member(), await member()];
    await app.database.db.insert(favouriteBusiness).values([
      { userId: fans[0]!.id, businessId: grill.id },
      { userId: fans[1]!.id, businessId: grill.id, createdAt: new Date(Date.now() - 40 * 24 * 60 * 60 * 1000) },
    ]);
    expect(await ownerDashboard(stranger.id)).toEqual([]);
    const [mine] = await ownerDashboard(owner.id);
    expect(mine!.viewsByDay).toHaveLength(30);
    expect(mine!.viewsByDay.at(-1)).toEqual({ day, views: 2 });
    expect(mine).toMatchObject({ id: grill.id, favourites: 1, favouritesAll: 2, proposalSentAt: null });
  });
});

describe("who owns what", () => {
  it("is the approved owner only", async () => {
    const { grill, owner, stranger } = await owned();
    expect(await isBusinessOwner(app.database.db, owner.id, grill.id)).toBe(true);
    expect(await isBusinessOwner(app.database.db, stranger.id, grill.id)).toBe(false);
    // A claim still waiting makes nobody an owner.
    const waiting = await business(null);
    await submitClaimDocuments(stranger, waiting.id, [await png()], undefined, NET);
    expect(await isBusinessOwner(app.database.db, stranger.id, waiting.id)).toBe(false);
    const [latest] = await app.database.db
      .select()
      .from(businessClaim)
      .where(eq(businessClaim.businessId, waiting.id))
      .orderBy(desc(businessClaim.id));
    expect(latest!.status).toBe("pending");
  });
});
