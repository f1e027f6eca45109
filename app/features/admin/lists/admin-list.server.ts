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

/** One page of a list with its total; a page past the end shows the last one. */
export async function loadAdminList<Row, Sort extends string, Filter extends string>(
  list: AdminList<Row, Sort, Filter>,
  request: Request,
) {
  const params = readListParams(list.spec, new URL(request.url).searchParams);
  const [total, rows] = await Promise.all([
    list.count(params),
    list.rows(params, PAGE_SIZE, (params.page - 1) * PAGE_SIZE),
  ]);
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (params.page <= pageCount) return { params, total, pageCount, rows };
  const last = { ...params, page: pageCount };
  return { params: last, total, pageCount, rows: await list.rows(last, PAGE_SIZE, (pageCount - 1) * PAGE_SIZE) };
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
