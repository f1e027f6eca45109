import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { DiskStore } from "../../app/server/storage-disk.server.ts";
import { renderSeedImage, seedImageSvg, writeSeedImage, type SeedImageKind } from "./images.ts";

const KINDS: SeedImageKind[] = ["takeaway", "cafe", "dental", "restaurant", "shop"];

describe("seedImageSvg", () => {
  it("is deterministic for the same (kind, seed, index)", () => {
    for (const kind of KINDS) {
      for (let index = 0; index < 10; index++) {
        expect(seedImageSvg(kind, "listing-42", index)).toBe(seedImageSvg(kind, "listing-42", index));
      }
    }
  });

  it("varies with the index and the seed", () => {
    for (const kind of KINDS) {
      const svgs = new Set(Array.from({ length: 10 }, (_, i) => seedImageSvg(kind, "listing-42", i)));
      expect(svgs.size).toBe(10);
      expect(seedImageSvg(kind, "listing-42", 3)).not.toBe(seedImageSvg(kind, "listing-43", 3));
    }
  });

  it("never draws text and stays small", () => {
    for (const kind of KINDS) {
      for (const seed of ["a", "b", "c"]) {
        for (let index = 0; index < 10; index++) {
          const svg = seedImageSvg(kind, seed, index);
          expect(svg.startsWith("<svg")).toBe(true);
          expect(svg).toContain('width="1200" height="800"');
          expect(svg).not.toMatch(/<text|<tspan|font-family/i);
          expect(svg.length).toBeLessThan(24_000);
        }
      }
    }
  });

  it("rejects a bad index or kind", () => {
    expect(() => seedImageSvg("cafe", "x", -1)).toThrow(RangeError);
    expect(() => seedImageSvg("cafe", "x", 1.5)).toThrow(RangeError);
    expect(() => seedImageSvg("bakery" as SeedImageKind, "x", 0)).toThrow(TypeError);
  });
});

describe("renderSeedImage", () => {
  it("renders a 1200x800 WebP with real content", async () => {
    for (const kind of KINDS) {
      const buf = await renderSeedImage(kind, "render-test", 0);
      expect(buf.subarray(0, 4).toString("ascii")).toBe("RIFF");
      expect(buf.subarray(8, 12).toString("ascii")).toBe("WEBP");
      const meta = await sharp(buf).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(1200);
      expect(meta.height).toBe(800);
      // Not a flat box: the picture has real contrast in every channel.
      const stats = await sharp(buf).stats();
      for (const channel of stats.channels.slice(0, 3)) expect(channel.stdev).toBeGreaterThan(15);
    }
  });

  it("is byte-identical for the same arguments", async () => {
    const a = await renderSeedImage("takeaway", "same", 4);
    const b = await renderSeedImage("takeaway", "same", 4);
    expect(a.equals(b)).toBe(true);
  });

  it("gives different bytes for different indices", async () => {
    const bufs = await Promise.all([0, 1, 2, 3].map((i) => renderSeedImage("dental", "indices", i)));
    const hashes = new Set(bufs.map((b) => createHash("sha256").update(b).digest("hex")));
    expect(hashes.size).toBe(4);
  });
});

describe("writeSeedImage", () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "hbs-seed-images-"));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("writes a content-addressed file, creating the directory", async () => {
    const dir = path.join(tmp, "nested", "uploads");
    const name = await writeSeedImage(new DiskStore(dir), "al-noor-grill", "takeaway", "al-noor", 2);
    expect(name).toMatch(/^al-noor-grill-2\.[0-9a-f]{10}\.webp$/);
    const bytes = fs.readFileSync(path.join(dir, name));
    const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 10);
    expect(name).toBe(`al-noor-grill-2.${hash}.webp`);
    expect(bytes.equals(await renderSeedImage("takeaway", "al-noor", 2))).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([name]);
  });

  it("is idempotent and does not rewrite an existing file", async () => {
    const dir = path.join(tmp, "idempotent");
    const first = await writeSeedImage(new DiskStore(dir), "cafe", "cafe", "bean", 0);
    const file = path.join(dir, first);
    // Back-date the file: a rewrite would move the mtime forward again.
    const old = new Date("2020-01-01T00:00:00Z");
    fs.utimesSync(file, old, old);
    const second = await writeSeedImage(new DiskStore(dir), "cafe", "cafe", "bean", 0);
    expect(second).toBe(first);
    expect(fs.statSync(file).mtimeMs).toBe(old.getTime());
    expect(fs.readdirSync(dir)).toEqual([first]);
  });

  it("names different images differently", async () => {
    const dir = path.join(tmp, "many");
    const names = await Promise.all(
      [0, 1, 2].map((i) => writeSeedImage(new DiskStore(dir), "shop", "shop", "corner", i)),
    );
    expect(new Set(names).size).toBe(3);
    expect(fs.readdirSync(dir).sort()).toEqual([...names].sort());
  });
});
