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
