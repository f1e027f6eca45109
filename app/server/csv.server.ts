// CSV files made for staff, streamed: rows are fetched and written a batch at a
// time, so an export of 100,000 rows never holds them all in memory.
import { stringify } from "csv-stringify/sync";

export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * A cell a spreadsheet will not run as a formula. Text beginning with = + - @
 * (or a tab or carriage return, which some spreadsheets skip before reading
 * one) gets a leading apostrophe, as OWASP advises; numbers stay numbers.
 */
export function spreadsheetSafe(value: CsvValue): string | number {
  if (value == null) return "";
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (value instanceof Date) return value.toISOString();
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A download of `heading` then every batch's rows, each batch fetched only when the last was sent. */
export function csvResponse(fileName: string, heading: string[], batches: AsyncIterable<CsvValue[][]>) {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  // A byte-order mark, so Excel reads the file as UTF-8 (names such as "Zoë", "£").
  let first = `\uFEFF${stringify([heading])}`;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) {
        if (first) controller.enqueue(encoder.encode(first));
        controller.close();
        return;
      }
      controller.enqueue(encoder.encode(first + stringify(value.map((row) => row.map(spreadsheetSafe)))));
      first = "";
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName}"`,
      "cache-control": "no-store",
    },
  });
}
