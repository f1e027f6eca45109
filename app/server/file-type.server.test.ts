import { describe, expect, it } from "vitest";
import { sniffDocumentType } from "./file-type.server";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((part) => (typeof part === "string" ? [...part].map((c) => c.charCodeAt(0)) : part)));

describe("sniffDocumentType", () => {
  it("knows a PDF, a JPEG, a PNG and a WebP by their first bytes", () => {
    expect(sniffDocumentType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffDocumentType(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffDocumentType(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffDocumentType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
  });

  it("refuses anything else, whatever it is named: HTML, a script, a RIFF that is not WebP, a cut-off signature", () => {
    for (const other of [
      bytes("<html><script>alert(1)</script>"),
      bytes("#!/bin/sh\n"),
      bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "),
      bytes("%PD"),
      bytes(" %PDF-1.7"),
      bytes(),
    ]) {
      expect(sniffDocumentType(other)).toBeNull();
    }
  });
});
