// What an offer may be (decision 0088): one Zod schema for the browser and the server.
import { pounds } from "~/lib/forms/fields";
import { addDays, londonDay } from "~/lib/dates";
import { cleanText } from "~/lib/text";
import { z } from "~/lib/zod";

/** How long an offer may stay open: long enough for a survey, short enough to mean something. */
export const MAX_OFFER_DAYS = 90;
/** What the form suggests: two weeks. */
export const DEFAULT_OFFER_DAYS = 14;

/** The terms of an offer or a counter. The day is a UK day; the offer stays open to its end. */
export const offerSchema = z.object({
  amount: pounds("Your offer").refine((pence) => pence > 0, "Your offer must be more than £0"),
  conditions: z
    .string()
    .overwrite(cleanText)
    .trim()
    .max(1000, "Conditions must be at most 1,000 characters")
    .optional(),
  expires: z
    .string({ error: "Please choose the last day your offer is open" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose the last day your offer is open")
    .refine((day) => day >= londonDay(new Date()), "Your offer must be open until today at least")
    .refine(
      (day) => day <= addDays(londonDay(new Date()), MAX_OFFER_DAYS),
      `An offer can stay open for at most ${MAX_OFFER_DAYS} days`,
    ),
});
export type OfferTerms = z.output<typeof offerSchema>;

/** Which offer a decision is about, and for the seller's acceptance whether to mark the listing under offer. */
export const offerDecisionSchema = z.object({
  offerId: z.coerce.number({ error: "Unknown offer" }).int("Unknown offer").positive("Unknown offer"),
  underOffer: z.literal("on").optional(),
});
