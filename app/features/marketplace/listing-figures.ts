// The figures a buyer works out by hand from a listing's facts (decision
// 0023). The seller's own numbers go in, so each answers "not meaningful"
// (null) rather than dividing by nothing.

/** Weekly takings: annual turnover ÷ 52, to the penny. */
export function weeklyTakingsPence(annualTurnoverPence: number): number {
  return Math.round(annualTurnoverPence / 52);
}

/** Annual rent as a percentage of annual turnover; null without turnover. */
export function rentShare(annualRentPence: number, annualTurnoverPence: number): number | null {
  if (annualTurnoverPence <= 0) return null;
  return (annualRentPence / annualTurnoverPence) * 100;
}

/** Asking price as a multiple of net profit; null unless there is a profit. */
export function priceMultiple(askingPricePence: number, netProfitPence: number): number | null {
  if (netProfitPence <= 0) return null;
  return askingPricePence / netProfitPence;
}
