import { z } from "~/lib/zod";

// Parsing the lists' query strings never fails: a value we do not understand
// falls back to its default, so no URL can cause an error page.

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
