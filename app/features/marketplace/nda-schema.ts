// The NDA form (decision 0033): the buyer's full name, typed, and the box ticked.
import { cleanLine } from "~/lib/text";
import { z } from "~/lib/zod";

export const ndaSchema = z.object({
  fullName: z
    .string({ error: "Please type your full name" })
    .overwrite(cleanLine)
    .trim()
    .min(2, "Please type your full name")
    .max(100, "Your name must be at most 100 characters"),
  agree: z.literal("yes", { error: "Please tick the box to accept the agreement" }),
});
