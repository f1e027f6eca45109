import { z } from "~/lib/zod";

// Query strings of the two lists. Parsing never fails: a value we do not
// understand falls back to its default, so no URL can cause an error page.

export const PAGE_SIZE = 24;

// Control characters (a NUL byte above all) are never part of a search and
// PostgreSQL refuses them in text, so they are dropped before anything else.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

export const optionalText = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(CONTROL_CHARACTERS, " ").trim())
    .pipe(z.string().max(max))
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined);

export const pageParam = z.coerce.number().int().min(1).max(10_000).catch(1);

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
