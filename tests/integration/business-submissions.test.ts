// Owners add their business (issue #47 point 1, decision 0095), through the
// routes' actions on PGlite or PostgreSQL: the first step offers businesses
// alike near the postcode to claim instead; a business sent waits unpublished
// with its proof; staff approve (its adder owns it), merge it into an existing
// business, or reject it with a reason, each e-mailed; bad input and another
// member change nothing.
import { and, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "../../app/features/account/session.server";
import { searchBusinesses } from "../../app/features/directory/businesses.server";
import { parseDirectoryQuery } from "../../app/features/directory/directory-query.server";
import { decideSubmission, submissionForStaff } from "../../app/features/owners/submission-decisions.server";
import { NO_PROOF } from "../../app/features/owners/submission-schema";
import { claimDocuments } from "../../app/features/owners/claims.server";
import { action as addAction, loader as addLoader } from "../../app/routes/directory-add";
import { action as accountAction } from "../../app/routes/my-account";
import { action as submissionAction, loader as submissionLoader } from "../../app/routes/my-business-submission";
import { auditLog, businessHours, businessSubmission, directoryBusiness, outbox, user } from "../../app/server/schema";
import { callAction, signedInMember } from "../helpers/actions";
import { addBusiness, businessPageData } from "../helpers/directory-fixtures";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();
const db = () => app.database.db;
const staff = { id: "staff-submissions", email: "submissions-staff@example.com", role: "admin" } as SessionUser;
let amina: { id: string; cookie: string };
let bilal: { id: string; cookie: string };

beforeAll(async () => {
  amina = await signedInMember("amina-adds@example.com", { ip: "198.51.100.171", fullName: "Amina Adds" });
  bilal = await signedInMember("bilal-adds@example.com", { ip: "198.51.100.172", fullName: "Bilal Adds" });
  await db().insert(user).values({ id: staff.id, email: staff.email, emailVerified: true, role: "admin" });
});

const png = async () =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width: 40, height: 30, channels: 3, background: "#3366cc" } })
          .png()
          .toBuffer(),
      ),
    ],
    "rates-bill.png",
    { type: "image/png" },
  );

interface AddAnswer {
  intent: string;
  result: { status?: string; error?: Record<string, string[] | null> };
  duplicates?: { name: string; slug: string; owned: boolean }[];
}

let network = 0;
function add(cookie: string, fields: Record<string, string>, documents: File[] = []) {
  network += 1;
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of documents) body.append("documents", file);
  return callAction<AddAnswer>(addAction, {
    path: "/halal-network-space/add",
    ip: `203.0.113.${100 + network}`,
    body,
    headers: { cookie },
  });
}

const details = (name: string, extra: Record<string, string> = {}) => ({
  intent: "details",
  name,
  category: "food",
  postcode: "NP44 1PU",
  address: "12 Market Street",
  town: "Cwmbran",
  description: "Charcoal grill and family restaurant, everything halal.",
  hours1: "12:00-22:00",
  halalStatus: "fully_halal",
  ...extra,
});

const submissionsOf = (memberId: string) =>
  db().select().from(businessSubmission).where(eq(businessSubmission.userId, memberId));
const mailsTo = async (to: string) =>
  (await db().select().from(outbox).orderBy(outbox.id))
    .map((row) => row.payload as { to: string; subject: string; text: string })
    .filter((mail) => mail.to === to);
const inDirectory = async (search: string) =>
  (await searchBusinesses(parseDirectoryQuery(new URLSearchParams({ search })), null)).items.map((b) => b.name);
const idFrom = (answer: { headers: Headers }) =>
  Number(/\/my-businesses\/added\/(\d+)$/.exec(answer.headers.get("location") ?? "")![1]);

describe("the first step", () => {
  it("asks a visitor to sign in first", async () => {
    const thrown = await addLoader({
      request: new Request("http://localhost/halal-network-space/add"),
      params: {},
      context: new RouterContextProvider(),
    } as never).catch((answer: unknown) => answer);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/auth?redirectTo=%2Fhalal-network-space%2Fadd");
    // A visitor's post, too: sent to sign in, nothing stored.
    const posted = await add("", { intent: "start", name: "Visitor Grill", category: "food", postcode: "NP44 1PU" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/auth?redirectTo=%2Fhalal-network-space%2Fadd");
  });

  it("offers businesses with a name alike in the same postcode district to claim instead", async () => {
    await addBusiness(db(), "Saffron Grill House", { town: "Cwmbran", postcode: "NP44 3AB" }, []);
    await addBusiness(db(), "Saffron Grill Leeds", { slug: "saffron-leeds", postcode: "LS1 4AP" }, []);
    await addBusiness(
      db(),
      "Saffron Grill Hidden",
      { slug: "saffron-hidden", postcode: "NP44 3AC", published: false },
      [],
    );
    await addBusiness(db(), "Dental Practice", { town: "Cwmbran", postcode: "NP44 3AD" }, []);
    const answer = await add(amina.cookie, {
      intent: "start",
      name: "Saffron Grill",
      category: "food",
      postcode: "np44 1pu",
    });
    expect(answer.status).toBe(200);
    expect(answer.data.intent).toBe("details");
    // Near and alike only: not another district's, not an unpublished one, not another name.
    expect(answer.data.duplicates!.map((b) => b.name)).toEqual(["Saffron Grill House"]);
    expect(answer.data.duplicates![0]).toMatchObject({ slug: "saffron-grill-house", owned: false });
  });

  it("says what is wrong with the name, kind or postcode", async () => {
    const answer = await add(amina.cookie, { intent: "start", name: "", category: "", postcode: "NP44" });
    expect(answer.status).toBe(400);
    expect(answer.data.result.error).toMatchObject({
      name: ["Name is required"],
      category: ["Please choose a category"],
      postcode: ["Please enter a full UK postcode, like LS1 4AP"],
    });
  });
});

describe("sending the business", () => {
  it("refuses what is missing or wrong, and stores nothing", async () => {
    const before = (await submissionsOf(amina.id)).length;
    const missing = await add(amina.cookie, details("Nowhere Grill", { address: "", description: "" }), [await png()]);
    expect(missing.status).toBe(400);
    expect(missing.data.result.error).toMatchObject({
      address: ["Address is required"],
      description: ["Description is required"],
    });
    const noProof = await add(amina.cookie, details("Nowhere Grill"));
    expect(noProof.data.result.error?.documents).toEqual([NO_PROOF]);
    const wrongDomain = await add(
      amina.cookie,
      details("Nowhere Grill", { website: "https://www.nowhere-grill.co.uk", proofEmail: "amina@gmail.com" }),
    );
    expect(wrongDomain.data.result.error?.proofEmail).toEqual(["The address must be at nowhere-grill.co.uk"]);
    // A website "at" a mail provider would let anyone have codes sent to its addresses.
    const freeMail = await add(
      amina.cookie,
      details("Nowhere Grill", { website: "https://gmail.com", proofEmail: "someone@gmail.com" }),
    );
    expect(freeMail.data.result.error?.proofEmail).toEqual([
      "gmail.com is an e-mail provider's, not your business's own: please send documents instead",
    ]);
    const notAnImage = await add(amina.cookie, details("Nowhere Grill"), [
      new File(["%PDF-1.4 not a picture"], "bill.png", { type: "image/png" }),
    ]);
    expect(notAnImage.status).toBe(400);
    expect(notAnImage.data.result.error?.documents?.[0]).toMatch(/could not be read|JPEG, PNG or WebP/);
    expect(await submissionsOf(amina.id)).toHaveLength(before);
    expect(await inDirectory("Nowhere")).toEqual([]);
  });

  it("waits unpublished with its documents until staff approve it; then its adder owns it", async () => {
    const sent = await add(amina.cookie, details("Cedar Lounge Cwmbran", { phone: "01633 000111" }), [await png()]);
    expect(sent.status).toBe(302);
    const id = idFrom(sent);
    const [submission] = await db().select().from(businessSubmission).where(eq(businessSubmission.id, id));
    expect(submission).toMatchObject({ userId: amina.id, status: "pending" });
    expect(submission!.documents).toHaveLength(1);
    const [draft] = await db()
      .select()
      .from(directoryBusiness)
      .where(eq(directoryBusiness.id, submission!.businessId!));
    expect(draft).toMatchObject({ published: false, ownerId: null, postcode: "NP44 1PU", halalStatus: "fully_halal" });
    expect(await db().select().from(businessHours).where(eq(businessHours.businessId, draft!.id))).toHaveLength(1);
    // Not in the directory, nor its page, while it waits.
    expect(await inDirectory("Cedar Lounge")).toEqual([]);
    await expect(businessPageData(draft!.slug)).rejects.toMatchObject({ init: { status: 404 } });
    expect((await mailsTo("amina-adds@example.com")).map((m) => m.subject)).toContain(
      "We have your business: Cedar Lounge Cwmbran",
    );

    // Staff see it with its proof; then approve it.
    const forStaff = await submissionForStaff(id);
    expect(forStaff!.member.email).toBe("amina-adds@example.com");
    expect(await decideSubmission(staff, id, { approve: true })).toBe("approved");
    expect(await decideSubmission(staff, id, { approve: true })).toBe("not-pending");
    const [published] = await db().select().from(directoryBusiness).where(eq(directoryBusiness.id, draft!.id));
    expect(published).toMatchObject({ published: true, ownerId: amina.id });
    expect(await inDirectory("Cedar Lounge")).toEqual(["Cedar Lounge Cwmbran"]);
    expect((await businessPageData(draft!.slug)).business.name).toBe("Cedar Lounge Cwmbran");
    expect((await mailsTo("amina-adds@example.com")).map((m) => m.subject)).toContain(
      "Cedar Lounge Cwmbran is now in the HBS directory",
    );
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "business.submission.approve"), eq(auditLog.entityId, String(draft!.id))));
    expect(audit!.actorId).toBe(staff.id);
  });

  it("proves it by a code to an address at the website's domain, once and only with the right code", async () => {
    const sent = await add(
      amina.cookie,
      details("Olive Tree Kitchen", {
        website: "https://www.olive-tree-kitchen.co.uk",
        proofEmail: "Amina@Olive-Tree-Kitchen.co.uk",
      }),
    );
    expect(sent.status).toBe(302);
    const id = idFrom(sent);
    const [mail] = await mailsTo("amina@olive-tree-kitchen.co.uk");
    const code = /Their code is: (\d{6})/.exec(mail!.text)![1]!;
    const confirm = (cookie: string, typed: string) =>
      callAction<AddAnswer>(submissionAction, {
        path: `/my-businesses/added/${id}`,
        params: { id: String(id) },
        body: new URLSearchParams({ intent: "confirm-code", code: typed }),
        headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      });
    // Sent but not yet confirmed, the code proves nothing: staff cannot approve it.
    expect(await decideSubmission(staff, id, { approve: true })).toBe("unproved");
    expect((await db().select().from(businessSubmission).where(eq(businessSubmission.id, id)))[0]!.status).toBe(
      "pending",
    );
    // Another member's visit to its page is a 404, as for one that does not exist.
    const peek = await submissionLoader({
      request: new Request(`http://localhost/my-businesses/added/${id}`, { headers: { cookie: bilal.cookie } }),
      params: { id: String(id) },
      context: new RouterContextProvider(),
    } as never).catch((thrown: unknown) => thrown);
    expect(peek).toMatchObject({ init: { status: 404 } });
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await confirm(amina.cookie, wrong)).data.result.error?.code).toEqual([
      "That code is not right. Check the e-mail and try again.",
    ]);
    // Another member's try is a 404, as for a submission that does not exist, and proves nothing.
    expect((await confirm(bilal.cookie, code)).status).toBe(404);
    expect((await confirm(amina.cookie, code)).status).toBe(302);
    expect((await confirm(amina.cookie, code)).data.result.error?.code).toEqual(["That code has already been used."]);
    const [submission] = await db().select().from(businessSubmission).where(eq(businessSubmission.id, id));
    expect(submission!.provedAt).toBeInstanceOf(Date);
    expect(submission!.proofEmail).toBe("amina@olive-tree-kitchen.co.uk");
    // A code at the domain the adder gave is no proof of a business already listed at another.
    const listed = await addBusiness(
      db(),
      "Olive Tree Kitchen Cwmbran",
      { slug: "olive-tree-listed", town: "Cwmbran", postcode: "NP44 1AB", website: "https://olive-tree.example" },
      [],
    );
    expect(await decideSubmission(staff, id, { mergeInto: listed })).toBe("unproved-for-merge");
    expect(
      (await db().select().from(directoryBusiness).where(eq(directoryBusiness.id, listed)))[0]!.ownerId,
    ).toBeNull();
  });

  it("merges into the business already listed, which its adder then owns, and the draft goes", async () => {
    const existing = await addBusiness(db(), "Lahore Tikka House", { town: "Cwmbran", postcode: "NP44 2ZZ" }, []);
    const owned = await addBusiness(db(), "Lahore Tikka Owned", { postcode: "NP44 2ZY", ownerId: staff.id }, []);
    const id = idFrom(await add(bilal.cookie, details("Lahore Tikka", { postcode: "NP44 2AA" }), [await png()]));
    const { duplicates, draft } = (await submissionForStaff(id))!;
    expect(duplicates.map((b) => b.name)).toEqual(expect.arrayContaining(["Lahore Tikka House", "Lahore Tikka Owned"]));
    // Never into a business someone else owns: nothing changes.
    expect(await decideSubmission(staff, id, { mergeInto: owned })).toBe("owned");
    expect((await db().select().from(businessSubmission).where(eq(businessSubmission.id, id)))[0]!.status).toBe(
      "pending",
    );
    expect(await decideSubmission(staff, id, { mergeInto: existing })).toBe("merged");
    const [into] = await db().select().from(directoryBusiness).where(eq(directoryBusiness.id, existing));
    expect(into!.ownerId).toBe(bilal.id);
    expect(await db().select().from(directoryBusiness).where(eq(directoryBusiness.id, draft!.id))).toEqual([]);
    expect((await mailsTo("bilal-adds@example.com")).map((m) => m.subject)).toContain(
      "You now manage Lahore Tikka House on HBS",
    );
  });

  it("can be rejected when staff already deleted its draft", async () => {
    const id = idFrom(await add(bilal.cookie, details("Deleted Draft Diner"), [await png()]));
    const draftId = (await submissionForStaff(id))!.draft!.id;
    await db().delete(directoryBusiness).where(eq(directoryBusiness.id, draftId));
    expect(await decideSubmission(staff, id, { approve: true })).toBe("no-draft");
    expect(await decideSubmission(staff, id, { approve: false, reason: "A duplicate." })).toBe("rejected");
    const [mail] = (await mailsTo("bilal-adds@example.com")).filter((m) => m.subject.includes("Deleted Draft Diner"));
    expect(mail).toBeDefined();
  });

  it("is rejected with a reason its adder is e-mailed and sees; what they sent stays on record", async () => {
    const id = idFrom(await add(bilal.cookie, details("Not Really Halal Diner"), [await png()]));
    const draftId = (await submissionForStaff(id))!.draft!.id;
    expect(await decideSubmission(staff, id, { approve: false, reason: "The documents name another business." })).toBe(
      "rejected",
    );
    expect(await db().select().from(directoryBusiness).where(eq(directoryBusiness.id, draftId))).toEqual([]);
    const [mail] = (await mailsTo("bilal-adds@example.com")).filter(
      (m) => m.subject === "We could not add Not Really Halal Diner to the directory",
    );
    expect(mail!.text).toContain("Why: The documents name another business.");
    const page = (await submissionLoader({
      request: new Request(`http://localhost/my-businesses/added/${id}`, { headers: { cookie: bilal.cookie } }),
      params: { id: String(id) },
      context: new RouterContextProvider(),
    } as never)) as { status: string; reason: string; name: string };
    expect(page).toMatchObject({
      status: "rejected",
      reason: "The documents name another business.",
      name: "Not Really Halal Diner",
    });
  });

  it("takes five a day from a member; the sixth is refused and stores nothing", async () => {
    const busy = await signedInMember("busy-adder@example.com", { ip: "198.51.100.173", fullName: "Busy Adder" });
    const byCode = (n: number) =>
      details(`Busy Branch ${n}`, { website: "https://www.busy-branches.co.uk", proofEmail: "me@busy-branches.co.uk" });
    for (const n of [1, 2, 3, 4, 5]) expect((await add(busy.cookie, byCode(n))).status).toBe(302);
    const sixth = await add(busy.cookie, byCode(6));
    expect(sixth.status).toBe(429);
    expect(sixth.data.result.error?.[""]).toEqual([
      "Too many businesses have been added today. Please try again in a day.",
    ]);
    expect(await submissionsOf(busy.id)).toHaveLength(5);
  });

  it("drops a waiting draft and the proof documents when its adder's account goes", async () => {
    const leaver = await signedInMember("leaving-adder@example.com", { ip: "198.51.100.174", fullName: "Leaving" });
    const id = idFrom(await add(leaver.cookie, details("Gone Tomorrow Grill"), [await png()]));
    const { draft, submission } = (await submissionForStaff(id))!;
    expect(await claimDocuments().has(submission.documents[0]!)).toBe(true);
    const deleted = await callAction(accountAction, {
      path: "/my-account",
      body: new URLSearchParams({ intent: "delete-account", password: "Quiet-Harbour-19" }),
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: leaver.cookie },
    });
    expect(deleted.status).toBe(302);
    expect(await db().select().from(directoryBusiness).where(eq(directoryBusiness.id, draft!.id))).toEqual([]);
    expect(await claimDocuments().has(submission.documents[0]!)).toBe(false);
    // What was published stays.
    expect(await inDirectory("Lahore Tikka House")).toEqual(["Lahore Tikka House"]);
  });
});
