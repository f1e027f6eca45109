import { describe, expect, it } from "vitest";
import { leaseLabel, offersLabel, photoAlt } from "./listing-text";

describe("offersLabel", () => {
  it("reads 'Offer' for 1 and 'Offers' otherwise, followed by 'Made'", () => {
    expect(offersLabel(1)).toBe("1 Offer Made");
    expect(offersLabel(0)).toBe("0 Offers Made");
    expect(offersLabel(2)).toBe("2 Offers Made");
    expect(offersLabel(3)).toBe("3 Offers Made");
  });
});

describe("leaseLabel", () => {
  it("shows the monthly amount as Lease/Month", () => {
    expect(leaseLabel(77_800)).toBe("£778 Lease/Month");
    expect(leaseLabel(120_000)).toBe("£1,200 Lease/Month");
  });
});

describe("photoAlt", () => {
  it("numbers photos from 1 out of the total", () => {
    expect(photoAlt(0, 10, "Kebab takeaway")).toBe("Photo 1 of 10 of Kebab takeaway");
    expect(photoAlt(9, 10, "Kebab takeaway")).toBe("Photo 10 of 10 of Kebab takeaway");
  });
});
