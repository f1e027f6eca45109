// The rules of a confidential listing's settings (decision 0033): the
// confidentiality form's check, and the generic title's, which /sell applies
// too. Apart from confidential.ts, whose data a listing's page loads up front:
// these only the server and /sell's checks (loaded on first use) need.
import { confidentialFigureKeys, type ConfidentialFigure } from "./confidential";

export interface ConfidentialSettings {
  confidential: boolean;
  title: string | null;
  figures: ConfidentialFigure[];
}

/**
 * The confidentiality form, checked on the server (decision 0033). A generic
 * title is required while confidential, and must not give the business away
 * by repeating its name.
 */
export function parseConfidentialForm(
  form: FormData,
  businessName: string,
): { value: ConfidentialSettings } | { errors: Record<string, string[]> } {
  const confidential = form.get("confidential") === "yes";
  const rawTitle = form.get("confidentialTitle");
  const title = typeof rawTitle === "string" ? rawTitle.replace(/\s+/g, " ").trim() : "";
  const figures = confidentialFigureKeys.filter((key) => form.getAll("confidentialFigures").includes(key));
  const titleError = genericTitleError(title, businessName, confidential);
  if (titleError) return { errors: { confidentialTitle: [titleError] } };
  return { value: { confidential, title: title || null, figures } };
}

/**
 * What is wrong with a generic title, or null: required while confidential,
 * and must not give the business away by repeating its name. /sell and the
 * confidentiality form alike.
 */
export function genericTitleError(title: string, businessName: string, confidential: boolean): string | null {
  if (title.length > 120) return "The generic title must be at most 120 characters";
  if (confidential && title.length < 5) return "Please give the listing a generic title";
  const name = businessName.trim().toLowerCase();
  if (confidential && name && title.toLowerCase().includes(name)) {
    return "The generic title must not contain the business's name";
  }
  return null;
}
