// What a claimant is told at each step of a claim, and an owner of staff's
// decision on their halal proposal (decision 0036). Plain text only.
import { letter, type To } from "~/features/selling/emails.server";
import type { MailMessage } from "~/server/mail.server";

/** A claimant or owner as a letter addresses them: their full name, else their account name, else their address's local part. */
export const addressee = (member: { fullName?: string | null; name?: string | null; email: string }): To => ({
  email: member.email,
  name: member.fullName?.trim() || member.name?.trim() || member.email.split("@")[0]!,
});

/** To the address at the business's domain: the code, and what to do if it was not them. */
export function claimCodeMail(to: string, claim: { business: string; code: string; minutes: number }): MailMessage {
  return {
    to,
    subject: `Your code to claim ${claim.business} on HBS: ${claim.code}`,
    text: [
      "Hello,",
      "",
      `Someone signed in to HBS asked to manage "${claim.business}" in the halal directory, and gave this address to prove it is theirs.`,
      "",
      `Their code is: ${claim.code}`,
      "",
      `It works once, for ${claim.minutes} minutes. If this was not you or someone at your business, ignore this e-mail: nothing changes without the code.`,
      "",
      "HBS",
    ].join("\n"),
  };
}

export function claimSubmittedMail(to: To, claim: { business: string }) {
  return letter(to, `We have your claim for ${claim.business}`, [
    `Thank you: we have your documents showing that "${claim.business}" is yours.`,
    "",
    "Our team checks them by hand, usually within two working days, and we will e-mail you when we have decided.",
  ]);
}

export function claimApprovedMail(to: To, claim: { business: string; dashboardUrl: string }) {
  return letter(to, `You now manage ${claim.business} on HBS`, [
    `Your claim for "${claim.business}" is approved.`,
    "",
    "You can now update its description, phone, website, opening hours and photo, propose changes to its halal evidence, and see how many people look at it:",
    claim.dashboardUrl,
  ]);
}

export function claimRejectedMail(to: To, claim: { business: string; reason: string }) {
  return letter(to, `We could not approve your claim for ${claim.business}`, [
    `We have not approved your claim for "${claim.business}".`,
    "",
    `Why: ${claim.reason}`,
    "",
    "You are welcome to claim it again with other proof, or reply through our contact page.",
  ]);
}

export function halalProposalMail(to: To, proposal: { business: string; url: string; reason: string | null }) {
  return proposal.reason === null
    ? letter(to, `Your halal details are live: ${proposal.business}`, [
        `We have checked and published the halal details you sent for "${proposal.business}":`,
        "",
        proposal.url,
      ])
    : letter(to, `We could not publish your halal details: ${proposal.business}`, [
        `We have not published the halal details you sent for "${proposal.business}"; the page stays as it was.`,
        "",
        `Why: ${proposal.reason}`,
      ]);
}

/** A business a member added (decision 0095): received, published, or not. */
export function submissionReceivedMail(to: To, added: { business: string; url: string }) {
  return letter(to, `We have your business: ${added.business}`, [
    `Thank you for adding "${added.business}" to the HBS halal directory.`,
    "",
    "Our team checks every business and its proof by hand, usually within two working days, and we will e-mail you when we have decided. You can see where it stands here:",
    added.url,
  ]);
}

export function submissionApprovedMail(to: To, added: { business: string; url: string; dashboardUrl: string }) {
  return letter(to, `${added.business} is now in the HBS directory`, [
    `We have checked and published "${added.business}":`,
    added.url,
    "",
    "You manage it: you can update its page, propose changes to its halal details and reply to reviews from My businesses:",
    added.dashboardUrl,
  ]);
}

export function submissionMergedMail(to: To, merged: { added: string; business: string; dashboardUrl: string }) {
  return letter(to, `You now manage ${merged.business} on HBS`, [
    `The business you added, "${merged.added}", is already in the directory as "${merged.business}": we have made you its owner rather than list it twice.`,
    "",
    "You can now update its page, propose changes to its halal details and reply to reviews from My businesses:",
    merged.dashboardUrl,
  ]);
}

export function submissionRejectedMail(to: To, added: { business: string; reason: string }) {
  return letter(to, `We could not add ${added.business} to the directory`, [
    `We have not added "${added.business}" to the HBS halal directory.`,
    "",
    `Why: ${added.reason}`,
    "",
    "You are welcome to add it again, or reply through our contact page.",
  ]);
}
