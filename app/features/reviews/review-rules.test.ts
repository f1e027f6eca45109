import { parseWithZod } from "@conform-to/zod/v4";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { reviewSchema, visitFields } from "./review-rules";

/** The form as the browser posts it (without JavaScript too), read as the server reads it. */
function post(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return parseWithZod(data, { schema: reviewSchema });
}

const body = "x".repeat(30);
const errorsOf = (fields: Record<string, string>) => {
  const result = post({ rating: "4", body, ...fields });
  return result.status === "error" ? result.error : null;
};
const visitedOf = (fields: Record<string, string>) => {
  const result = post({ rating: "4", body, ...fields });
  return result.status === "success" ? result.value.visited : "refused";
};

describe("what a review may be", () => {
  beforeEach(() => {
    // Saturday 28 November 2026, 23:30 in London: the month of a visit may be November, not December.
    vi.useFakeTimers({ now: new Date("2026-11-28T23:30:00Z"), toFake: ["Date"] });
  });
  afterEach(() => vi.useRealTimers());

  it("takes 1 to 5 stars and 30 to 5,000 characters of text", () => {
    expect(post({ rating: "5", body }).status).toBe("success");
    for (const rating of ["0", "6", "4.5", "five", ""]) {
      expect(errorsOf({ rating })).toEqual({ rating: ["Please choose from 1 to 5 stars"] });
    }
    expect(errorsOf({ body: "x".repeat(29) })).toEqual({ body: ["A review must be at least 30 characters"] });
    expect(errorsOf({ body: "x".repeat(5001) })).toEqual({ body: ["A review must be at most 5,000 characters"] });
    expect(errorsOf({ body: `${"x".repeat(29)}\u0000\u202E` })).toEqual({
      body: ["A review must be at least 30 characters"],
    });
  });

  it("reads the month of the visit from its two lists, month and year, as the month it stores", () => {
    expect(visitedOf({})).toBeUndefined();
    expect(visitedOf({ "visited.month": "", "visited.year": "" })).toBeUndefined();
    expect(visitedOf({ "visited.month": "03", "visited.year": "2026" })).toBe("2026-03");
    expect(visitedOf({ "visited.month": "11", "visited.year": "2026" })).toBe("2026-11");
    expect(visitedOf({ "visited.month": "01", "visited.year": "2000" })).toBe("2000-01");
  });

  it("refuses half a month, a month to come, one before 2000 and anything the lists do not offer", () => {
    const visited = (message: string) => ({ visited: [message] });
    expect(errorsOf({ "visited.month": "03" })).toEqual(
      visited("Please choose both the month and the year of your visit"),
    );
    // The month input's one field, from a page loaded before the lists came.
    expect(errorsOf({ visited: "2026-03" })).toEqual(
      visited("Please choose both the month and the year of your visit"),
    );
    expect(errorsOf({ "visited.month": "", "visited.year": "2025" })).toEqual(
      visited("Please choose both the month and the year of your visit"),
    );
    expect(errorsOf({ "visited.month": "12", "visited.year": "2026" })).toEqual(
      visited("The month of your visit cannot be in the future"),
    );
    expect(errorsOf({ "visited.month": "12", "visited.year": "1999" })).toEqual(
      visited("Please give a month from 2000 on"),
    );
    for (const [month, year] of [
      ["13", "2024"],
      ["2", "2024"],
      ["February", "2024"],
      ["02", "24"],
    ]) {
      expect(errorsOf({ "visited.month": month!, "visited.year": year! })).toEqual(
        visited("Please give the month as year and month, e.g. 2026-03"),
      );
    }
  });

  it("opens an edited review's lists at its month", () => {
    expect(visitFields("2026-03")).toEqual({ month: "03", year: "2026" });
    expect(visitFields(null)).toBeUndefined();
  });
});
