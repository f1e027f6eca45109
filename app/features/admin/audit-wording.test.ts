import { describe, expect, it } from "vitest";
import { AUDIT_ACTIONS, scheduledJobActor, stripeEventActor } from "~/lib/audit-actions";
import { auditActor, auditSubject, auditTitle, describeChanges, peopleIn } from "./audit-wording";

const people = new Map([
  ["u-aisha", "Aisha Khan"],
  ["u-bilal", "bilal@example.com"],
]);
const names = {
  people,
  listings: new Map([["8", "Corner Bakery"]]),
  businesses: new Map([["3", "Grill House"]]),
};
const lines = (
  action: string,
  entityType: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
) => describeChanges({ action, entityType, before, after }, people);

describe("describeChanges", () => {
  it("reads money as pounds, yes or no, statuses and choices by their names, and nothing as none", () => {
    expect(
      lines(
        "listing.edit",
        "listing",
        { askingPricePence: 8_500_000, monthlyLeasePence: null, relocatable: false, tenure: "leasehold" },
        { askingPricePence: 7_900_000, monthlyLeasePence: 120_050, relocatable: true, tenure: "freehold" },
      ),
    ).toEqual([
      "Asking price £85,000 → £79,000",
      "Lease per month none → £1,200.50",
      "Relocatable No → Yes",
      "Tenure Leasehold → Freehold",
    ]);
    expect(lines("listing.approve", "listing", { status: "pending" }, { status: "published" })).toEqual([
      "Status Waiting for review → Published",
    ]);
    expect(lines("subscription.stripe.refund", "subscription", { status: "active" }, { status: "refunded" })).toEqual([
      "Status Active → Refunded",
    ]);
    expect(lines("enquiry.status", "enquiry", { status: "new" }, { status: "in_progress" })).toEqual([
      "Status Received → In progress",
    ]);
    expect(lines("user.role", "user", { role: "user" }, { role: "admin" })).toEqual(["Role Member → Staff"]);
  });

  it("gives times in London, summer or winter, and calendar days as days", () => {
    expect(
      lines(
        "subscription.stripe.activate",
        "subscription",
        { endDate: "2026-01-15T12:00:00.000Z" },
        { endDate: "2026-07-15T12:00:00.000Z" },
      ),
    ).toEqual(["Ends 15 January 2026 at 12:00 → 15 July 2026 at 13:00"]);
    expect(lines("business.edit", "business", {}, { halalCertificateExpires: "2027-03-31" })).toEqual([
      "Halal certificate expires: 31 Mar 2027",
    ]);
  });

  it("names the member a user-id field holds", () => {
    expect(lines("business.claim.approve", "business", { ownerId: null }, { ownerId: "u-aisha" })).toEqual([
      "Owner set to Aisha Khan",
    ]);
    expect(lines("business.edit", "business", { ownerId: "u-aisha" }, { ownerId: null })).toEqual([
      "Owner removed (was Aisha Khan)",
    ]);
    expect(lines("business.edit", "business", { ownerId: "u-aisha" }, { ownerId: "u-bilal" })).toEqual([
      "Owner changed from Aisha Khan to bilal@example.com",
    ]);
    expect(lines("subscription.create", "subscription", null, { userId: "u-gone" })).toEqual([
      "Member set to a deleted account",
    ]);
  });

  it("reads a field it has no label for as words, text in quotes, and a one-sided entry as such", () => {
    expect(lines("listing.edit", "listing", { someNewFlag: "x" }, { someNewFlag: "y" })).toEqual([
      "Some new flag “x” → “y”",
    ]);
    expect(lines("business.create", "business", null, { giftAidPence: 250, name: "Grill House" })).toEqual([
      "Gift aid: £2.50",
      "Name: “Grill House”",
    ]);
    expect(lines("review.reply-remove", "review", { reply: "Thank you" }, null)).toEqual(["Reply “Thank you” → none"]);
    expect(lines("listing.edit", "listing", { images: ["/a.jpg"] }, { images: ["/a.jpg", "/b.jpg"] })).toEqual([
      "Photos 1 photo → 2 photos",
    ]);
    expect(
      lines(
        "listing.seller.confidential",
        "listing",
        { confidential: false, figures: "" },
        { confidential: true, figures: "askingPrice,turnover" },
      ),
    ).toEqual(["Confidential No → Yes", "Figures shown none → Asking price, Annual turnover"]);
    expect(lines("outbox.retry", "outbox", null, null)).toEqual([]);
  });
});

describe("auditTitle", () => {
  it("has a title for every action, and reads an action it does not know", () => {
    for (const action of AUDIT_ACTIONS) expect(auditTitle(action), action).not.toBe("");
    expect(new Set(AUDIT_ACTIONS.map(auditTitle)).size).toBe(AUDIT_ACTIONS.length);
    expect(auditTitle("listing.approve")).toBe("Listing approved");
    expect(auditTitle("subscription.stripe.refund")).toBe("Subscription refunded by Stripe");
    expect(auditTitle("listing.re-list")).toBe("Listing re list");
  });
});

describe("auditActor", () => {
  it("links a member to their page by name, and names what is not a member without a link", () => {
    expect(auditActor("u-aisha", "aisha@example.com", people)).toEqual({
      name: "Aisha Khan",
      detail: "aisha@example.com",
      href: "/admin/users/u-aisha",
      filter: "u-aisha",
    });
    expect(auditActor(null, stripeEventActor("evt_123"), people)).toEqual({
      name: "Stripe",
      detail: "event evt_123",
      href: null,
      filter: "stripe",
    });
    expect(auditActor(null, scheduledJobActor("listing lifecycle"), people)).toMatchObject({
      name: "Scheduled job",
      detail: "listing lifecycle",
      href: null,
      filter: "scheduled-job",
    });
    // As older entries recorded it.
    expect(auditActor(null, "scheduled job", people)).toMatchObject({ name: "Scheduled job", detail: null });
    expect(auditActor(null, "command line", people)).toMatchObject({ name: "Command line", filter: "command-line" });
    expect(auditActor(null, "seller, by the e-mailed link", people)).toMatchObject({
      name: "Seller, by the e-mailed link",
      filter: "emailed-link",
    });
    expect(auditActor(null, "gone@example.com", people)).toMatchObject({ name: "gone@example.com", href: null });
    expect(auditActor(null, null, people)).toMatchObject({ name: "Former staff", href: null, filter: null });
  });
});

describe("auditSubject", () => {
  const subject = (entityType: string, entityId: string, after: Record<string, unknown> | null = null) =>
    auditSubject({ entityType, entityId, after }, names);

  it("links each subject to its page in the back office, by name where it has one", () => {
    expect(subject("listing", "8")).toEqual({ label: "Listing 8: Corner Bakery", href: "/admin/listings/8" });
    expect(subject("business", "3")).toEqual({ label: "Business 3: Grill House", href: "/admin/directory/3" });
    expect(subject("business", "4")).toEqual({ label: "Business 4", href: "/admin/directory/4" });
    expect(subject("user", "u-aisha")).toEqual({ label: "Member: Aisha Khan", href: "/admin/users/u-aisha" });
    expect(subject("review", "5").href).toBe("/admin/reviews/5");
    expect(subject("thread", "6").href).toBe("/admin/messages/6");
    expect(subject("enquiry", "7").href).toBe("/admin/enquiries/7");
    expect(subject("subscription", "9").href).toBe("/admin/subscriptions?q=9");
    expect(subject("outbox", "10").href).toBe("/admin/outbox?q=10");
    expect(subject("list", "users", { search: "q=khan&role=staff" })).toEqual({
      label: "Members list",
      href: "/admin/users?q=khan&role=staff",
    });
    expect(subject("list", "javascript:alert(1)")).toEqual({ label: "List javascript:alert(1)", href: null });
    expect(subject("listing", "../x").href).toBe("/admin/listings/..%2Fx");
  });
});

describe("peopleIn", () => {
  it("finds the actor, a member subject and the members in the fields", () => {
    expect(
      peopleIn({
        action: "business.edit",
        entityType: "business",
        entityId: "3",
        actorId: "u-staff",
        before: { ownerId: "u-aisha" },
        after: { ownerId: "u-bilal", name: "x" },
      }),
    ).toEqual(["u-staff", "u-aisha", "u-bilal"]);
    expect(
      peopleIn({ action: "user.ban", entityType: "user", entityId: "u-x", actorId: null, before: null, after: null }),
    ).toEqual(["u-x"]);
  });
});
