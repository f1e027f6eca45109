import { describe, expect, it } from "vitest";
import { csvResponse, spreadsheetSafe } from "./csv.server";

describe("spreadsheetSafe", () => {
  it("makes text a spreadsheet would run as a formula into plain text", () => {
    for (const formula of ["=1+1", "+44 20 7946 0000", "-2+3", "@SUM(A1)", "\t=cmd", "\r=cmd"])
      expect(spreadsheetSafe(formula)).toBe(`'${formula}`);
  });

  it("leaves other text, numbers, yes/no and times as they are", () => {
    expect(spreadsheetSafe("Zoë's Grill, Leeds")).toBe("Zoë's Grill, Leeds");
    expect(spreadsheetSafe(-250)).toBe(-250);
    expect(spreadsheetSafe(true)).toBe("yes");
    expect(spreadsheetSafe(null)).toBe("");
    expect(spreadsheetSafe(new Date("2026-11-29T10:00:00Z"))).toBe("2026-11-29T10:00:00.000Z");
  });
});

// The bytes as sent: Response.text() would drop the byte-order mark Excel needs.
const sent = async (response: Response) =>
  new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());

describe("csvResponse", () => {
  it("writes the heading, then each batch as it comes, quoted where needed", async () => {
    const fetched: number[] = [];
    async function* batches() {
      for (const n of [1, 2]) {
        fetched.push(n);
        yield [[`Row ${n}`, `says "hello", twice`]];
      }
    }
    const response = csvResponse("x.csv", ["Name", "Note"], batches());
    expect(fetched).toEqual([]); // nothing is fetched before the download is read
    expect(await sent(response)).toBe(
      '\uFEFFName,Note\nRow 1,"says ""hello"", twice"\nRow 2,"says ""hello"", twice"\n',
    );
  });

  it("has its heading when nothing matches", async () => {
    async function* none() {}
    expect(await sent(csvResponse("x.csv", ["Name"], none()))).toBe("\uFEFFName\n");
  });
});
