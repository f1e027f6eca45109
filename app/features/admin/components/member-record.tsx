// The parts of a member's page in the back office (decision 0078): one section
// for each kind of thing they own or did, each with its count, its newest rows
// and the way to the rest in the back office's own list.
import type { ReactNode } from "react";
import { Link } from "react-router";

const count = (n: number) => n.toLocaleString("en-GB");

/**
 * A section of the member's record: its heading with how many there are, its
 * rows (a table in a frame that scrolls sideways on a phone), and, when only
 * the newest are shown, how many more and the list that has them all.
 */
export function RecordSection({
  id,
  title,
  total,
  shown,
  more,
  actions,
  children,
}: {
  id: string;
  title: string;
  total: number;
  shown: number;
  /** The back office's list found for this member, and its name; none when no list can find them. */
  more?: { to: string; list: string };
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="grid min-w-0 grid-cols-1 content-start gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-heading`} className="text-lg font-semibold">
          {title} <span className="font-normal text-slate-700">({count(total)})</span>
        </h2>
        {actions}
      </div>
      {total === 0 ? <p className="text-slate-700">None.</p> : children}
      {total > shown ? (
        <p className="text-slate-700">
          The newest {count(shown)} are shown, and {count(total - shown)} more.{" "}
          {more ? (
            <Link to={more.to} className="font-semibold text-brand-800 hover:underline">
              All of them in {more.list}
            </Link>
          ) : null}
        </p>
      ) : null}
    </section>
  );
}

/** A cell of a member's record table. */
export function Cell({ children }: { children: ReactNode }) {
  return <td className="px-4 py-3">{children}</td>;
}

/** A line that says a row is off the site while the member is suspended. */
export function HiddenNote({ children }: { children: ReactNode }) {
  return <span className="mt-1 block text-xs font-semibold text-amber-900">{children}</span>;
}
