import { describe, expect, it } from "vitest";
import { clampImageIndex, hasNextImage, hasPreviousImage, imageCounter, indexForKey, stepImage } from "./image-index";

describe("stepImage", () => {
  it("moves one image either way inside the range", () => {
    expect(stepImage(3, 1, 10)).toBe(4);
    expect(stepImage(3, -1, 10)).toBe(2);
  });

  it("stops at the ends instead of wrapping", () => {
    expect(stepImage(0, -1, 10)).toBe(0);
    expect(stepImage(9, 1, 10)).toBe(9);
    expect(stepImage(8, 5, 10)).toBe(9);
    expect(stepImage(1, -5, 10)).toBe(0);
  });

  it("stays put with a single image and copes with none", () => {
    expect(stepImage(0, 1, 1)).toBe(0);
    expect(stepImage(0, -1, 1)).toBe(0);
    expect(stepImage(0, 1, 0)).toBe(0);
  });

  it("brings an out-of-range starting index back inside first", () => {
    expect(stepImage(42, -1, 10)).toBe(8);
    expect(stepImage(-3, 1, 10)).toBe(1);
  });
});

describe("clampImageIndex", () => {
  it("keeps an index within 0 … total − 1", () => {
    expect(clampImageIndex(5, 10)).toBe(5);
    expect(clampImageIndex(10, 10)).toBe(9);
    expect(clampImageIndex(-1, 10)).toBe(0);
    expect(clampImageIndex(2.7, 10)).toBe(2);
    expect(clampImageIndex(Number.NaN, 10)).toBe(0);
    expect(clampImageIndex(3, 0)).toBe(0);
  });
});

describe("arrows shown", () => {
  it("hides the previous arrow on the first image and the next arrow on the last", () => {
    expect(hasPreviousImage(0, 10)).toBe(false);
    expect(hasNextImage(0, 10)).toBe(true);
    expect(hasPreviousImage(9, 10)).toBe(true);
    expect(hasNextImage(9, 10)).toBe(false);
    expect(hasPreviousImage(4, 10)).toBe(true);
    expect(hasNextImage(4, 10)).toBe(true);
  });

  it("shows neither for a single image or none", () => {
    expect(hasPreviousImage(0, 1)).toBe(false);
    expect(hasNextImage(0, 1)).toBe(false);
    expect(hasPreviousImage(0, 0)).toBe(false);
    expect(hasNextImage(0, 0)).toBe(false);
  });
});

describe("imageCounter", () => {
  it("counts from 1 out of the total", () => {
    expect(imageCounter(0, 10)).toBe("1 / 10");
    expect(imageCounter(2, 10)).toBe("3 / 10");
    expect(imageCounter(9, 10)).toBe("10 / 10");
    expect(imageCounter(0, 0)).toBe("0 / 0");
  });
});

describe("indexForKey", () => {
  it("moves with the left and right arrow keys, within bounds", () => {
    expect(indexForKey("ArrowRight", 2, 10)).toBe(3);
    expect(indexForKey("ArrowLeft", 2, 10)).toBe(1);
    expect(indexForKey("ArrowLeft", 0, 10)).toBe(0);
    expect(indexForKey("ArrowRight", 9, 10)).toBe(9);
  });

  it("ignores other keys", () => {
    expect(indexForKey("ArrowUp", 2, 10)).toBeNull();
    expect(indexForKey("Enter", 2, 10)).toBeNull();
    expect(indexForKey("Escape", 2, 10)).toBeNull();
  });
});
