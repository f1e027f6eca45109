// One back-office list: how it is searched, filtered, sorted and counted, and
// what its CSV export holds. Each list is defined beside its domain's queries;
// its page loads it with loadAdminList and /admin/export/<name> streams it.
import { asc, desc, type AnyColumn, type SQL } from "drizzle-orm";
import { csvResponse, type CsvValue } from "~/server/csv.server";
import { PAGE_SIZE, readListParams, type ListParams, type ListSpec } from "./list-params";

/** Rows fetched at a time for an export. */
const EXPORT_BATCH = 1_000;

export interface AdminList<Row, Sort extends string = string, Filter extends string = string> {
  /** Its address under /admin/export/ and its export's file name. */
  name: string;
  spec: ListSpec<Sort, Filter>;
  /** The rows on one page of the list, in its order. */
  rows(params: ListParams<Sort, Filter>, limit: number, offset: number): Promise<Row[]>;
  /** How many rows the whole list holds. */
  count(params: ListParams<Sort, Filter>): Promise<number>;
  /** The export's columns, each a heading and its value in a row. */
  csv: [heading: string, value: (row: Row) => CsvValue][];
}

export function defineAdminList<Row, Sort extends string, Filter extends string>(list: AdminList<Row, Sort, Filter>) {
  return list;
}

/**
 * The ORDER BY for a list sorted by `sort`: that column in the chosen direction,
 * then `tieBreak` (unique) the same way, so every row has one place and pages
 * neither repeat nor skip a row.
 */
export function orderBy<Sort extends string>(
  columns: Record<Sort, AnyColumn | SQL>,
  { sort, direction }: { sort: Sort; direction: "asc" | "desc" },
  tieBreak: AnyColumn,
) {
  const by = direction === "asc" ? asc : desc;
  return [by(columns[sort]), by(tieBreak)];
}

/**
 * The rows from `offset` on a page, read from whichever end of the list is
 * nearer: the last page of 100,000 rows is the first 50 in the other order,
 * turned round, rather than 99,950 rows stepped over. The order with its tie
 * break is total, and PostgreSQL puts nulls last going up and first going
 * down, so the other order is exactly this one reversed.
 */
async function pageRows<Row, Sort extends string, Filter extends string>(
  list: AdminList<Row, Sort, Filter>,
  params: ListParams<Sort, Filter>,
  offset: number,
  total: number,
) {
  if (offset <= total / 2) return list.rows(params, PAGE_SIZE, offset);
  const end = Math.min(offset + PAGE_SIZE, total);
  const reversed = { ...params, direction: params.direction === "asc" ? "desc" : "asc" } as const;
  return (await list.rows(reversed, end - offset, total - end)).reverse();
}

/** One page of a list with its total; a page past the end shows the last one. */
export async function loadAdminList<Row, Sort extends string, Filter extends string>(
  list: AdminList<Row, Sort, Filter>,
  request: Request,
) {
  const asked = readListParams(list.spec, new URL(request.url).searchParams);
  // The first page, the one most asked for, does not wait for the count.
  const [total, firstRows] = await Promise.all([
    list.count(asked),
    asked.page === 1 ? list.rows(asked, PAGE_SIZE, 0) : undefined,
  ]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const params = { ...asked, page: Math.min(asked.page, pageCount) };
  const rows = firstRows ?? (await pageRows(list, params, (params.page - 1) * PAGE_SIZE, total));
  // The export's name travels with the page: the page's component cannot import the list, which is server code.
  return { params, total, pageCount, rows, exportName: list.name };
}

/** The whole list as its page shows it (search, filters, order), as a CSV download. */
export function exportAdminList<Row, Sort extends string, Filter extends string>(
  list: AdminList<Row, Sort, Filter>,
  request: Request,
  today: string,
) {
  const params = readListParams(list.spec, new URL(request.url).searchParams);
  async function* batches() {
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const rows = await list.rows(params, EXPORT_BATCH, offset);
      yield rows.map((row) => list.csv.map(([, value]) => value(row)));
      if (rows.length < EXPORT_BATCH) return;
    }
  }
  return csvResponse(
    `hbs-${list.name}-${today}.csv`,
    list.csv.map(([heading]) => heading),
    batches(),
  );
}
