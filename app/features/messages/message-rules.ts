// What a message and a report may be: one Zod schema for the browser and the server.
import { cleanText } from "~/lib/text";
import { z } from "~/lib/zod";

export const MAX_MESSAGE_LENGTH = 5000;

export const messageSchema = z.object({
  body: z
    .string({ error: "Please write a message" })
    .overwrite(cleanText)
    .trim()
    .min(1, "Please write a message")
    .max(MAX_MESSAGE_LENGTH, `A message must be at most ${MAX_MESSAGE_LENGTH.toLocaleString("en-GB")} characters`),
});

export const reportSchema = z.object({
  reason: z
    .string({ error: "Please say what is wrong" })
    .overwrite(cleanText)
    .trim()
    .min(1, "Please say what is wrong")
    .max(1000, "The reason must be at most 1,000 characters"),
});

/** How a member appears to the other party: their name, never their e-mail. */
export const memberName = (fullName: string | null | undefined) => fullName?.trim() || "HBS member";
export const STAFF_NAME = "HBS team";

/** Said to a member staff stopped messaging (decision 0079), on the page and when a send is refused. */
export const STOPPED_MESSAGING = "HBS has stopped you sending messages. Your conversations stay here to read.";

/** Why a message (or an offer, which is one) was not sent. */
export const REPLY_REFUSALS = {
  blocked: "You cannot send messages in this conversation.",
  stopped: `${STOPPED_MESSAGING} If you think this is a mistake, please contact us.`,
  suspended: "You cannot send messages to this member while their account is suspended.",
  "rate-limited": "You have sent a lot of messages just now. Please wait a few minutes and try again.",
} as const;

/** Staff's own words in a warning to a member whose messages were reported (decision 0079). */
export const warningWordsSchema = z.object({
  words: z
    .string({ error: "Please write what to tell them" })
    .overwrite(cleanText)
    .trim()
    .min(1, "Please write what to tell them")
    .max(2000, "The warning must be at most 2,000 characters"),
});
