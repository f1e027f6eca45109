import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createMailer } from "./mail.server";

describe("createMailer", () => {
  it("keeps what a visitor typed out of the message's headers", async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-mail-"));
    const mailer = createMailer({ from: "HBS <no-reply@hbs.example>", mailDir });
    await mailer.send(
      {
        to: "enquiries@hbs.example",
        subject: "Hello\r\nBcc: victim@example.com\r\nX-Injected: 1",
        text: "Body\r\n.\r\nMAIL FROM:<spam@example.com>",
        replyTo: "visitor@example.com",
      },
      "test-1",
    );
    mailer.close();
    const message = fs.readFileSync(path.join(mailDir, "test-1.eml"), "utf8");
    const [headers] = message.split(/\r?\n\r?\n/);
    expect(headers).not.toMatch(/^(Bcc|X-Injected):/im);
    expect(headers).toMatch(/^Subject: Hello/m);
  });

  it("carries a message's extra headers, such as RFC 8058's one-click unsubscribe", async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-mail-"));
    const mailer = createMailer({ from: "HBS <no-reply@hbs.example>", mailDir });
    const url = "https://hbs.example/alerts/unsubscribe/1.abc";
    // Through JSON, as the outbox keeps it.
    const payload = JSON.parse(
      JSON.stringify({
        to: "member@example.com",
        subject: "New matches",
        text: "Body",
        headers: { "List-Unsubscribe": `<${url}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
      }),
    );
    await mailer.send(payload, "test-2");
    mailer.close();
    const [headers] = fs.readFileSync(path.join(mailDir, "test-2.eml"), "utf8").split(/\r?\n\r?\n/);
    expect(headers).toContain(`List-Unsubscribe: <${url}>`);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });
});
