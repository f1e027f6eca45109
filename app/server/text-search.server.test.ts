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
    new PgDialect().sqlToQuery(matchesAllWords({ text: sql`search_text`, fuzzyWords: sql`title_words` }, words)!);

  it("wants every word, as a substring with its wildcards taken literally or as a near word", () => {
    const query = toQuery(["kebab", "50%"]);
    expect(query.params).toEqual(["kebab", "%kebab%", "50%", "%50\\%%"]);
  });

  it("looks for near words among the distinct words, tested first as the cheaper", () => {
    // An array overlap needs no recheck on the rows its index returns, so
    // the LIKE on the long text is only tested on the rows its own index offers.
    expect(toQuery(["kebab"]).sql).toBe(
      '(title_words && array(select "search_word"."word" from "search_word" where "search_word"."word" %> $1) or search_text like $2)',
    );
  });
});
