import { describe, expect, it } from "vitest";
import { certifierName, halalBadges, staleReasons, type HalalFacts } from "./halal";

const facts: HalalFacts = {
  halalStatus: "fully_halal",
  halalCertifierBody: "hmc",
  halalCertifier: null,
  halalCertificateExpires: "2027-01-31",
  halalCheckedOn: "2026-02-01",
  alcoholServed: false,
};

describe("halal evidence", () => {
  it("shows status, certifier and no alcohol as badges while fresh", () => {
    expect(halalBadges(facts, "2026-11-23")).toEqual([
      { label: "Fully halal" },
      { label: "HMC certified" },
      { label: "No alcohol" },
    ]);
  });

  it("marks evidence checked over 12 months ago, or an expired certificate, as out of date", () => {
    expect(staleReasons(facts, "2027-01-31")).toEqual([]);
    expect(staleReasons({ ...facts, halalCertificateExpires: null }, "2027-02-02")).toEqual([
      "Last checked over 12 months ago",
    ]);
    expect(staleReasons(facts, "2027-02-02")).toEqual([
      "The certificate has expired",
      "Last checked over 12 months ago",
    ]);
    expect(staleReasons({ ...facts, halalCheckedOn: "2026-11-01" }, "2027-02-01")).toEqual([
      "The certificate has expired",
    ]);
    expect(halalBadges({ ...facts, halalCertificateExpires: "2026-11-22" }, "2026-11-23").at(-1)).toEqual({
      label: "Halal info out of date",
      warn: true,
    });
  });

  it("names another certifier by its free name", () => {
    expect(certifierName({ halalCertifierBody: "other", halalCertifier: "SLHFSA" })).toBe("SLHFSA");
    expect(certifierName({ halalCertifierBody: null, halalCertifier: "ignored" })).toBeNull();
  });
});
