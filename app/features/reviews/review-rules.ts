// What a review and a report may be: one Zod schema each for the browser
// (Conform) and the server, and how a review list is sorted (decision 0035).
import { text } from "~/lib/forms/fields";
import { MAX_PHOTO_BYTES, PHOTO_TYPES } from "~/lib/forms/form-rules";
import { cleanLine } from "~/lib/text";
import { londonDay } from "~/lib/dates";
import { z } from "~/lib/zod";

export const MIN_REVIEW_LENGTH = 30;
export const MAX_REVIEW_LENGTH = 5000;
export const REVIEW_POLICY_PATH = "/review-policy";

/** "2026-03" for March 2026: how the month of a visit is stored and checked. */
const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The first year a visit may be in; the form's list of years starts here too. */
export const FIRST_VISIT_YEAR = 2000;

const BOTH = "Please choose both the month and the year of your visit";

/**
 * The month of the visit, chosen as a month and a year from two lists (month names
 * people know, working without JavaScript; decision 0068): "2026-03", or undefined
 * when neither is chosen; never before 2000 nor after this month on London's calendar.
 */
const visitMonth = z
  // Anything but the two lists' fields (one "visited" field, as the month input sent) is asked for again.
  .object({ month: z.string().trim().optional(), year: z.string().trim().optional() }, { error: BOTH })
  .optional()
  .transform((value, ctx) => {
    const { month, year } = value ?? {};
    if (!month && !year) return undefined;
    if (!month || !year) {
      ctx.issues.push({ code: "custom", input: value, message: BOTH });
      return z.NEVER;
    }
    return `${year}-${month}`;
  })
  .pipe(
    z
      .string()
      .regex(MONTH, { error: "Please give the month as year and month, e.g. 2026-03", abort: true })
      .refine((value) => value >= `${FIRST_VISIT_YEAR}-01`, `Please give a month from ${FIRST_VISIT_YEAR} on`)
      .refine((value) => value <= londonDay(new Date()).slice(0, 7), "The month of your visit cannot be in the future")
      .optional(),
  );

/** The form's month and year for a stored month, "2026-03" → { month: "03", year: "2026" }. */
export function visitFields(visited: string | null) {
  const match = visited ? MONTH.exec(visited) : null;
  return match ? { year: match[1]!, month: match[2]! } : undefined;
}

/** Photos under one review (decision 0093). */
export const MAX_REVIEW_PHOTOS = 4;

export const reviewSchema = z.object({
  rating: z.coerce
    .number({ error: "Please choose from 1 to 5 stars" })
    .int("Please choose from 1 to 5 stars")
    .min(1, "Please choose from 1 to 5 stars")
    .max(5, "Please choose from 1 to 5 stars"),
  body: text("Please write your review", MAX_REVIEW_LENGTH, "A review must be at most 5,000 characters").min(
    MIN_REVIEW_LENGTH,
    `A review must be at least ${MIN_REVIEW_LENGTH} characters`,
  ),
  visited: visitMonth,
  // New photos (checked again by their content on the server), and the ids of the review's own photos to remove.
  photos: z
    .array(
      z
        .file({ error: "Photos must be image files" })
        .mime(PHOTO_TYPES, "Photos must be JPEG, PNG or WebP images")
        .max(MAX_PHOTO_BYTES, "Each photo must be 5 MB or smaller"),
    )
    .max(MAX_REVIEW_PHOTOS, `A review can have up to ${MAX_REVIEW_PHOTOS} photos`)
    .optional(),
  removePhoto: z.array(z.coerce.number().int().positive()).max(MAX_REVIEW_PHOTOS).optional(),
});

export type ReviewInput = z.output<typeof reviewSchema>;

export const reviewReportSchema = z.object({
  reason: text("Please say what is wrong with this review", 1000, "The reason must be at most 1,000 characters"),
});

export const REVIEW_SORTS = ["newest", "highest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** The list's order from the query string; anything else is the default, newest first. */
export function reviewSort(value: string | null): ReviewSort {
  return REVIEW_SORTS.includes(value as ReviewSort) ? (value as ReviewSort) : "newest";
}

/** Why a review was held, in the words staff and the reviewer read. */
export const HOLD_REASONS = {
  new_account: "The account is less than 24 hours old",
  same_network: "Another review of this business came from the same network within a day",
  repeated_text: "The text repeats another review",
  contains_link: "The text contains a link",
  connected: "The reviewer appears to own or work for the business",
} as const;

export type HoldReason = keyof typeof HOLD_REASONS;

/** Staff's removal of a review: the reason its author is told, and whether it was fake (which bans them). */
export const removalSchema = z.object({
  reason: text("Please give the reason the reviewer will be told", 1000, "The reason must be at most 1,000 characters"),
  fake: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});

/** The warning staff put on a business found buying reviews. */
export const warningSchema = z.object({
  warning: z
    .string({ error: "Please write the warning" })
    .overwrite(cleanLine)
    .trim()
    .min(1, "Please write the warning")
    .max(500, "The warning must be at most 500 characters"),
});

export const MAX_REPLY_LENGTH = 2000;

/** A business owner's public reply to a review: text only, like the review. */
export const replySchema = z.object({
  reply: text("Please write your reply", MAX_REPLY_LENGTH, "A reply must be at most 2,000 characters"),
});

export type ReplyInput = z.output<typeof replySchema>;
