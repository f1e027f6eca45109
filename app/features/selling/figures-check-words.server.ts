// What a listing's page says of a check of its figures (decision 0087), for
// the viewer in front of it. A confidential listing's figures are hidden from
// a buyer without its NDA, so to them the page says only that HBS checked its
// figures and when: not which figures, nor the financial year (a year end can
// be matched against public company records), nor any figure.
import { formatCalendarDay, formatLondonDate } from "~/lib/dates";
import { checkedFigures } from "./evidence";
import { standingFiguresCheck } from "./evidence.server";

export async function figuresCheckWords(listing: { id: number; figuresCheckedAt: Date | null; masked: boolean }) {
  if (!listing.figuresCheckedAt) return null;
  const on = formatLondonDate(listing.figuresCheckedAt);
  const badge = `Figures checked by HBS on ${on}`;
  const check = listing.masked ? null : await standingFiguresCheck(listing);
  if (!check) {
    return { badge, note: `Figures from the seller. HBS checked some of them against the seller's evidence on ${on}.` };
  }
  const year = formatCalendarDay(check.yearEnded);
  return {
    badge,
    note: `Figures from the seller. ${checkedFigures(check)} checked by HBS on ${on} against the seller's evidence for the year ended ${year}; the other figures are the seller's word.`,
  };
}
