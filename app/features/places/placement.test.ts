import { describe, expect, it } from "vitest";
import { markerDetail, placementNote } from "./placement";

describe("placementNote", () => {
  it("says a business sits at its town's or district's centre", () => {
    expect(placementNote({ placedAt: "town", town: "Newport", postcode: "NP19 8EA" })).toBe(
      "placed at the centre of Newport",
    );
    expect(placementNote({ placedAt: "district", town: "Newport", postcode: "np19 8ea" })).toBe(
      "placed at the centre of NP19",
    );
    // As staff may type it: no space.
    expect(placementNote({ placedAt: "district", town: "Newport", postcode: "NP198EA" })).toBe(
      "placed at the centre of NP19",
    );
  });

  it("says nothing of a position that is the business's own", () => {
    expect(placementNote({ placedAt: "given", town: "Newport", postcode: null })).toBeNull();
    expect(placementNote({ placedAt: "postcode", town: "Newport", postcode: "NP19 8EA" })).toBeNull();
    // Placed before positions were told apart: taken as its own.
    expect(placementNote({ placedAt: null, town: "Newport", postcode: null })).toBeNull();
  });
});

describe("markerDetail", () => {
  it("says where the marker is when it is not at the business", () => {
    expect(markerDetail({ placedAt: "town", town: "Newport", postcode: null, address: "88 Chepstow Road" })).toBe(
      "88 Chepstow Road (placed at the centre of Newport, not at its address)",
    );
    expect(markerDetail({ placedAt: "given", town: "Newport", postcode: null, address: null })).toBe("Newport");
  });
});
