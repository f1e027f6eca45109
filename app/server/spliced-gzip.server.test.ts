import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPieces, joined, splicedGzip } from "./spliced-gzip.server";

const nonce = () => Buffer.from(crypto.randomBytes(16).toString("base64"));

/** A page like ours: a head of script links, each with the nonce, then a long body. */
function page(marker: string) {
  const links = Array.from(
    { length: 30 },
    (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}.js" nonce="${marker}"/>`,
  ).join("");
  const cards = Array.from(
    { length: 200 },
    (_, i) =>
      `<article class="rounded-xl border p-4"><h3>Al-Noor Grill ${i}</h3><p>Halal grill in Bradford</p></article>`,
  ).join("");
  return `<!DOCTYPE html><html><head>${links}</head><body>${cards}<script nonce="${marker}">go()</script></body></html>`;
}

function cut(body: string, marker: string) {
  return body.split(marker).map((piece) => Buffer.from(piece));
}

describe("spliced gzip", () => {
  it("decompresses, in a standard gzip decoder, to the page with each new nonce in place of the old", async () => {
    const old = nonce().toString();
    const spliced = await compressPieces(cut(page(old), old), old.length);
    for (let i = 0; i < 5; i++) {
      const fresh = nonce();
      const body = zlib.gunzipSync(splicedGzip(spliced, fresh)).toString();
      expect(body).toBe(page(fresh.toString()));
      expect(body).not.toContain(old);
      expect(joined(spliced.pieces, fresh).toString()).toBe(body);
    }
  });

  it("is as small as the whole page compressed in one go, but for the nonces sent as they are", async () => {
    const old = nonce().toString();
    const pieces = cut(page(old), old);
    const spliced = splicedGzip(await compressPieces(pieces, old.length), nonce());
    const whole = zlib.gzipSync(page(old), { level: 9 });
    // Each joint: the nonce in a stored block, and the flush and block header of the piece before it.
    expect(spliced.length).toBeLessThanOrEqual(whole.length + (pieces.length - 1) * (old.length + 16));
  });

  it("copes with empty pieces, a page without a nonce, and bytes of every value", async () => {
    const fresh = nonce();
    const cases = [
      [Buffer.alloc(0), Buffer.from("a"), Buffer.alloc(0)],
      [Buffer.from("no nonce here")],
      [Buffer.alloc(0)],
      // Every byte value occurs, so no stand-in byte exists: compressed without dictionaries.
      [Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from(Array.from({ length: 256 }, (_, i) => i))],
    ];
    for (const pieces of cases) {
      const body = zlib.gunzipSync(splicedGzip(await compressPieces(pieces, fresh.length), fresh));
      expect(body.equals(Buffer.concat(pieces.flatMap((p, i) => (i ? [fresh, p] : [p]))))).toBe(true);
    }
  });

  it("refuses a joint of another length, which would shift every back-reference after it", async () => {
    const spliced = await compressPieces([Buffer.from("a"), Buffer.from("b")], 24);
    expect(() => splicedGzip(spliced, Buffer.from("short"))).toThrow(RangeError);
  });
});
