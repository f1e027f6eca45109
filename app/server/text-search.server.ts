import { and, sql, type SQL } from "drizzle-orm";
import { searchWord } from "./schema";

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
 * Every word must appear in `text` as a substring, or be close enough to one
 * of `fuzzyWords` to forgive a typo (pg_trgm's word similarity). `text` is a
 * lower-cased expression with a trigram index; `fuzzyWords` an array column
 * of words with a GIN index, whose words search_word keeps. The words close
 * to a typo'd one are found among the distinct words, and the rows holding
 * them from the array's index, which needs no recheck (decision 0056).
 * `word %> $1` is word_similarity($1, word), as the trigram index reads it.
 */
export function matchesAllWords(
  { text, fuzzyWords }: { text: unknown; fuzzyWords: unknown },
  words: string[],
): SQL | undefined {
  if (words.length === 0) return undefined;
  const closeTo = (word: string) =>
    sql`array(select ${searchWord.word} from ${searchWord} where ${searchWord.word} %> ${word})`;
  return and(...words.map((word) => sql`(${fuzzyWords} && ${closeTo(word)} or ${text} like ${containsPattern(word)})`));
}
