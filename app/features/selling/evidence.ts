// Figures checked by HBS (decision 0087): the evidence a seller sends, the
// check staff record, and how a check is worded. Plain data and schemas,
// safe for the browser; the storage and the queries are evidence.server.ts.
import { z } from "~/lib/zod";
import { line, text } from "~/lib/forms/fields";
import { formatCalendarDay } from "~/lib/dates";

export const evidenceKinds = ["accounts", "accountant_letter", "vat_returns", "other"] as const;
export type EvidenceKind = (typeof evidenceKinds)[number];
export const evidenceKindLabels: Record<EvidenceKind, string> = {
  accounts: "Accounts",
  accountant_letter: "Letter from an accountant",
  vat_returns: "VAT returns",
  other: "Other evidence of the figures",
};

/** Files in one upload, the largest file, and the most a listing keeps: evidence is a few documents, not an archive. */
export const MAX_EVIDENCE_FILES = 5;
export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
export const MAX_EVIDENCE_PER_LISTING = 20;
export const EVIDENCE_TYPES_TEXT = "PDF, JPEG, PNG or WebP";

export const evidenceUploadSchema = z.object({
  kind: z.enum(evidenceKinds, { error: "Please choose what the files are" }),
  // The declared size only; what each file is, the server reads from its first bytes.
  files: z
    .array(z.file({ error: "Please choose a file" }).max(MAX_EVIDENCE_BYTES, "Each file must be 10 MB or smaller"))
    .max(MAX_EVIDENCE_FILES, `You can upload up to ${MAX_EVIDENCE_FILES} files at once`)
    .optional()
    .refine((files) => !!files?.length, "Please choose at least one file")
    .transform((files) => files ?? []),
});

function isRealDay(day: string) {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
}

const ticked = z
  .literal("yes")
  .optional()
  .transform((value) => value === "yes");

export const figuresCheckSchema = z
  .object({
    yearEnded: line("Please give the last day of the year checked", 10, "Please give a date")
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Please give a date", abort: true })
      // A real day (not 31 February), in the years a business for sale files accounts for.
      .refine(isRealDay, "Please give a date")
      .refine((day) => day >= "2000-01-01" && day <= `${new Date().getUTCFullYear() + 1}-12-31`, {
        error: "Please give a year end from 2000 to next year",
      }),
    turnover: ticked,
    netProfit: ticked,
    note: text("Please say what you compared, for the record", 2000, "The note must be less than 2000 characters"),
  })
  .refine((check) => check.turnover || check.netProfit, {
    message: "Please tick the figures you checked",
    path: ["turnover"],
  });

/** A check as a listing's page and the seller's page word it. */
export interface FiguresCheck {
  checkedAt: Date;
  yearEnded: string;
  turnoverChecked: boolean;
  netProfitChecked: boolean;
}

/** "Turnover and net profit", "Turnover" or "Net profit". */
export function checkedFigures(check: Pick<FiguresCheck, "turnoverChecked" | "netProfitChecked">): string {
  if (check.turnoverChecked && check.netProfitChecked) return "Turnover and net profit";
  return check.turnoverChecked ? "Turnover" : "Net profit";
}

/** "Turnover and net profit, for the year ended 31 Mar 2026". */
export function checkedWhat(check: FiguresCheck): string {
  return `${checkedFigures(check)}, for the year ended ${formatCalendarDay(check.yearEnded)}`;
}
