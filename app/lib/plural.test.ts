import { describe, expect, it } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  it("uses the singular for one, and only for one", () => {
    expect(plural(1, "new favourite")).toBe("1 new favourite");
    expect(plural(0, "new favourite")).toBe("0 new favourites");
    expect(plural(2, "view")).toBe("2 views");
  });
  it("takes the plural of a noun that does not just add an s", () => {
    expect(plural(1, "business", "businesses")).toBe("1 business");
    expect(plural(3, "query", "queries")).toBe("3 queries");
  });
  it("groups thousands as UK readers do", () => {
    expect(plural(1200, "view")).toBe("1,200 views");
  });
});
