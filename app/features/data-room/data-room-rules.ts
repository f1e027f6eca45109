// What the data room's forms may send (decision 0089): one Zod schema each for the browser and the server.
import { cleanLine } from "~/lib/text";
import { z } from "~/lib/zod";

export const DOCUMENT_KINDS = {
  accounts: "Accounts",
  lease: "Lease",
  licence: "Licence",
  inventory: "Inventory",
  other: "Other",
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

export const documentSchema = z.object({
  kind: z.enum(Object.keys(DOCUMENT_KINDS) as [DocumentKind, ...DocumentKind[]], {
    error: "Please choose what the document is",
  }),
  title: z
    .string({ error: "Please give the document a title" })
    .overwrite(cleanLine)
    .trim()
    .min(1, "Please give the document a title")
    .max(120, "The title must be at most 120 characters"),
  file: z.file({ error: "Please choose a file" }).refine((file) => file.size > 0, "Please choose a file"),
});

/** The seller's answer to a buyer, or the end of their access. */
export const accessDecisionSchema = z.object({
  accessId: z.coerce.number({ error: "Unknown request" }).int().positive(),
  decision: z.enum(["admit", "refuse", "withdraw"], { error: "Unknown decision" }),
});

export const removeDocumentSchema = z.object({
  documentId: z.coerce.number({ error: "Unknown document" }).int().positive(),
});
