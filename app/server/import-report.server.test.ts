import { describe, expect, it } from "vitest";
import { importReport } from "./import-report.server";

describe("importReport", () => {
  it("prints progress every N rows with a percentage when the size is known, and a summary with reasons", () => {
    const lines: string[] = [];
    const report = importReport("Postcodes", { totalBytes: 1000, every: 2, print: (l) => lines.push(l) });
    report.row();
    report.bytes(250);
    report.row();
    report.row();
    report.refuse("not a UK postcode");
    report.refuse("not a UK postcode");
    report.refuse("no coordinates");
    report.added = 1;
    expect(lines).toEqual(["Postcodes: 2 rows read (25%)"]);
    expect(report.summary()).toBe(
      "Postcodes: 3 read, 1 added, 0 changed, 3 refused.\n  refused 2: not a UK postcode\n  refused 1: no coordinates",
    );
  });
});
