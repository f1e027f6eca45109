// Sending e-mail. With SMTP_URL, through that server; without, each message
// is written as an .eml file under DATA_DIR/mail (the back office lists them),
// so nothing a visitor sent is ever dropped for want of configuration.
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "./env.server";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Extra header lines, e.g. RFC 8058's List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Sends one message. `id` becomes its Message-ID, so a resend is recognisable. */
  send(message: MailMessage, id: string): Promise<void>;
  close(): void;
}

export function createMailer({ smtpUrl, from, mailDir }: { smtpUrl?: string; from: string; mailDir: string }): Mailer {
  if (smtpUrl) {
    // Timeouts well inside the outbox's lease, so a send never outlives its claim.
    const transport = nodemailer.createTransport(
      { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
      { from },
    );
    return {
      async send(message, id) {
        await transport.sendMail({ ...message, messageId: messageId(id) });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" }, { from });
  return {
    async send(message, id) {
      const info = await transport.sendMail({ ...message, messageId: messageId(id) });
      await fs.mkdir(mailDir, { recursive: true });
      await fs.writeFile(path.join(mailDir, `${id}.eml`), info.message as Buffer);
    },
    close: () => transport.close(),
  };
}

function messageId(id: string) {
  return `<${id}@hbs.mail>`;
}

export function mailerFromEnv(): Mailer {
  const { SMTP_URL, MAIL_FROM, DATA_DIR } = env();
  return createMailer({ smtpUrl: SMTP_URL, from: MAIL_FROM, mailDir: path.resolve(DATA_DIR, "mail") });
}
