import { and, sql, type SQL } from "drizzle-orm";

/** The words of a search box, at most eight, each at most 40 characters. */
export function searchWords(text: string | undefined): string[] {
  return (text ?? "")
    .toLowerCase()
    .split(/\s+/)
    .map((word) => word.slice(0, 40))
    .filter(Boolean)
    .slice(0, 8);
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE pattern for text containing `q`, its wildcards taken literally. */
export const containsPattern = (q: string) => `%${escapeLike(q)}%`;

/**
 * Every word must appear in `text` as a substring, or be close enough to a
 * word of `fuzzyText` to forgive a typo (pg_trgm's word similarity).
 * Both are lower-cased expressions with trigram indexes; `fuzzyText` should
 * be short (a name or title), as word similarity costs per character.
 * `fuzzyText %> word`, not its commutator `word <% fuzzyText`: written as the
 * index reads it, PostgreSQL sees that the bitmap's recheck already tested
 * it, where the other way round it tested word similarity twice on every
 * candidate row (decision 0045).
 */
export function matchesAllWords(
  { text, fuzzyText }: { text: unknown; fuzzyText: unknown },
  words: string[],
): SQL | undefined {
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`(${text} like ${containsPattern(word)} or ${fuzzyText} %> ${word})`));
}
