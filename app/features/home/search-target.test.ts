import { describe, expect, it } from "vitest";
import { searchScope, searchTarget } from "./search-target";

describe("searchTarget", () => {
  it("sends directory searches to the Halal Directory", () => {
    expect(searchTarget("directory", "dentist")).toBe("/halal-network-space?search=dentist");
  });

  it("sends buy searches to the marketplace", () => {
    expect(searchTarget("buy", "cafe")).toBe("/buy?search=cafe");
  });

  it("trims the text", () => {
    expect(searchTarget("buy", "  kebab  ")).toBe("/buy?search=kebab");
    expect(searchTarget("directory", "\tNewport\n")).toBe("/halal-network-space?search=Newport");
  });

  it("goes to the bare page when the text is empty or blank", () => {
    expect(searchTarget("directory", "")).toBe("/halal-network-space");
    expect(searchTarget("buy", "   ")).toBe("/buy");
    expect(searchTarget("buy", null)).toBe("/buy");
    expect(searchTarget("directory", undefined)).toBe("/halal-network-space");
  });

  it("encodes the text", () => {
    expect(searchTarget("directory", "fish & chips")).toBe("/halal-network-space?search=fish%20%26%20chips");
    expect(searchTarget("buy", "café/bar?x=1")).toBe("/buy?search=caf%C3%A9%2Fbar%3Fx%3D1");
    expect(new URL(searchTarget("buy", " a+b c "), "http://x").searchParams.get("search")).toBe("a+b c");
  });

  it("treats anything but buy as the directory", () => {
    expect(searchTarget(null, "x")).toBe("/halal-network-space?search=x");
    expect(searchTarget("BUY", "x")).toBe("/halal-network-space?search=x");
    expect(searchTarget("elsewhere", "")).toBe("/halal-network-space");
    expect(searchScope("buy")).toBe("buy");
    expect(searchScope(undefined)).toBe("directory");
  });
});
