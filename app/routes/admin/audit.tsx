import { Link, useLocation } from "react-router";
import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from "~/lib/audit-actions";
import { auditActorChoices, auditList } from "~/features/admin/audit.server";
import { auditActionTitles, auditSubjectLabels } from "~/features/admin/audit-wording";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { listHref, readListParams } from "~/features/admin/lists/list-params";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/audit";

export async function loader({ request }: Route.LoaderArgs) {
  const { actor } = readListParams(auditList.spec, new URL(request.url).searchParams).filters;
  const [{ rows, ...list }, actors] = await Promise.all([loadAdminList(auditList, request), auditActorChoices(actor)]);
  return {
    ...list,
    actors,
    entries: rows.map((row) => ({
      id: row.id,
      when: formatLondonDateTime(row.createdAt),
      action: row.action,
      title: row.title,
      subject: row.subject,
      actor: row.actor,
      changes: row.changes,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log | HBS back office" }];

export default function AdminAudit({
  loaderData: { params, total, pageCount, exportName, entries, actors },
}: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <>
      <AdminHeading title="Audit log" />
      <ListControls
        id="audit"
        params={params}
        searchLabel="Search by who, action or subject"
        placeholder="staff@example.com, approved, listing 42"
        filters={[
          { name: "actor", label: "Who", options: [["", "Anyone"], ...actors] },
          {
            name: "kind",
            label: "Action",
            options: [["", "All actions"], ...AUDIT_ACTIONS.map((a): [string, string] => [a, auditActionTitles[a]])],
          },
          {
            name: "subject",
            label: "Subject",
            options: [["", "All subjects"], ...AUDIT_SUBJECTS.map((s): [string, string] => [s, auditSubjectLabels[s]])],
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
          {entries.map(({ id, when, title, subject, actor, changes }) => (
            <tr key={id}>
              <td className="px-4 py-3 whitespace-nowrap">{when}</td>
              <td className="min-w-48 px-4 py-3 break-words">
                {actor.href ? (
                  <Link to={actor.href} className="font-semibold text-brand-800 hover:underline">
                    {actor.name}
                  </Link>
                ) : (
                  <span className="font-semibold">{actor.name}</span>
                )}
                {actor.detail ? <span className="block text-sm break-all text-slate-700">{actor.detail}</span> : null}
                {/* Members who are not staff are not in the filter's list: this is their way in. */}
                {actor.filter && actor.filter !== params.filters.actor ? (
                  <Link
                    to={listHref(params, { filters: { actor: actor.filter } }, pathname)}
                    aria-label={`Only theirs: every change by ${actor.name}`}
                    className="block text-sm text-brand-800 underline"
                  >
                    Only theirs
                  </Link>
                ) : null}
              </td>
              <td className="min-w-48 px-4 py-3">
                <span className="font-semibold">{title}</span>
                <br />
                {subject.href ? (
                  <Link to={subject.href} className="text-brand-800 hover:underline">
                    {subject.label}
                  </Link>
                ) : (
                  <span className="text-slate-700">{subject.label}</span>
                )}
              </td>
              <td className="px-4 py-3">
                {changes.length ? (
                  <ul className="grid gap-1">
                    {changes.map((change, i) => (
                      <li key={i} className="break-words">
                        {change}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </td>
            </tr>
          ))}
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="entries" exportName={exportName} />
    </>
  );
}
