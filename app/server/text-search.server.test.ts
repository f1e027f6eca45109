import { describe, expect, it } from "vitest";
import { searchWords } from "./text-search.server";

describe("searchWords", () => {
  it("splits, lower-cases and trims the search text", () => {
    expect(searchWords("  Kebab   CWMBRAN ")).toEqual(["kebab", "cwmbran"]);
    expect(searchWords("")).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
  it("bounds what a visitor can make the database do", () => {
    expect(searchWords("a ".repeat(50))).toHaveLength(8);
    expect(searchWords("x".repeat(500))[0]).toHaveLength(40);
  });
});
