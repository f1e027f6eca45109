// What a claimant is told when a step cannot go ahead (decision 0036): one
// place for the claim page's messages and the tests that look for them.
import type { ConfirmOutcome, DocumentsOutcome, SendCodeOutcome } from "./claims.server";

type Refusal<T> = Exclude<T, "sent" | "approved" | "submitted" | "already-yours" | { error: string }>;

export const sendCodeRefusals = (domain: string | null): Record<Refusal<SendCodeOutcome>, string> => ({
  "not-found": "This business is no longer in the directory.",
  "no-website":
    "This business has no website on HBS, so we cannot send a code to its domain. Please send documents instead.",
  "wrong-domain": `The address must be at ${domain ?? "the business's own domain"}, the domain of the business's website. If you cannot receive e-mail there, send documents instead.`,
  owned: "This business already has an owner on HBS.",
  "documents-pending": "We are already checking the documents you sent, and will e-mail you when we have decided.",
  "rate-limited": "Too many attempts. Please try again in an hour.",
});

export const confirmRefusals: Record<Refusal<ConfirmOutcome>, string> = {
  wrong: "That code is not right. Check the e-mail and try again.",
  expired: "That code has expired. Please ask for a new one.",
  "too-many": "Too many wrong codes. Please ask for a new one.",
  used: "That code has already been used.",
  "no-code": "There is no code waiting for this claim. Please ask for one first.",
  owned: "This business already has an owner on HBS.",
  "rate-limited": "Too many attempts. Please try again in an hour.",
};

export const documentsRefusals: Record<Refusal<DocumentsOutcome>, string> = {
  "not-found": "This business is no longer in the directory.",
  owned: "This business already has an owner on HBS.",
  "rate-limited": "Too many attempts. Please try again in an hour.",
};
