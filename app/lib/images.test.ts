import { describe, expect, it } from "vitest";
import { imageLoading, srcSetOf } from "./images";

describe("srcSetOf", () => {
  it("lists an upload's narrower copies, then the upload itself at 1,200 pixels", () => {
    expect(srcSetOf("/uploads/seed/al-noor-grill-0.0123456789.webp")).toBe(
      "/uploads/seed/al-noor-grill-0.0123456789-400.webp 400w, " +
        "/uploads/seed/al-noor-grill-0.0123456789-600.webp 600w, " +
        "/uploads/seed/al-noor-grill-0.0123456789-800.webp 800w, " +
        "/uploads/seed/al-noor-grill-0.0123456789.webp 1200w",
    );
  });

  it("offers nothing for an image the server makes no copies of", () => {
    expect(srcSetOf("https://elsewhere.example/photo.webp")).toBeUndefined();
    expect(srcSetOf("/favicon.svg")).toBeUndefined();
  });
});

describe("imageLoading", () => {
  it("loads the first image at once and ahead of others, any other lazily", () => {
    expect(imageLoading(true)).toEqual({ loading: "eager", fetchPriority: "high" });
    expect(imageLoading(false)).toEqual({ loading: "lazy" });
  });
});
