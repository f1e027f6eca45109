// What a back-office list was asked for in its address: a search, its filters,
// the column it is sorted by and the page. Read on the server (anything a
// browser sends becomes a valid request for some page) and used by the list's
// links to change one thing and keep the rest.

import { CONTROL_CHARACTERS } from "~/lib/control-characters";

export const PAGE_SIZE = 50;
/** Far beyond any list's last page; a larger number is read as this. */
const LAST_PAGE_ASKABLE = 100_000;

export type SortDirection = "asc" | "desc";

/**
 * A filter's values: a few known ones, or any that passes a test (a member's
 * id, for one), where the list cannot name them all beforehand.
 */
export type FilterValues = readonly string[] | ((value: string) => boolean);

/** A list's own choices: the columns it sorts by, and the values each of its filters takes. */
export interface ListSpec<Sort extends string = string, Filter extends string = string> {
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultDirection: SortDirection;
  filters: { readonly [name in Filter]: FilterValues };
}

export interface ListParams<Sort extends string = string, Filter extends string = string> {
  q: string;
  sort: Sort;
  direction: SortDirection;
  page: number;
  /** Each filter's chosen value, or "" for all. */
  filters: Record<Filter, string>;
}

export function readListParams<Sort extends string, Filter extends string>(
  spec: ListSpec<Sort, Filter>,
  search: URLSearchParams,
): ListParams<Sort, Filter> {
  const sort = spec.sorts.find((s) => s === search.get("sort")) ?? spec.defaultSort;
  const asked = search.get("dir");
  const direction = asked === "asc" || asked === "desc" ? asked : spec.defaultDirection;
  const page = /^\d{1,9}$/.test(search.get("page") ?? "") ? Number(search.get("page")) : 1;
  const filters = Object.fromEntries(
    Object.entries<FilterValues>(spec.filters).map(([name, values]) => {
      const asked = search.get(name) ?? "";
      const known = typeof values === "function" ? asked !== "" && values(asked) : values.includes(asked);
      return [name, known ? asked : ""];
    }),
  ) as Record<Filter, string>;
  return {
    q: (search.get("q") ?? "").replace(CONTROL_CHARACTERS, " ").trim().slice(0, 200),
    sort,
    direction,
    page: Math.min(Math.max(page, 1), LAST_PAGE_ASKABLE),
    filters,
  };
}

/** What a link changes of a list's choices; filters are merged, so one can change and the rest stay. */
export type ListChange = Partial<Omit<ListParams, "filters">> & { filters?: Record<string, string> };

/**
 * The address of the same list with some of its choices changed; a filter
 * left empty is left out. A change of search or filter starts from page 1
 * unless the change says otherwise.
 */
export function listHref(params: ListParams, change: ListChange, path = "") {
  const refines = change.q !== undefined || change.filters !== undefined;
  const next = { ...params, ...(refines ? { page: 1 } : {}), ...change };
  const filters = { ...params.filters, ...change.filters };
  const search = new URLSearchParams();
  if (next.q) search.set("q", next.q);
  for (const [name, value] of Object.entries(filters)) if (value) search.set(name, value);
  search.set("sort", next.sort);
  search.set("dir", next.direction);
  if (next.page > 1) search.set("page", String(next.page));
  return `${path}?${search}`;
}
