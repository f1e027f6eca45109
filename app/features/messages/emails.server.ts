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
