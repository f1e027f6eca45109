import type { ReactNode } from "react";
import { NavLink } from "react-router";

const sections = [
  { to: "/admin", label: "Dashboard", end: true },
  { to: "/admin/listings", label: "Listings" },
  { to: "/admin/enquiries", label: "Enquiries" },
  { to: "/admin/messages", label: "Messages" },
  { to: "/admin/subscriptions", label: "Subscriptions" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/directory", label: "Directory" },
  { to: "/admin/claims", label: "Claims" },
  { to: "/admin/reviews", label: "Reviews" },
  { to: "/admin/outbox", label: "Outbox" },
  { to: "/admin/audit", label: "Audit log" },
];

/** The back office's frame: its own navigation above each page. */
export function AdminShell({ staffName, children }: { staffName: string; children: ReactNode }) {
  return (
    <div className="bg-slate-50">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 pt-4">
          <p className="text-sm font-semibold tracking-wide text-slate-700 uppercase">HBS back office</p>
          <p className="text-sm text-slate-700">Signed in as {staffName}</p>
        </div>
        <nav aria-label="Back office" className="mx-auto max-w-7xl overflow-x-auto px-4">
          <ul className="flex gap-1">
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink
                  to={section.to}
                  end={section.end}
                  // Plain strings, no class merging: the back office's frame then shares no script with the
                  // public pages' buttons, and each keeps its chunk (a listing's page is at its 150 KB budget).
                  className={({ isActive }) =>
                    `block border-b-2 px-3 py-3 text-sm font-semibold whitespace-nowrap ${
                      isActive
                        ? "border-brand-700 text-brand-800"
                        : "border-transparent text-slate-700 hover:text-slate-900"
                    }`
                  }
                >
                  {section.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="mx-auto min-h-[60vh] max-w-7xl px-4 py-8">{children}</div>
    </div>
  );
}

/** A back-office page's heading, with room for actions beside it. */
export function AdminHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

/**
 * A table in a frame that scrolls sideways on a phone, and takes focus so that
 * it can be scrolled from the keyboard. `head` is its header row's cells.
 */
export function TableFrame({
  label,
  caption,
  head,
  children,
}: {
  label: string;
  caption: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    // Focusable: a region that scrolls must be reachable by keyboard to be scrolled.
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-slate-800">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y divide-slate-200 align-top">{children}</tbody>
      </table>
    </div>
  );
}

/** A table of rows under a header row of plain headings ("" for a column of actions). */
export function DataTable({
  label,
  caption,
  columns,
  children,
}: {
  label: string;
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <TableFrame
      label={label}
      caption={caption}
      head={columns.map((column) => (
        <th key={column} scope="col" className="px-4 py-3">
          {column ? column : <span className="sr-only">Actions</span>}
        </th>
      ))}
    >
      {children}
    </TableFrame>
  );
}

/** What a list says when it has nothing to show. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-lg border border-slate-200 bg-white p-6 text-slate-700">{children}</p>;
}

/** Labelled facts, one under another. */
export function DetailList({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="grid gap-2">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="font-semibold">{label}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
