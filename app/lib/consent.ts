// The visitor's cookie choice: kept in localStorage (as the spec's browser
// storage) and in a first-party cookie, so the server can leave the banner out
// of the page once a choice is made — see docs/decisions/0005-consent-and-location.md.
import { readCookie } from "./cookies";

export const CONSENT_KEY = "cookie-consent";
export const consentChoices = ["accepted", "declined"] as const;
export type ConsentChoice = (typeof consentChoices)[number];

export function isConsentChoice(value: unknown): value is ConsentChoice {
  return consentChoices.includes(value as ConsentChoice);
}

/** Reads the consent choice from a Cookie header. */
export function consentFromCookieHeader(header: string | null): ConsentChoice | null {
  const value = readCookie(header, CONSENT_KEY);
  return isConsentChoice(value) ? value : null;
}
