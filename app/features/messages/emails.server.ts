// The e-mail telling someone a message is waiting (at most one per thread per
// 15 minutes while it stays unread): who wrote, about what, and the link.
// The message itself is not in it: it is read on HBS, where it can be answered.
import type { MailMessage } from "~/server/mail.server";

export function newMessageMail(to: string, about: { from: string; title: string; url: string }): MailMessage {
  return {
    to,
    subject: `New message about ${about.title}`,
    text: [
      `${about.from} has sent you a message about "${about.title}" on HBS.`,
      "",
      "Read it and reply here:",
      about.url,
      "",
      "HBS",
    ].join("\n"),
  };
}

/**
 * Staff's warning to a member whose messages were reported (decision 0079):
 * staff's own words, then the same standard line for everyone, saying why it
 * came and what follows if it goes on.
 */
export function warningMail(
  to: { email: string; name: string },
  about: { words: string; title: string; termsUrl: string },
): MailMessage {
  return {
    to: to.email,
    subject: "A warning from HBS about your messages",
    text: [
      `Dear ${to.name},`,
      "",
      about.words,
      "",
      `We are writing because a member reported your messages in a conversation about "${about.title}" on HBS. Please keep to our terms of use when you write to other members: if this goes on, we may stop you sending messages or suspend your account.`,
      about.termsUrl,
      "",
      "HBS",
    ].join("\n"),
  };
}
