import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from "~/features/admin/audit-actions";
import { auditList } from "~/features/admin/audit.server";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/audit";

const show = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

export async function loader({ request }: Route.LoaderArgs) {
  const { rows, ...list } = await loadAdminList(auditList, request);
  return {
    ...list,
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

export default function AdminAudit({
  loaderData: { params, total, pageCount, exportName, entries },
}: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Audit log" />
      <ListControls
        id="audit"
        params={params}
        searchLabel="Search by who, action or subject"
        placeholder="staff@example.com, listing.edit, listing 42"
        filters={[
          {
            name: "kind",
            label: "Action",
            options: [["", "All actions"], ...AUDIT_ACTIONS.map((a): [string, string] => [a, a])],
          },
          {
            name: "subject",
            label: "Subject",
            options: [["", "All subjects"], ...AUDIT_SUBJECTS.map((s): [string, string] => [s, s])],
          },
        ]}
      />
      {entries.length === 0 ? (
        <EmptyNote>No changes match.</EmptyNote>
      ) : (
        <SortableTable
          label="Audit log"
          params={params}
          columns={[
            { label: "When", sort: "when" },
            { label: "Who", sort: "actor" },
            { label: "What" },
            { label: "Changes" },
          ]}
        >
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className="px-4 py-3 whitespace-nowrap">{entry.when}</td>
              <td className="min-w-48 px-4 py-3 break-all">{entry.who}</td>
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
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="entries" exportName={exportName} />
    </>
  );
}
