import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NearNotice, type NearSummary } from "./near-fields";

/** What a visitor reads in the notice above the results. */
const read = (near: NearSummary) => renderToStaticMarkup(<NearNotice near={near} />).replace(/<[^>]+>/g, "");

describe("the near search's notice", () => {
  it("names the district a full postcode was measured from without doubling its brackets", () => {
    const text = read({
      text: "NP44 9ZZ",
      radiusMiles: 3,
      notices: [],
      place: { label: "NP44 9ZZ", approximate: "NP44 (Cwmbran)", alsoNamed: [] },
    });
    expect(text).toBe("Within 3 miles of NP44 9ZZ, nearest first, measured from the centre of NP44 (Cwmbran).");
  });

  it("says only the place when it was found exactly", () => {
    expect(read({ text: "NP44 1PU", radiusMiles: 1, notices: [], place: { label: "NP44 1PU", alsoNamed: [] } })).toBe(
      "Within 1 mile of NP44 1PU, nearest first.",
    );
  });

  it("folds the other places of the same name under 'Not this …?', the measure's line first", () => {
    const html = renderToStaticMarkup(
      <NearNotice
        near={{
          text: "Newport",
          radiusMiles: 10,
          notices: [],
          place: { label: "Newport", alsoNamed: ["Newport (Isle of Wight)", "Newport (Essex)"] },
        }}
      />,
    );
    expect(html).toMatch(/<p[^>]*>Within 10 miles of <strong[^>]*>Newport<\/strong>, nearest first\.<\/p>/);
    expect(html).toMatch(
      /<details[^>]*><summary[^>]*>Not this Newport\?<\/summary><p[^>]*>Also called that: Newport \(Isle of Wight\), Newport \(Essex\); enter a postcode to search there\.<\/p><\/details>/,
    );
  });
});
