// What a reviewer is told about their review (decision 0035): published, held
// for a check, removed with staff's reason, or answered by the owner; and what
// an owner is told when a review of their business appears (decision 0038).
// Sent through the outbox in the transaction that changed the review.
import { letter, type To } from "~/features/selling/emails.server";
import { env } from "~/server/env.server";
import { REVIEW_POLICY_PATH } from "./review-rules";

interface About {
  name: string;
  url: string;
}

const policyUrl = () => new URL(REVIEW_POLICY_PATH, env().SITE_URL).toString();

export function reviewPublishedMail(to: To, business: About) {
  return letter(to, `Your review of ${business.name} is published`, [
    `Thank you: your review of ${business.name} is now on HBS for everyone to read.`,
    "",
    business.url,
    "",
    "You can edit or delete it from the business's page at any time.",
  ]);
}

export function reviewHeldMail(to: To, business: About) {
  return letter(to, `Your review of ${business.name} is waiting for a check`, [
    `We have received your review of ${business.name}. Before it appears, a member of our team will check it, as our review policy explains; this usually takes a working day.`,
    "",
    "We will e-mail you when it is published, or if we cannot publish it and why.",
    "",
    "Our review policy:",
    policyUrl(),
  ]);
}

export function reviewRemovedMail(to: To, business: About & { reason: string }) {
  return letter(to, `Your review of ${business.name} has been removed`, [
    `Our team has removed your review of ${business.name} from HBS.`,
    "",
    "Why:",
    business.reason,
    "",
    "Our review policy explains what we publish and what we remove:",
    policyUrl(),
    "",
    "If you think this is a mistake, reply to this e-mail and tell us why.",
  ]);
}

export function ownerRepliedMail(to: To, business: About) {
  return letter(to, `${business.name} replied to your review`, [
    `The owner of ${business.name} has replied to your review on HBS. Their reply is shown under your review:`,
    "",
    business.url,
  ]);
}

/** To a business's owner: a review of it is now on its page, and where to reply. */
export function reviewArrivedMail(
  to: To,
  business: { name: string; replyUrl: string },
  shown: { rating: number; author: string; body: string },
) {
  return letter(to, `New review of ${business.name}: ${shown.rating} out of 5`, [
    `${shown.author} reviewed ${business.name} on HBS and gave it ${shown.rating} out of 5:`,
    "",
    shown.body,
    "",
    "You can reply publicly, once, under the review. Reviews cannot be removed by the business; if you think this one breaks our review policy, report it from the page and our team will look at it.",
    "",
    business.replyUrl,
  ]);
}
