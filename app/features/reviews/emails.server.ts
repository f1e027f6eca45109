// What a reviewer is told about their review (decision 0035): published, held
// for a check, or removed with staff's reason. Sent through the outbox in the
// transaction that changed the review.
import { env } from "~/server/env.server";
import type { MailMessage } from "~/server/mail.server";
import { REVIEW_POLICY_PATH } from "./review-rules";

interface To {
  email: string;
  name: string;
}
interface About {
  name: string;
  url: string;
}

const policyUrl = () => new URL(REVIEW_POLICY_PATH, env().SITE_URL).toString();

const letter = (to: To, subject: string, body: string[]): MailMessage => ({
  to: to.email,
  subject,
  text: [`Dear ${to.name},`, "", ...body, "", "HBS"].join("\n"),
});

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
