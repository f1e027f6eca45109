// Halal evidence as people read it (docs/decisions/0027-halal-evidence.md).
// Safe for the browser: the back office's form and the pages share the names.
import { halalStatusLabels } from "~/features/marketplace/listing-facts";
import { addDays } from "~/lib/dates";

// The same halal status as a business for sale's (decision 0023), with the same names.
export { halalStatusLabels };
export type HalalStatus = keyof typeof halalStatusLabels;

/** The UK certifying bodies staff choose from; 'other' takes a free name. */
export const certifierLabels = {
  hmc: "HMC (Halal Monitoring Committee)",
  hfa: "HFA (Halal Food Authority)",
  hmb: "HMB",
  hab: "HAB (Halal Authority Board)",
  mfb: "MFB (Muslim Food Board)",
  other: "Another certifier",
} as const;
export type CertifierBody = keyof typeof certifierLabels;
export const certifierBodies = Object.keys(certifierLabels) as CertifierBody[];

export const evidenceLabels = {
  certificate_seen: "Certificate seen by HBS",
  business_declared: "Declared by the business",
  visited: "Visited by HBS",
} as const;
export type HalalEvidence = keyof typeof evidenceLabels;

export const slaughterLabels = { hand: "Hand slaughtered", machine: "Machine slaughtered" } as const;

export interface HalalFacts {
  halalStatus: HalalStatus | null;
  halalCertifierBody: CertifierBody | null;
  halalCertifier: string | null;
  halalCertificateExpires: string | null;
  halalCheckedOn: string | null;
  alcoholServed: boolean | null;
}

/** The certifier's short name for a badge ("HMC"), or the free name. */
export function certifierName(facts: Pick<HalalFacts, "halalCertifierBody" | "halalCertifier">): string | null {
  if (!facts.halalCertifierBody) return null;
  if (facts.halalCertifierBody === "other") return facts.halalCertifier || "Another certifier";
  return facts.halalCertifierBody.toUpperCase();
}

/** Evidence last checked more than this long ago is out of date. */
export const FRESH_FOR_DAYS = 365;

/**
 * Why the evidence is out of date on `today` (a London day), if it is: checked
 * over 12 months ago, or a certificate past its expiry. Shown, never hidden.
 */
export function staleReasons(facts: HalalFacts, today: string): string[] {
  const reasons: string[] = [];
  if (facts.halalCertificateExpires && facts.halalCertificateExpires < today)
    reasons.push("The certificate has expired");
  if (facts.halalCheckedOn && facts.halalCheckedOn < addDays(today, -FRESH_FOR_DAYS)) {
    reasons.push("Last checked over 12 months ago");
  }
  return reasons;
}

/** Compact badges for a card: status, certifier, no alcohol, and out of date when it is. */
export function halalBadges(facts: HalalFacts, today: string): { label: string; warn?: boolean }[] {
  const badges: { label: string; warn?: boolean }[] = [];
  if (facts.halalStatus) badges.push({ label: halalStatusLabels[facts.halalStatus] });
  const certifier = certifierName(facts);
  if (certifier) badges.push({ label: `${certifier} certified` });
  if (facts.alcoholServed === false) badges.push({ label: "No alcohol" });
  if ((facts.halalStatus || certifier) && staleReasons(facts, today).length > 0) {
    badges.push({ label: "Halal info out of date", warn: true });
  }
  return badges;
}
