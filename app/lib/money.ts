const formatters = new Map<number, Intl.NumberFormat>();

/** Formats integer pence as pounds: 4500000 → "£45,000", 3999 → "£39.99". */
export function formatPence(pence: number): string {
  const digits = pence % 100 === 0 ? 0 : 2;
  let format = formatters.get(digits);
  if (!format) {
    format = new Intl.NumberFormat("en-GB", {
      style: "currency",
      currency: "GBP",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(digits, format);
  }
  return format.format(pence / 100);
}

/** An amount as people type it ("£45,000", "45 000"), without its pound sign, commas and spaces. */
export const bareAmount = (typed: string) => typed.replace(/[£,\s]/g, "");

/** Pounds, with at most two decimals, once bare: "45000", "45000.5". */
export const POUNDS_AMOUNT = /^\d+(\.\d{1,2})?$/;
