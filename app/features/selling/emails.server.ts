// What the seller is told by the listing's lifecycle (decision 0030).
import type { MailMessage } from "~/server/mail.server";

export interface To {
  email: string;
  name: string;
}

/** A plain-text letter to a member, signed by HBS. */
export const letter = (to: To, subject: string, body: string[]): MailMessage => ({
  to: to.email,
  subject,
  text: [`Dear ${to.name},`, "", ...body, "", "HBS"].join("\n"),
});

export function stillAvailableMail(to: To, listing: { title: string; confirmUrl: string; withdrawUrl: string }) {
  return letter(to, `Is your listing still available? ${listing.title}`, [
    `Is "${listing.title}" still for sale? Buyers trust listings that are kept up to date, so we ask every 60 days.`,
    "",
    "Yes, it is still available:",
    listing.confirmUrl,
    "",
    "No, take it off the market:",
    listing.withdrawUrl,
    "",
    "Each link works once, without signing in, for 45 days. If we do not hear from you within 30 days, the listing expires and buyers no longer see it; you can renew it at any time from My listings.",
  ]);
}

export function expiredMail(to: To, listing: { title: string; dashboardUrl: string }) {
  return letter(to, `Your listing has expired: ${listing.title}`, [
    `"${listing.title}" has not been confirmed as still available for 90 days, so we have taken it off Buy a Business.`,
    "",
    "If it is still for sale, renew it from My listings and it goes straight back:",
    listing.dashboardUrl,
  ]);
}

export function revisionMail(
  to: To,
  listing: { title: string; url: string; reason?: string | null },
  approved: boolean,
) {
  return approved
    ? letter(to, `Your changes are live: ${listing.title}`, [
        `We have checked and published your changes to "${listing.title}":`,
        "",
        listing.url,
      ])
    : letter(to, `We could not publish your changes: ${listing.title}`, [
        `We have not published your latest changes to "${listing.title}"; the listing stays as it was.`,
        "",
        `Why: ${listing.reason ?? ""}`,
        "",
        "You are welcome to edit it again from My listings.",
      ]);
}
