// The e-mails Better Auth asks us to send, queued in the outbox like every
// other message. Plain text: a link and what it is for.
import type { MailMessage } from "./mail.server";

type AccountMailKind = "reset-password" | "verify-email";

const texts: Record<AccountMailKind, { subject: string; body: (url: string) => string[] }> = {
  "reset-password": {
    subject: "Reset your HBS password",
    body: (url) => [
      "Someone asked to reset the password of your HBS account. If it was you, choose a new password here:",
      "",
      url,
      "",
      "The link works once, for one hour. Resetting your password signs you out everywhere else.",
      "If you did not ask, you can ignore this e-mail: your password stays as it is.",
    ],
  },
  "verify-email": {
    subject: "Confirm your e-mail address for HBS",
    body: (url) => [
      "Welcome to HBS. Please confirm that this is your e-mail address:",
      "",
      url,
      "",
      "If you did not create an account, you can ignore this e-mail.",
    ],
  },
};

export function accountMail(
  kind: AccountMailKind,
  to: { email: string; name?: string | null; fullName?: unknown },
  url: string,
): MailMessage {
  const name = typeof to.fullName === "string" && to.fullName ? to.fullName : to.name || to.email.split("@")[0];
  return {
    to: to.email,
    subject: texts[kind].subject,
    text: [`Dear ${name},`, "", ...texts[kind].body(url), "", "HBS"].join("\n"),
  };
}
