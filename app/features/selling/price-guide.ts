// The fair price guide (issue #48 point 4, decision 0086): what similar
// listings on HBS ask, as a multiple of their net profit and of their
// turnover. The arithmetic the pages share; the figures come from
// price-guide.server.ts. Safe in the browser: /sell works it out as the
// seller types.
import { bareAmount, POUNDS_AMOUNT } from "~/lib/money";

/** Fewer listings than this and a multiple is not shown: a median of three says little, and could single one out. */
export const MIN_GUIDE_LISTINGS = 5;

/**
 * One multiple (asking price ÷ a figure) across the listings that show both:
 * the median and the middle half of them (lower to upper quartile), so that
 * one unusual listing cannot sway it as a min–max range would.
 */
export interface GuideMultiple {
  median: number;
  lower: number;
  upper: number;
  count: number;
}

/** A category's guide: each multiple, or null where fewer than five listings give it. */
export interface PriceGuide {
  profit: GuideMultiple | null;
  turnover: GuideMultiple | null;
}

export type GuideFigure = keyof PriceGuide;

export const guideFigureWords: Record<GuideFigure, string> = { profit: "net profit", turnover: "turnover" };

/** A multiple from what the database counted: its quartiles, or null below five listings. */
export function guideMultiple(count: number, quartiles: readonly number[] | null): GuideMultiple | null {
  if (count < MIN_GUIDE_LISTINGS || !quartiles || quartiles.length !== 3) return null;
  const [lower, median, upper] = quartiles.map(Number) as [number, number, number];
  return { lower, median, upper, count };
}

/** Whether a guide has anything to show. */
export const hasGuide = (guide: PriceGuide | null | undefined): guide is PriceGuide =>
  Boolean(guide && (guide.profit || guide.turnover));

/** "2.9×", and two decimals below one ("0.45×"), where turnover multiples usually are. */
export function formatMultiple(multiple: number): string {
  return `${multiple < 1 ? multiple.toFixed(2) : multiple.toFixed(1)}×`;
}

/** A price worked out from a multiple is a guide, not a figure to the pound: to £1,000, or £100 below £10,000. */
export function roundEstimate(pence: number): number {
  const step = pence >= 10_000_00 ? 1_000_00 : 100_00;
  return Math.round(pence / step) * step;
}

/** The prices a figure gives at the median multiple and at each end of the middle half. */
export function estimatedPrices(multiple: GuideMultiple, figurePence: number) {
  return {
    low: roundEstimate(multiple.lower * figurePence),
    median: roundEstimate(multiple.median * figurePence),
    high: roundEstimate(multiple.upper * figurePence),
  };
}

export type GuidePosition = "below" | "within" | "above";

/** Where a listing's own multiple sits against the middle half of the others'. */
export function askingPosition(askingPence: number, figurePence: number, multiple: GuideMultiple) {
  const own = askingPence / figurePence;
  const position: GuidePosition = own < multiple.lower ? "below" : own > multiple.upper ? "above" : "within";
  return { own, position };
}

/** An amount typed in pounds as integer pence, or null when what was typed is not one. */
export function typedPence(typed: unknown): number | null {
  if (typeof typed !== "string") return null;
  const bare = bareAmount(typed);
  return POUNDS_AMOUNT.test(bare) ? Math.round(Number(bare) * 100) : null;
}
