// Staff acting on a reported conversation (issue #46, point 6; decision
// 0079): the thread's page shows each report, who made it and both members;
// staff warn the member reported (an e-mail through the outbox), block them
// from messaging anywhere on HBS and unblock them, or suspend them, each
// audited. Loaders and actions run as React Router runs them, behind the
// staff guard; the members' own thread page is called with their session.
import { and, desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { recordEnquiry } from "../../app/features/enquiries/enquiries.server";
import { requireAdmin } from "../../app/features/admin/guard.server";
import { openThread, reply, reportThread, threadFromInterest } from "../../app/features/messages/threads.server";
import { getSessionUser } from "../../app/features/account/session.server";
import { action as staffAction, loader as staffLoader } from "../../app/routes/admin/message-thread";
import { action as memberAction } from "../../app/routes/message-thread";
import { getToast } from "../../app/server/toast.server";
import { auditLog, businessListing, message, messageThread, outbox, threadReport, user } from "../../app/server/schema";
import { callAction, signedInMember } from "../helpers/actions";
import { migratedAppDatabase } from "../helpers/test-database";

const app = migratedAppDatabase();
const db = () => app.database.db;
const urlencoded = { "content-type": "application/x-www-form-urlencoded" };

let staff: { id: string; cookie: string };
let ip = 10;
const member = (name: string) =>
  signedInMember(`${name.toLowerCase().replace(/\W+/g, "-")}@example.com`, {
    ip: `198.51.100.${ip++}`,
    fullName: name,
  });

beforeAll(async () => {
  staff = await member("Moderating Staff");
  await db().update(user).set({ role: "admin" }).where(eq(user.id, staff.id));
});

/** A seller's listing, and a buyer's thread with them from a signed-in interest, as the listing page opens it. */
async function threadBetween(buyerId: string, sellerId: string, title = `Grill ${ip}`) {
  const [listing] = await db()
    .insert(businessListing)
    .values({
      slug: `reported-${crypto.randomUUID()}`,
      title,
      category: "food",
      town: "Leeds",
      askingPricePence: 50_000_00,
      description: "A grill.",
      status: "published",
      publishedAt: new Date(),
      sellerId,
    })
    .returning();
  await recordEnquiry(db(), {
    kind: "listing_interest",
    subject: title,
    listingId: listing!.id,
    userId: buyerId,
    sharedWithSeller: true,
    fields: { fullName: "Buyer", email: "buyer@example.com", contactNumber: "07700 900000" },
    alsoStore: (tx, _stored, userId) => threadFromInterest(tx, listing!.id, userId!, "I am interested."),
  });
  const [thread] = await db()
    .select()
    .from(messageThread)
    .where(and(eq(messageThread.listingId, listing!.id), eq(messageThread.buyerId, buyerId)));
  return thread ?? null;
}

/** Runs the thread page's loader or action under /admin as the router does: the staff guard first. */
async function asStaff(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the route's loader or action
  handler: (args: any) => unknown,
  threadId: number,
  form?: Record<string, string>,
) {
  const path = `/admin/messages/${threadId}`;
  const request = new Request(`http://localhost${path}`, {
    ...(form && { method: "POST", body: new URLSearchParams(form) }),
    headers: { cookie: staff.cookie, ...(form && urlencoded) },
  });
  const args = {
    request,
    params: { id: String(threadId) },
    context: new RouterContextProvider(),
    url: new URL(request.url),
    pattern: "/admin/messages/:id",
  };
  await requireAdmin(args, async () => new Response());
  return handler(args);
}

const page = async (threadId: number) =>
  (await asStaff(staffLoader, threadId)) as Awaited<ReturnType<typeof staffLoader>>;

/** Posts one of the thread page's forms; a redirect's flashed toast title, or a refusal's status and data. */
async function act(threadId: number, form: Record<string, string>) {
  const answer = (await asStaff(staffAction, threadId, form)) as
    Response | { init: { status: number } | null; data: { result: { error: Record<string, string[]> } } };
  if (answer instanceof Response) {
    const cookie = answer.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const { toast } = await getToast(new Request("http://localhost/", { headers: { cookie } }));
    return { status: answer.status, toast: toast?.title, error: undefined };
  }
  return { status: answer.init?.status, toast: undefined, error: answer.data.result.error };
}

const auditOf = (entityType: string, entityId: string | number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, String(entityId))))
    .orderBy(auditLog.id);

const reportsOf = (threadId: number) =>
  db().select().from(threadReport).where(eq(threadReport.threadId, threadId)).orderBy(threadReport.id);

const messageCount = async (threadId: number) =>
  (await db().select().from(message).where(eq(message.threadId, threadId))).length;

describe("a reported thread in the back office", () => {
  it("shows each report with who made it and when, both members linked, and the actions for the member reported", async () => {
    const buyer = await member("Rahim Buyer");
    const seller = await member("Salma Seller");
    const thread = (await threadBetween(buyer.id, seller.id))!;
    expect(await reportThread(buyer.id, thread.id, "Asked me to pay outside HBS.", "198.51.100.200")).toBe("reported");

    const { thread: shown } = await page(thread.id);
    expect(shown.buyer).toMatchObject({ side: "buyer", id: buyer.id, name: "Rahim Buyer" });
    expect(shown.seller).toMatchObject({ side: "seller", id: seller.id, name: "Salma Seller" });
    expect(shown.reports).toEqual([
      {
        id: expect.any(Number),
        reason: "Asked me to pay outside HBS.",
        status: "open",
        at: expect.stringMatching(/^\d{1,2} \w+ \d{4} at \d{2}:\d{2}$/),
        by: expect.objectContaining({ side: "buyer", id: buyer.id, name: "Rahim Buyer" }),
      },
    ]);
    // Only the member the report was about is acted on: the seller, not the buyer who reported.
    expect(shown.reported).toEqual([
      {
        side: "seller",
        id: seller.id,
        name: "Salma Seller",
        email: "salma-seller@example.com",
        suspended: false,
        messagingBlockedSince: null,
      },
    ]);
  });

  it("warns the member reported by e-mail, in staff's words with the standard line, audited, and resolves the report", async () => {
    const buyer = await member("Warned Buyer");
    const seller = await member("Warning Seller");
    const thread = (await threadBetween(buyer.id, seller.id, "Corner Café"))!;
    await reportThread(seller.id, thread.id, "Rude messages.", "198.51.100.201");
    const words = "Please keep your messages polite: the seller is not obliged to answer at once.";

    // Nobody reported the seller: they cannot be warned from here, and nothing is queued.
    const queued = (await db().select().from(outbox)).length;
    expect((await act(thread.id, { intent: "warn-seller", words })).toast).toBe(
      "Only a member this conversation was reported about can be acted on here",
    );
    expect((await act(thread.id, { intent: "warn-buyer", words: " " })).error).toEqual({
      words: ["Please write what to tell them"],
    });
    expect((await db().select().from(outbox)).length).toBe(queued);

    expect(await act(thread.id, { intent: "warn-buyer", words })).toMatchObject({
      status: 302,
      toast: "Warning e-mailed",
    });
    const [mail] = (await db().select().from(outbox).orderBy(desc(outbox.id)).limit(1)).map(
      (row) => row.payload as { to: string; subject: string; text: string },
    );
    expect(mail).toMatchObject({ to: "warned-buyer@example.com", subject: "A warning from HBS about your messages" });
    expect(mail!.text).toContain(`Dear Warned Buyer,\n\n${words}\n\n`);
    expect(mail!.text).toContain(
      'We are writing because a member reported your messages in a conversation about "Corner Café" on HBS.',
    );
    expect(mail!.text).toContain("/terms");
    expect(await auditOf("user", buyer.id)).toMatchObject([
      { action: "user.warn", actorId: staff.id, after: { threadId: thread.id, warning: words } },
    ]);
    const [report] = await reportsOf(thread.id);
    expect(report!.status).toBe("resolved");
    expect(await auditOf("thread", thread.id)).toMatchObject([
      { action: "message-report.resolve", actorId: staff.id, after: { reportId: report!.id, by: "warn" } },
    ]);
  });

  it("blocks the member reported from messaging anywhere on HBS, says so when they send, and unblocking lets them again", async () => {
    const buyer = await member("Blocked Buyer");
    const seller = await member("Reporting Seller");
    const elsewhere = await member("Another Seller");
    const thread = (await threadBetween(buyer.id, seller.id))!;
    const otherThread = (await threadBetween(buyer.id, elsewhere.id))!;
    await reportThread(seller.id, thread.id, "Threatening messages.", "198.51.100.202");

    expect((await act(thread.id, { intent: "block-buyer" })).toast).toBe("Blocked from messaging");
    const [blocked] = await db().select().from(user).where(eq(user.id, buyer.id));
    expect(blocked!.messagingBlockedAt).toBeInstanceOf(Date);
    expect((await page(thread.id)).thread.reported[0]!.messagingBlockedSince).not.toBeNull();
    expect((await reportsOf(thread.id))[0]!.status).toBe("resolved");

    // Their send is refused with the reason, in this thread and any other; nothing is stored.
    const before = await messageCount(otherThread.id);
    const refused = await callAction<{ result: { error: Record<string, string[]> } }>(memberAction, {
      path: `/messages/${otherThread.id}`,
      params: { id: String(otherThread.id) },
      body: new URLSearchParams({ intent: "reply", body: "Hello again." }),
      headers: { ...urlencoded, cookie: buyer.cookie },
    });
    expect(refused.status).toBe(403);
    expect(refused.data.result.error[""]).toEqual([
      "HBS has stopped you sending messages. Your conversations stay here to read. If you think this is a mistake, please contact us.",
    ]);
    expect(await messageCount(otherThread.id)).toBe(before);
    expect(await reply(buyer, thread.id, "Sorry.")).toBe("stopped");
    // What they wrote stays readable to them, and they start no new thread.
    const mine = await openThread(buyer.id, thread.id);
    expect(mine).toMatchObject({ stopped: true, messages: [{ body: "I am interested.", mine: true }] });
    expect(await threadBetween(buyer.id, elsewhere.id, "A third grill")).toBeNull();
    // The member who reported may still write.
    expect(await reply(seller, thread.id, "Noted.")).toBe("sent");

    expect((await act(thread.id, { intent: "unblock-buyer" })).toast).toBe("Messaging allowed again");
    expect((await db().select().from(user).where(eq(user.id, buyer.id)))[0]!.messagingBlockedAt).toBeNull();
    expect(await reply(buyer, otherThread.id, "Hello again.")).toBe("sent");
    expect((await auditOf("user", buyer.id)).map((e) => [e.action, e.actorId, e.after?.threadId])).toEqual([
      ["user.messaging-block", staff.id, thread.id],
      ["user.messaging-unblock", staff.id, thread.id],
    ]);
  });

  it("suspends the member reported from the thread, through the users' own suspension, and audits it", async () => {
    const buyer = await member("Suspending Buyer");
    const seller = await member("Suspended Seller");
    const thread = (await threadBetween(buyer.id, seller.id))!;
    await reportThread(buyer.id, thread.id, "Scam: asked for a deposit by bank transfer.", "198.51.100.203");

    expect((await act(thread.id, { intent: "suspend-seller", reason: "" })).error).toEqual({
      reason: ["Please say why"],
    });
    expect(
      await act(thread.id, { intent: "suspend-seller", reason: "Deposit scam in a reported thread." }),
    ).toMatchObject({ status: 302, toast: "Account suspended; their sessions have ended" });
    const [suspended] = await db().select().from(user).where(eq(user.id, seller.id));
    expect(suspended).toMatchObject({ banned: true, banReason: "Deposit scam in a reported thread." });
    expect(await getSessionUser(new Request("http://localhost/", { headers: { cookie: seller.cookie } }))).toBeNull();
    expect(await auditOf("user", seller.id)).toMatchObject([
      {
        action: "user.ban",
        actorId: staff.id,
        after: { banned: true, banReason: "Deposit scam in a reported thread." },
      },
    ]);
    const [report] = await reportsOf(thread.id);
    expect(report!.status).toBe("resolved");
    expect(await auditOf("thread", thread.id)).toMatchObject([
      { action: "message-report.resolve", after: { reportId: report!.id, by: "suspend" } },
    ]);
    expect((await page(thread.id)).thread.reported[0]!.suspended).toBe(true);
  });

  // Every back-office action reads its form as this one does (readStaffAction).
  it("answers a 404 for an id that is none, and refuses a form without an action or too large", async () => {
    await expect(asStaff(staffAction, Number.NaN, { intent: "reply", body: "Hello" })).rejects.toMatchObject({
      init: { status: 404 },
    });
    const thread = (await threadBetween((await member("Quiet Buyer")).id, (await member("Quiet Seller")).id))!;
    expect(await act(thread.id, { body: "Hello" })).toEqual({
      status: 400,
      toast: undefined,
      error: { "": ["Unknown action"] },
    });
    expect(await act(thread.id, { intent: "reply", body: "x".repeat(70_000) })).toMatchObject({ status: 413 });
    expect(await messageCount(thread.id)).toBe(1);
  });
});
