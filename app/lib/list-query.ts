// Query strings of the two lists, as pages build them. Their parsing is the
// server's (list-query.server.ts), so the pages carry no schema library.

export const PAGE_SIZE = 24;

/** First value of each parameter, as an object zod can parse. */
export function searchParamsObject(params: URLSearchParams): Record<string, string> {
  const object: Record<string, string> = {};
  for (const [key, value] of params) if (!(key in object)) object[key] = value;
  return object;
}

/** The URL of the same list with some parameters changed (undefined removes). */
export function withParams(params: URLSearchParams, changes: Record<string, string | number | undefined>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined || value === "") next.delete(key);
    else next.set(key, String(value));
  }
  if (next.get("page") === "1") next.delete("page");
  const query = next.toString();
  return query ? `?${query}` : "?";
}
