// Halal evidence levels as people read them (decision 0091). Safe for the
// browser: cards, the business page, the filters and the public rules page
// share the names. The rules themselves are SQL, kept on each business by
// app/server/read-models/evidence-level.ts; /halal-evidence says them in words.

/** Diners' confirmations that count: this many members… */
export const DINER_CONFIRMATIONS = 3;
/** …within this many days (about six months). */
export const DINER_WINDOW_DAYS = 183;

export type EvidenceLevel = 0 | 1 | 2 | 3 | 4;

/** Highest first, as the rules page lists them and the filter offers them. */
export const evidenceLevels: { level: EvidenceLevel; label: string; rule: string }[] = [
  {
    level: 4,
    label: "Certificate checked by HBS",
    rule: "HBS saw the business's halal certificate in the last 12 months, and the certificate is still in date.",
  },
  {
    level: 3,
    label: "Visited by HBS",
    rule: "Someone from HBS visited in the last 12 months and found it as described.",
  },
  {
    level: 2,
    label: "Confirmed by diners",
    rule: `At least ${DINER_CONFIRMATIONS} different members confirmed it is still as described in the last six months.`,
  },
  {
    level: 1,
    label: "The business's word",
    rule: "The business says it is halal, but nothing above backs it today: a certificate that has expired, or a check more than 12 months old, counts here.",
  },
  { level: 0, label: "Halal not stated", rule: "Nobody has told HBS whether it is halal." },
];

export const evidenceLevelLabel = (level: number) =>
  evidenceLevels.find((l) => l.level === level)?.label ?? evidenceLevels.at(-1)!.label;

/** The public page that says the rules. */
export const EVIDENCE_RULES_PATH = "/halal-evidence";
