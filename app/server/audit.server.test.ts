import { describe, expect, it } from "vitest";
import { changedFields } from "./audit.server";

describe("changedFields", () => {
  it("keeps only the fields whose value changed, arrays and nulls included", () => {
    expect(
      changedFields(
        { title: "Cafe", pricePence: 100, features: ["A"], postcode: null, town: "Leeds" },
        { title: "Café", pricePence: 100, features: ["A", "B"], postcode: "LS1 1AA", town: "Leeds" },
      ),
    ).toEqual({
      before: { title: "Cafe", features: ["A"], postcode: null },
      after: { title: "Café", features: ["A", "B"], postcode: "LS1 1AA" },
    });
  });
});
