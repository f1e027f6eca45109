// What the seller is told at each step of their listing's review and life.
import type { MailMessage } from "~/server/mail.server";
import type { ListingTransition } from "./labels";

export function listingMail(
  transition: ListingTransition,
  to: { email: string; name: string },
  listing: { title: string; url: string; reason?: string | null },
): MailMessage {
  const texts: Record<ListingTransition, { subject: string; body: string[] }> = {
    approve: {
      subject: `Your business is now listed on HBS: ${listing.title}`,
      body: [`Good news: we have published your listing "${listing.title}". Buyers can see it here:`, "", listing.url],
    },
    republish: {
      subject: `Your listing is back on HBS: ${listing.title}`,
      body: [`Your listing "${listing.title}" is on the market again:`, "", listing.url],
    },
    reject: {
      subject: `We could not publish your listing: ${listing.title}`,
      body: [
        `Thank you for offering "${listing.title}" for sale on HBS. We are sorry, but we cannot publish it as it stands.`,
        "",
        `Why: ${listing.reason ?? ""}`,
        "",
        "You are welcome to send it again with the changes, or reply to this e-mail with any questions.",
      ],
    },
    "mark-sold": {
      subject: `Your listing is marked as sold: ${listing.title}`,
      body: [`We have marked "${listing.title}" as sold and taken it off the market. Congratulations!`],
    },
    withdraw: {
      subject: `Your listing has been withdrawn: ${listing.title}`,
      body: [
        `We have taken "${listing.title}" off the market.`,
        "",
        `Why: ${listing.reason ?? ""}`,
        "",
        "Only we can put it back: reply to this e-mail if you would like it back.",
      ],
    },
  };
  const { subject, body } = texts[transition];
  return { to: to.email, subject, text: [`Dear ${to.name},`, "", ...body, "", "HBS"].join("\n") };
}
