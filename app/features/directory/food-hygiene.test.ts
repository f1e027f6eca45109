import { describe, expect, it } from "vitest";
import {
  canonicalRating,
  fsaBusinessUrl,
  hygieneHeading,
  hygieneRatingText,
  nameKey,
  postcodeKey,
} from "./food-hygiene";

describe("food hygiene ratings", () => {
  it("accepts each scheme's own values, however the file spaces them, and no others", () => {
    expect(canonicalRating("FHRS", "5")).toBe("5");
    expect(canonicalRating("FHRS", "Awaiting Inspection")).toBe("AwaitingInspection");
    expect(canonicalRating("FHIS", "AwaitingInspection")).toBe("Awaiting Inspection");
    expect(canonicalRating("FHIS", "improvement required")).toBe("Improvement Required");
    expect(canonicalRating("FHRS", "Pass")).toBeNull();
    expect(canonicalRating("FHIS", "5")).toBeNull();
    expect(canonicalRating("FHRS", "6")).toBeNull();
    expect(canonicalRating("FHRS", "")).toBeNull();
  });

  it("says what a rating means, in words", () => {
    expect(hygieneRatingText({ schemeType: "FHRS", ratingValue: "5" })).toBe("5 (very good)");
    expect(hygieneRatingText({ schemeType: "FHRS", ratingValue: "0" })).toBe("0 (urgent improvement necessary)");
    expect(hygieneRatingText({ schemeType: "FHIS", ratingValue: "Pass" })).toBe("Pass");
    expect(hygieneHeading({ schemeType: "FHIS" })).toBe("Food hygiene inspection result");
    expect(hygieneHeading({ schemeType: "FHRS" })).toBe("Food hygiene rating");
    expect(fsaBusinessUrl(123)).toBe("https://ratings.food.gov.uk/business/123");
  });

  it("compares names and postcodes without the differences that do not matter", () => {
    expect(nameKey("The Sultan's Grill & Bar LTD")).toBe("sultan s grill and bar");
    expect(postcodeKey(" np20 1lp ")).toBe("NP201LP");
    expect(postcodeKey("")).toBeNull();
  });
});
