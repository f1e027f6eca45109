// What an authenticator app does (RFC 6238): a 6-digit code from the base32
// key it was given and the time. Tests use it to answer the two-factor step.
import crypto from "node:crypto";

function base32Decode(text: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of text.replace(/=+$/, "").toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => parseInt(byte, 2)));
}

/** The code for the 30-second step `offset` steps from now. */
export function totp(base32Key: string, offset = 0, now = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(now / 30_000) + offset));
  const hmac = crypto.createHmac("sha1", base32Decode(base32Key)).update(counter).digest();
  const start = hmac[hmac.length - 1]! & 0x0f;
  const code = (hmac.readUInt32BE(start) & 0x7fffffff) % 1_000_000;
  return String(code).padStart(6, "0");
}
