import { AdminHeading, DataTable, EmptyNote } from "~/features/admin/components/admin-shell";
import { listAudit } from "~/features/admin/audit.server";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/audit";

const show = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export async function loader() {
  const rows = await listAudit();
  return {
    entries: rows.map((row) => ({
      id: row.id,
      when: formatLondonDateTime(row.createdAt),
      who: row.actorEmail ?? "Former staff",
      action: row.action,
      entity: `${row.entityType} ${row.entityId}`,
      changes: Object.keys({ ...row.before, ...row.after }).map((field) => ({
        field,
        before: row.before && field in row.before ? show(row.before[field]) : null,
        after: row.after && field in row.after ? show(row.after[field]) : null,
      })),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log | HBS back office" }];

export default function AdminAudit({ loaderData: { entries } }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Audit log" />
      {entries.length === 0 ? (
        <EmptyNote>Nothing has been changed yet.</EmptyNote>
      ) : (
        <DataTable
          label="Audit log"
          caption="Changes made by staff, newest first"
          columns={["When", "Who", "What", "Changes"]}
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="px-4 py-3 whitespace-nowrap">{entry.when}</td>
              <td className="px-4 py-3 break-all">{entry.who}</td>
              <td className="px-4 py-3">
                <span className="font-mono">{entry.action}</span>
                <br />
                <span className="text-slate-700">{entry.entity}</span>
              </td>
              <td className="px-4 py-3">
                <ul className="grid gap-1">
                  {entry.changes.map((change) => (
                    <li key={change.field} className="break-words">
                      <span className="font-semibold">{change.field}</span>:{" "}
                      {change.before !== null ? <del className="text-red-800">{change.before}</del> : null}
                      {change.before !== null && change.after !== null ? " → " : null}
                      {change.after !== null ? <ins className="text-brand-800 no-underline">{change.after}</ins> : null}
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
