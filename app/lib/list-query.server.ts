import { CONTROL_CHARACTERS } from "~/lib/control-characters";
import { z } from "~/lib/zod";

// Parsing the lists' query strings never fails: a value we do not understand
// falls back to its default, so no URL can cause an error page.

export const optionalText = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(CONTROL_CHARACTERS, " ").trim())
    .pipe(z.string().max(max))
    .optional()
    .catch(undefined)
    .transform((v) => v || undefined);

export const pageParam = z.coerce.number().int().min(1).max(10_000).catch(1);
