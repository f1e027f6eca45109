// The NDA form (decision 0033): the buyer's full name, typed, and the box ticked.
import { z } from "~/lib/zod";

export const ndaSchema = z.object({
  fullName: z
    .string({ error: "Please type your full name" })
    .trim()
    .min(2, "Please type your full name")
    .max(100, "Your name must be at most 100 characters"),
  agree: z.literal("yes", { error: "Please tick the box to accept the agreement" }),
});
