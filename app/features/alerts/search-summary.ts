// The line under a saved search's name on /my-searches (issue #50): what the
// search matches, unless its name already says exactly that, as the name /buy
// suggests does (the same words twice told nothing).

const sameWords = (a: string, b: string) => a.trim().toLocaleLowerCase("en-GB") === b.trim().toLocaleLowerCase("en-GB");

/** What a saved search named `name` matches, from describeSearch's `description`; null if the name says it all. */
export function savedSearchSummary(name: string, description: string): string | null {
  return sameWords(description, name) ? null : description;
}
