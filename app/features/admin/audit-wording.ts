// The audit log in words a member of staff reads (decision 0077): what each
// action was, what each changed field went from and to ("Asking price
// £85,000 → £79,000", "Owner set to Aisha Khan"), who or what acted, and the
// back-office page of what it was done to. Pure: the names of the people,
// listings and businesses an entry mentions are looked up beforehand, a
// page's worth at a time (audit.server.ts).
import { enquiryStatusLabels } from "~/features/enquiries/enquiry-kinds";
import { confidentialFigures } from "~/features/marketplace/confidential";
import { leaseTypeLabels, paymentTermLabels, tenureLabels } from "~/features/marketplace/listing-facts";
import { certifierLabels, evidenceLabels, halalStatusLabels, slaughterLabels } from "~/features/directory/halal";
import { directoryTabs, listingCategoryLabel } from "~/lib/categories";
import { formatCalendarDay, formatLondonDateTime } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { AUTOMATIC_ACTORS, type AuditAction, type AuditSubject, type AutomaticActor } from "~/lib/audit-actions";
import { evidenceKindLabels } from "~/features/selling/evidence";
import { listingStatusLabels } from "./labels";

type Fields = Record<string, unknown>;

/** Every action as a title; a new action needs one here before the log can show it. */
export const auditActionTitles: Record<AuditAction, string> = {
  "business.claim.approve": "Business claim approved",
  "business.claim.code": "Business claimed with its code",
  "business.claim.reject": "Business claim rejected",
  "business.submission": "Business added by a member, waiting for staff",
  "business.submission.approve": "Added business approved and published",
  "business.submission.merge": "Added business merged into an existing one",
  "business.submission.reject": "Added business rejected",
  "business.certificate-rejected": "Certificate photo turned down",
  "business.certificate-shown": "Certificate photo checked and shown",
  "business.closure-confirmed": "Business confirmed closed and unpublished",
  "business.closure-dismissed": "Business reported closed, found still open",
  "business.create": "Business added",
  "business.edit": "Business edited",
  "business.halal-proposal-approve": "Owner's halal details approved",
  "business.halal-proposal-reject": "Owner's halal details turned down",
  "business.hygiene-link": "Food hygiene rating linked",
  "business.owner.edit": "Business edited by its owner",
  "business.owner.halal-proposal": "Halal details sent by the owner",
  "business.promotion": "Business's paid promotion changed",
  "business.review-warning": "Warning about bought reviews changed",
  "enquiry.note": "Note added to an enquiry",
  "enquiry.status": "Enquiry moved on",
  "list.export": "List exported",
  "listing.approve": "Listing approved",
  "listing.availability-check": "Seller asked if the listing is still available",
  "listing.confidential": "Listing's confidentiality changed",
  "listing.edit": "Listing edited",
  "listing.expire": "Listing expired",
  "listing.feature": "Listing featured",
  "listing.figures-check": "Listing's figures checked against its evidence",
  "listing.mark-sold": "Listing marked as sold",
  "listing.nda-revoke": "Buyer's NDA access revoked",
  "listing.offer-cleared": "Listing no longer under offer",
  "listing.promotion": "Listing's paid promotion changed",
  "listing.reject": "Listing rejected",
  "listing.republish": "Listing put back on the market",
  "listing.revision-approve": "Seller's changes approved",
  "listing.revision-reject": "Seller's changes turned down",
  "listing.seller.confidential": "Confidentiality changed by the seller",
  "listing.seller.confirm": "Listing confirmed still available by the seller",
  "listing.seller.edit": "Listing edited by the seller",
  "listing.seller.evidence": "Evidence for the figures sent by the seller",
  "listing.seller.mark-sold": "Listing marked as sold by the seller",
  "listing.seller.offer-cleared": "Offer cleared by the seller",
  "listing.seller.renew": "Listing renewed by the seller",
  "listing.seller.republish": "Listing put back on the market by the seller",
  "listing.seller.revision": "Changes sent for review by the seller",
  "listing.seller.under-offer": "Listing marked under offer by the seller",
  "listing.seller.withdraw": "Listing withdrawn by the seller",
  "listing.under-offer": "Listing marked under offer",
  "listing.unfeature": "Listing no longer featured",
  "listing.withdraw": "Listing withdrawn",
  "message-report.resolve": "Reported conversation resolved",
  "outbox.retry": "E-mail sent again",
  "review.owner.reply": "Review answered by the owner",
  "review.owner.reply-delete": "Reply deleted by the owner",
  "review.photo-remove": "Photo removed from a review",
  "review.publish": "Review published",
  "review.remove": "Review removed",
  "review.reply-remove": "Owner's reply removed",
  "subscription.activate": "Subscription activated",
  "subscription.cancel": "Subscription cancelled",
  "subscription.create": "Subscription created",
  "subscription.expire": "Subscription expired",
  "subscription.stripe.abandon": "Checkout abandoned (closed by Stripe)",
  "subscription.stripe.activate": "Subscription activated by Stripe",
  "subscription.stripe.cancel": "Subscription cancelled by Stripe",
  "subscription.stripe.expire": "Subscription expired in Stripe",
  "subscription.stripe.payment": "Payment received by Stripe",
  "subscription.stripe.payment-failed": "Payment failed in Stripe",
  "subscription.stripe.refund": "Subscription refunded by Stripe",
  "subscription.stripe.renew": "Subscription renewed by Stripe",
  "subscription.stripe.update": "Subscription updated by Stripe",
  "user.ban": "Member suspended",
  "user.create-admin": "Staff account created",
  "user.messaging-block": "Member blocked from messaging",
  "user.messaging-unblock": "Member allowed to message again",
  "user.role": "Role changed",
  "user.sign-out-everywhere": "Signed out everywhere",
  "user.unban": "Member's suspension lifted",
  "user.warn": "Member warned",
};

/** What each kind of subject is, for the log's subject filter. */
export const auditSubjectLabels: Record<AuditSubject, string> = {
  business: "Businesses",
  enquiry: "Enquiries",
  list: "Lists exported",
  listing: "Listings",
  outbox: "E-mails",
  review: "Reviews",
  subscription: "Subscriptions",
  thread: "Conversations",
  user: "Members",
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "reasonForSale" → "Reason for sale": a field no label names still reads as words. */
const humanise = (name: string) =>
  capitalise(
    name
      .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
      .replace(/[-_.]+/g, " ")
      .trim()
      .toLowerCase(),
  );

/** An action no longer in AUDIT_ACTIONS (an older entry's) still reads: "listing.re-list" → "Listing re list". */
export function auditTitle(action: string): string {
  return Object.hasOwn(auditActionTitles, action) ? auditActionTitles[action as AuditAction] : humanise(action);
}

/** The fields that hold a member's id, and what that member is to the subject. */
const personFields: Record<string, string> = {
  ownerId: "Owner",
  sellerId: "Seller",
  userId: "Member",
  memberId: "Member",
  claimantId: "Claimant",
};

const fieldLabels: Record<string, string> = {
  accommodationDescription: "Accommodation",
  accommodationIncluded: "Accommodation included",
  alcoholLicence: "Alcohol licence",
  alcoholServed: "Alcohol served",
  annualRentPence: "Annual rent",
  annualRevenuePence: "Annual turnover",
  askingPricePence: "Asking price",
  banReason: "Reason for suspending",
  banned: "Suspended",
  body: "Note",
  claimId: "Claim",
  confidentialFigures: "Figures shown",
  confidentialTitle: "Confidential title",
  confirmedAt: "Confirmed still available",
  email: "E-mail",
  endDate: "Ends",
  evidenceKind: "Evidence",
  failedPaymentPence: "Payment failed",
  fhrsid: "Food hygiene rating id",
  files: "Files",
  halalCertificateExpires: "Halal certificate expires",
  halalCertificateNumber: "Halal certificate number",
  halalCertifier: "Halal certifier",
  halalCertifierBody: "Halal certifying body",
  halalCheckedOn: "Halal details checked on",
  halalEvidence: "Halal evidence",
  halalSlaughter: "Slaughter",
  halalStatus: "Halal status",
  halalStunned: "Stunned",
  hours: "Opening hours",
  hoursExceptions: "Changes to the opening hours",
  images: "Photos",
  leaseType: "Lease type",
  leaseYearsRemaining: "Years left on the lease",
  monthlyLeasePence: "Lease per month",
  nda: "NDA",
  note: "Note",
  netProfitPence: "Net profit",
  packageName: "Package",
  packageType: "Package type",
  paymentTerms: "Payment terms",
  paymentPence: "Payment",
  placedAt: "Placed at",
  pricePence: "Price",
  promotion: "Paid promotion",
  provedBy: "Proved by",
  publishedAt: "Published",
  rateableValuePence: "Rateable value",
  reasonForSale: "Reason for sale",
  refundPence: "Refund",
  rejectionReason: "Reason for rejecting",
  remindedAt: "Asked if still available",
  removalReason: "Reason for removing",
  removedAsFake: "Removed as fake",
  reviewWarning: "Warning about bought reviews",
  sellerEmailed: "Seller e-mailed",
  slug: "Address",
  staffFullTime: "Full-time staff",
  staffPartTime: "Part-time staff",
  startDate: "Starts",
  stockValuePence: "Stock at valuation",
  stripeCheckoutSessionId: "Stripe checkout",
  stripePaymentIntentId: "Stripe payment",
  stripeSubscriptionId: "Stripe subscription",
  underOfferAt: "Under offer since",
  withdrawalReason: "Reason for withdrawing",
  withdrawnByStaffAt: "Withdrawn by staff",
  yearEnded: "Year ended",
  yearEstablished: "Year established",
};

/** Where one action's fields mean something other than their usual sense. */
const actionFieldLabels: Partial<Record<AuditAction, Record<string, string>>> = {
  "listing.confidential": { title: "Confidential title", figures: "Figures shown" },
  "listing.seller.confidential": { title: "Confidential title", figures: "Figures shown" },
  "listing.nda-revoke": { fullName: "Signed by" },
  "business.claim.reject": { claimant: "Claimant" },
};

const figureLabels: Record<string, string> = Object.fromEntries(
  Object.entries(confidentialFigures).map(([key, figure]) => [key, figure.label]),
);

/** The values of fields that are one of a few, as the site names them. */
const valueLabels: Record<string, Record<string, string>> = {
  halalCertifierBody: certifierLabels,
  halalEvidence: evidenceLabels,
  evidenceKind: evidenceKindLabels,
  halalSlaughter: slaughterLabels,
  halalStatus: halalStatusLabels,
  leaseType: leaseTypeLabels,
  paymentTerms: paymentTermLabels,
  tenure: tenureLabels,
  figures: figureLabels,
  confidentialFigures: figureLabels,
  promotion: { showcase: "Showcase", spotlight: "Spotlight" },
  role: { admin: "Staff", user: "Member" },
  packageType: { service: "Business optimization", promotion: "Promotion" },
  placedAt: {
    given: "Coordinates given",
    postcode: "Its postcode",
    district: "Its postcode district",
    town: "Its town",
  },
};

/** A status is the subject's own: a listing's, an enquiry's, a review's… */
const statusLabels: Record<string, Record<string, string>> = {
  listing: listingStatusLabels,
  enquiry: enquiryStatusLabels,
  review: { published: "Published", held: "Held for a check", removed: "Removed" },
  subscription: {
    pending: "Pending",
    active: "Active",
    past_due: "Payment failed",
    cancelled: "Cancelled",
    expired: "Expired",
    refunded: "Refunded",
  },
  thread: { open: "Open", resolved: "Resolved" },
};

const categoryLabels: Record<string, (code: string) => string> = {
  listing: listingCategoryLabel,
  business: (code) => directoryTabs.find((tab) => tab.value === code)?.label ?? code,
};

/** Whose name, or e-mail where they gave none, each member's id is; filled a page at a time. */
export type PersonNames = ReadonlyMap<string, string>;

export interface AuditEntryFacts {
  action: string;
  entityType: string;
  before: Fields | null;
  after: Fields | null;
}

function labelOf(entry: AuditEntryFacts, field: string) {
  return (
    actionFieldLabels[entry.action as AuditAction]?.[field] ??
    personFields[field] ??
    fieldLabels[field] ??
    humanise(field.replace(/Pence$/, ""))
  );
}

const personOf = (id: unknown, people: PersonNames) =>
  typeof id === "string" ? (people.get(id) ?? "a deleted account") : String(id);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function textOf(entry: AuditEntryFacts, field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "number") return field.endsWith("Pence") ? formatPence(value) : String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    if (field === "images") return value.length === 1 ? "1 photo" : `${value.length} photos`;
    return value.map((item) => textOf(entry, field, item)).join(", ");
  }
  if (typeof value === "object") return JSON.stringify(value);
  const text = String(value);
  const labels =
    field === "status"
      ? statusLabels[entry.entityType]
      : field === "category" && categoryLabels[entry.entityType]
        ? { [text]: categoryLabels[entry.entityType]!(text) }
        : valueLabels[field];
  if (labels && Object.hasOwn(labels, text)) return labels[text]!;
  // The confidential figures are kept as "askingPrice,turnover".
  if (field === "figures")
    return text
      .split(",")
      .map((figure) => figureLabels[figure] ?? figure)
      .join(", ");
  if (INSTANT.test(text)) return formatLondonDateTime(new Date(text));
  if (DAY.test(text)) return formatCalendarDay(text);
  return `“${text}”`;
}

/**
 * One line for each field the entry holds: "Asking price £85,000 → £79,000"
 * when it changed, "Status: Published" where only the new value was kept,
 * "Reply “Thank you” → none" where only the old one was; a member's id reads
 * as their name ("Owner set to Aisha Khan", "Owner removed (was Aisha Khan)").
 */
export function describeChanges(entry: AuditEntryFacts, people: PersonNames): string[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return fields.map((field) => {
    const label = labelOf(entry, field);
    const had = Object.hasOwn(before, field) && before[field] != null;
    const has = Object.hasOwn(after, field) && after[field] != null;
    if (personFields[field]) {
      if (has && had)
        return `${label} changed from ${personOf(before[field], people)} to ${personOf(after[field], people)}`;
      if (has) return `${label} set to ${personOf(after[field], people)}`;
      if (had) return `${label} removed (was ${personOf(before[field], people)})`;
      return `${label}: none`;
    }
    const now = textOf(entry, field, after[field]);
    if (!Object.hasOwn(before, field)) return `${label}: ${now}`;
    return `${label} ${textOf(entry, field, before[field])} → ${Object.hasOwn(after, field) ? now : "none"}`;
  });
}

/** The members an entry names (its actor, its subject, the people in its fields), to look up with the page's others. */
export function peopleIn(entry: AuditEntryFacts & { actorId: string | null; entityId: string }): string[] {
  const ids = [entry.actorId, entry.entityType === "user" ? entry.entityId : null];
  for (const side of [entry.before, entry.after]) {
    for (const field of Object.keys(personFields))
      ids.push(side && typeof side[field] === "string" ? side[field] : null);
  }
  return ids.filter((id): id is string => id !== null);
}

export interface AuditActor {
  /** "Aisha Khan", "Stripe", "Scheduled job"… */
  name: string;
  /** What else tells it apart: a member's e-mail, the Stripe event, the job. */
  detail: string | null;
  /** A member's page in the back office; nothing for what is not a member. */
  href: string | null;
  /** The log's actor filter that shows only theirs, if there is one. */
  filter: string | null;
}

const automaticActors = Object.entries(AUTOMATIC_ACTORS) as [
  AutomaticActor,
  (typeof AUTOMATIC_ACTORS)[AutomaticActor],
][];

/** Who or what made the change, as recordAudit stored it. */
export function auditActor(actorId: string | null, actorEmail: string | null, people: PersonNames): AuditActor {
  if (actorId) {
    const name = people.get(actorId) ?? actorEmail ?? "A deleted account";
    return {
      name,
      detail: actorEmail && actorEmail !== name ? actorEmail : null,
      href: `/admin/users/${encodeURIComponent(actorId)}`,
      filter: actorId,
    };
  }
  // Whoever acted without an account, or a member whose account has since gone.
  if (!actorEmail) return { name: "Former staff", detail: null, href: null, filter: null };
  const found = automaticActors.find(([, actor]) => actorEmail.startsWith(actor.recordedAs));
  if (!found) return { name: actorEmail, detail: "account since deleted", href: null, filter: null };
  const [key, actor] = found;
  const rest = actorEmail.slice(actor.recordedAs.length).trim();
  if (key === "stripe") return { name: "Stripe", detail: rest ? `event ${rest}` : null, href: null, filter: key };
  if (key === "scheduled-job") {
    return { name: "Scheduled job", detail: rest.replace(/^\((.*)\)$/, "$1") || null, href: null, filter: key };
  }
  return { name: capitalise(actorEmail), detail: null, href: null, filter: key };
}

/** Listings' titles and businesses' names, by id, for the subjects on a page. */
export interface SubjectNames {
  listings: ReadonlyMap<string, string>;
  businesses: ReadonlyMap<string, string>;
}

export interface AuditSubjectLink {
  label: string;
  /** Its page in the back office; a subscription or an e-mail is its list, searched for it. */
  href: string | null;
}

const listNames: Record<string, string> = {
  audit: "Audit log",
  claims: "Business claims",
  directory: "Directory",
  enquiries: "Enquiries",
  listings: "Listings",
  messages: "Messages",
  outbox: "Outbox",
  reviews: "Reviews",
  subscriptions: "Subscriptions",
  users: "Members",
};

/** What the change was made to, and where staff see it. */
export function auditSubject(
  entry: { entityType: string; entityId: string; after: Fields | null },
  names: SubjectNames & { people: PersonNames },
): AuditSubjectLink {
  const id = entry.entityId;
  const path = encodeURIComponent(id);
  const named = (kind: string, name: string | undefined) => (name ? `${kind} ${id}: ${name}` : `${kind} ${id}`);
  switch (entry.entityType) {
    case "listing":
      return { label: named("Listing", names.listings.get(id)), href: `/admin/listings/${path}` };
    case "business":
      return { label: named("Business", names.businesses.get(id)), href: `/admin/directory/${path}` };
    case "user":
      return { label: `Member: ${names.people.get(id) ?? id}`, href: `/admin/users/${path}` };
    case "review":
      return { label: `Review ${id}`, href: `/admin/reviews/${path}` };
    case "thread":
      return { label: `Conversation ${id}`, href: `/admin/messages/${path}` };
    case "enquiry":
      return { label: `Enquiry ${id}`, href: `/admin/enquiries/${path}` };
    case "subscription":
      return { label: `Subscription ${id}`, href: `/admin/subscriptions?${new URLSearchParams({ q: id })}` };
    case "outbox":
      return { label: `E-mail ${id}`, href: `/admin/outbox?${new URLSearchParams({ q: id })}` };
    case "list": {
      if (!Object.hasOwn(listNames, id)) return { label: `List ${id}`, href: null };
      // The list as it was exported: its search, filters and order.
      const search = typeof entry.after?.search === "string" ? new URLSearchParams(entry.after.search).toString() : "";
      return { label: `${listNames[id]} list`, href: `/admin/${id}${search ? `?${search}` : ""}` };
    }
    default:
      return { label: `${humanise(entry.entityType)} ${id}`, href: null };
  }
}
