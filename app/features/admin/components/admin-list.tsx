// The parts every back-office list shares: its search and filters (a GET
// form), column headings that sort, and the line under it that counts the
// rows, pages through them and exports them. All plain links and forms, so
// they work without JavaScript.
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/form-controls";
import { listHref, PAGE_SIZE, type ListParams } from "../lists/list-params";
import { TableFrame } from "./admin-shell";

export interface ListFilter {
  name: string;
  label: string;
  /** The choices, each a value and what staff read; "" (all) comes first. */
  options: [value: string, label: string][];
}

/** The list's search box and filters; sent as a new search, from the first page. */
export function ListControls({
  id,
  params,
  searchLabel,
  placeholder,
  filters = [],
}: {
  id: string;
  params: ListParams;
  searchLabel: string;
  placeholder?: string;
  filters?: ListFilter[];
}) {
  const chosen = filters.filter((filter) => params.filters[filter.name]).length;
  return (
    <Form
      method="get"
      role="search"
      aria-label="Search and filters"
      className="mb-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-0 flex-[1_1_12rem] gap-1.5">
          <Label htmlFor={`${id}-q`}>{searchLabel}</Label>
          <Input id={`${id}-q`} name="q" type="search" defaultValue={params.q} placeholder={placeholder} />
        </div>
        <Button type="submit">Search</Button>
      </div>
      {/* Folded until one is chosen, so that on a phone the rows, not the form, fill the first screen. */}
      {filters.length ? (
        <details open={chosen > 0} className="mt-3">
          <summary className="cursor-pointer text-sm font-semibold text-brand-800">
            Filters{chosen ? ` (${chosen} chosen)` : ""}
          </summary>
          <div className="mt-3 flex flex-wrap gap-3">
            {filters.map((filter) => (
              <div key={filter.name} className="grid min-w-0 flex-[1_1_10rem] gap-1.5">
                <Label htmlFor={`${id}-${filter.name}`}>{filter.label}</Label>
                <Select id={`${id}-${filter.name}`} name={filter.name} defaultValue={params.filters[filter.name] ?? ""}>
                  {filter.options.map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
              </div>
            ))}
          </div>
        </details>
      ) : null}
      <input type="hidden" name="sort" value={params.sort} />
      <input type="hidden" name="dir" value={params.direction} />
    </Form>
  );
}

export interface ListColumn {
  label: string;
  /** The list's sort that this column's heading chooses, if it sorts. */
  sort?: string;
}

/**
 * A list's rows under headings; a heading that sorts is a link, and says which
 * way the list is sorted by it.
 */
export function SortableTable({
  label,
  params,
  columns,
  children,
}: {
  label: string;
  params: ListParams;
  columns: ListColumn[];
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  return (
    <TableFrame
      label={label}
      caption={label}
      head={columns.map((column) => {
        const current = column.sort !== undefined && column.sort === params.sort;
        const direction = current ? params.direction : undefined;
        return (
          <th
            key={column.label || "actions"}
            scope="col"
            className="px-4 py-3 whitespace-nowrap"
            aria-sort={direction ? (direction === "asc" ? "ascending" : "descending") : undefined}
          >
            {!column.label ? (
              <span className="sr-only">Actions</span>
            ) : column.sort === undefined ? (
              column.label
            ) : (
              <Link
                to={listHref(
                  params,
                  { sort: column.sort, direction: direction === "desc" ? "asc" : "desc", page: 1 },
                  pathname,
                )}
                className="inline-flex items-center gap-1 hover:underline"
              >
                {column.label}
                <span aria-hidden="true">{direction === "asc" ? "▲" : direction === "desc" ? "▼" : "↕"}</span>
                <span className="sr-only">{direction === "desc" ? ", sort ascending" : ", sort descending"}</span>
              </Link>
            )}
          </th>
        );
      })}
    >
      {children}
    </TableFrame>
  );
}

const count = (n: number) => n.toLocaleString("en-GB");

/** Which rows are shown of how many, the way to the pages either side, and the export. */
export function ListFooter({
  params,
  total,
  pageCount,
  noun,
  exportName,
}: {
  params: ListParams;
  total: number;
  pageCount: number;
  /** What the rows are, plural ("members"). */
  noun: string;
  /** The list's name under /admin/export/. */
  exportName: string;
}) {
  const { pathname } = useLocation();
  const first = total === 0 ? 0 : (params.page - 1) * PAGE_SIZE + 1;
  const last = Math.min(params.page * PAGE_SIZE, total);
  const exportHref = `/admin/export/${exportName}${listHref(params, { page: 1 })}`;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-800">
      <p aria-live="polite">
        {total === 0 ? `No ${noun}` : `${count(first)}–${count(last)} of ${count(total)} ${noun}`}
        {pageCount > 1 ? ` · page ${count(params.page)} of ${count(pageCount)}` : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        {params.page > 1 ? (
          <Link
            to={listHref(params, { page: params.page - 1 }, pathname)}
            rel="prev"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            Previous page
          </Link>
        ) : null}
        {params.page < pageCount ? (
          <Link
            to={listHref(params, { page: params.page + 1 }, pathname)}
            rel="next"
            className={buttonVariants({ variant: "outline", size: "sm" })}
          >
            Next page
          </Link>
        ) : null}
        {total > 0 ? (
          <a href={exportHref} download className={buttonVariants({ variant: "outline", size: "sm" })}>
            Export CSV ({count(total)} {total === 1 ? "row" : "rows"})
          </a>
        ) : null}
      </div>
    </nav>
  );
}
