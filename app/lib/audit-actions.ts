// What the audit log records, as its filters offer them: shared by recordAudit (app/server/audit.server.ts),
// the features that record and the log's queries and page (app/features/admin).

/**
 * Every action recordAudit is called with across app/, for the log's filter:
 * recordAudit takes only these, so a new action must be added here.
 */
export const AUDIT_ACTIONS = [
  "business.certificate-rejected",
  "business.certificate-shown",
  "business.claim.approve",
  "business.claim.code",
  "business.submission",
  "business.submission.approve",
  "business.submission.merge",
  "business.submission.reject",
  "business.claim.reject",
  "business.closure-confirmed",
  "business.closure-dismissed",
  "business.create",
  "business.edit",
  "business.halal-proposal-approve",
  "business.halal-proposal-reject",
  "business.hygiene-link",
  "business.owner.edit",
  "business.owner.halal-proposal",
  "business.promotion",
  "business.review-warning",
  "enquiry.note",
  "enquiry.status",
  "list.export",
  "listing.approve",
  "listing.availability-check",
  "listing.confidential",
  "listing.edit",
  "listing.expire",
  "listing.feature",
  "listing.figures-check",
  "listing.mark-sold",
  "listing.nda-revoke",
  "listing.offer-cleared",
  "listing.promotion",
  "listing.reject",
  "listing.republish",
  "listing.revision-approve",
  "listing.revision-reject",
  "listing.seller.confidential",
  "listing.seller.confirm",
  "listing.seller.edit",
  "listing.seller.evidence",
  "listing.seller.mark-sold",
  "listing.seller.offer-cleared",
  "listing.seller.renew",
  "listing.seller.republish",
  "listing.seller.revision",
  "listing.seller.under-offer",
  "listing.seller.withdraw",
  "listing.under-offer",
  "listing.unfeature",
  "listing.withdraw",
  "message-report.resolve",
  "outbox.retry",
  "review.owner.reply",
  "review.owner.reply-delete",
  "review.photo-remove",
  "review.publish",
  "review.remove",
  "review.reply-remove",
  "subscription.activate",
  "subscription.cancel",
  "subscription.create",
  "subscription.expire",
  "subscription.stripe.abandon",
  "subscription.stripe.activate",
  "subscription.stripe.cancel",
  "subscription.stripe.expire",
  "subscription.stripe.payment",
  "subscription.stripe.payment-failed",
  "subscription.stripe.refund",
  "subscription.stripe.renew",
  "subscription.stripe.update",
  "user.ban",
  "user.create-admin",
  "user.messaging-block",
  "user.messaging-unblock",
  "user.role",
  "user.sign-out-everywhere",
  "user.unban",
  "user.warn",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What the log's entries are about, as recordAudit is told. */
export const AUDIT_SUBJECTS = [
  "business",
  "enquiry",
  "list",
  "listing",
  "outbox",
  "review",
  "subscription",
  "thread",
  "user",
] as const;
export type AuditSubject = (typeof AUDIT_SUBJECTS)[number];

/**
 * What acts without being a member: how recordAudit names it (a Stripe
 * event's actor is this and the event's id; a scheduled job's is this and the
 * job in brackets), and the key the log's actor filter uses for it.
 */
export const AUTOMATIC_ACTORS = {
  stripe: { label: "Stripe", recordedAs: "Stripe event" },
  "scheduled-job": { label: "Scheduled jobs", recordedAs: "scheduled job" },
  "command-line": { label: "The command line", recordedAs: "command line" },
  "emailed-link": { label: "Sellers, by an e-mailed link", recordedAs: "seller, by the e-mailed link" },
} as const;
export type AutomaticActor = keyof typeof AUTOMATIC_ACTORS;

/** The actor of a change a Stripe event made: "Stripe event evt_…", so its entry leads back to the event. */
export const stripeEventActor = (eventId: string) => `${AUTOMATIC_ACTORS.stripe.recordedAs} ${eventId}`;

/** The actor of a change a scheduled job made: "scheduled job (listing lifecycle)". */
export const scheduledJobActor = (job: string) => `${AUTOMATIC_ACTORS["scheduled-job"].recordedAs} (${job})`;
