import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { matchesAllWords, searchWords } from "./text-search.server";

describe("searchWords", () => {
  it("splits, lower-cases and trims the search text", () => {
    expect(searchWords("  Kebab   CWMBRAN ")).toEqual(["kebab", "cwmbran"]);
    expect(searchWords("")).toEqual([]);
    expect(searchWords(undefined)).toEqual([]);
  });
  it("bounds what a visitor can make the database do", () => {
    expect(searchWords("a ".repeat(50))).toHaveLength(8);
    expect(searchWords("x".repeat(500))[0]).toHaveLength(40);
  });
});

describe("matchesAllWords", () => {
  const toQuery = (words: string[]) =>
    new PgDialect().sqlToQuery(matchesAllWords({ text: sql`search_text`, fuzzyText: sql`search_title` }, words)!);

  it("wants every word, as a substring with its wildcards taken literally or as a near word", () => {
    const query = toQuery(["kebab", "50%"]);
    expect(query.params).toEqual(["%kebab%", "kebab", "%50\\%%", "50%"]);
  });

  it("writes the near-word test as the trigram index reads it, so a count tests it once on each candidate", () => {
    // `search_title %> $2`, not `$2 <% search_title`: PostgreSQL matches the
    // condition to the bitmap's recheck only in the index's own form, and
    // otherwise tests word similarity again as a filter (decision 0045).
    expect(toQuery(["kebab"]).sql).toBe("(search_text like $1 or search_title %> $2)");
  });
});
