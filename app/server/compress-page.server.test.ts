import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { chooseCoding, compress, takesGzip } from "./compress-page.server";

describe("chooseCoding", () => {
  it("prefers brotli, then gzip, and honours q=0", () => {
    expect(chooseCoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseCoding("gzip, deflate")).toBe("gzip");
    expect(chooseCoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseCoding("*")).toBe("gzip");
    expect(chooseCoding("identity")).toBeUndefined();
    expect(chooseCoding("gzip;q=0")).toBeUndefined();
    expect(chooseCoding(null)).toBeUndefined();
  });

  it("says whether gzip may be sent, whatever else is preferred", () => {
    expect(takesGzip("br, gzip")).toBe(true);
    expect(takesGzip("*")).toBe(true);
    expect(takesGzip("br")).toBe(false);
    expect(takesGzip("br, gzip;q=0")).toBe(false);
    expect(takesGzip(null)).toBe(false);
  });
});

describe("compress", () => {
  it("gives back bytes that decompress to the page", async () => {
    const page = Buffer.from("<!DOCTYPE html><p>Halal bakery in Leeds</p>".repeat(50));
    expect(zlib.brotliDecompressSync(await compress(page, "br")).equals(page)).toBe(true);
    expect(zlib.gunzipSync(await compress(page, "gzip")).equals(page)).toBe(true);
  });
});
