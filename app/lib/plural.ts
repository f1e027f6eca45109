// A count with its noun, as people write it: "1 new favourite", "2 new favourites", "1,200 views".

/** `count` and the noun that agrees with it; `many` for nouns that do not just add an "s". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("en-GB")} ${count === 1 ? one : many}`;
}
