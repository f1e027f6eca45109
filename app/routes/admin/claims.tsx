import { Link } from "react-router";
import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, DataTable, EmptyNote } from "~/features/admin/components/admin-shell";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { claimsList, claimStatusWords } from "~/features/owners/claims-list.server";
import { listPendingHalalProposals } from "~/features/owners/owner.server";
import { listPendingSubmissions } from "~/features/owners/submission-decisions.server";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/claims";

export async function loader({ request }: Route.LoaderArgs) {
  const [{ rows, ...list }, halal, added] = await Promise.all([
    loadAdminList(claimsList, request),
    listPendingHalalProposals(),
    listPendingSubmissions(),
  ]);
  return {
    ...list,
    claims: rows.map((c) => ({
      id: c.id,
      business: c.business,
      claimantId: c.claimantId,
      claimantEmail: c.claimantEmail,
      claimantName: c.claimantName,
      proof: c.method === "code" ? `Code to ${c.codeEmail ?? "an address at its domain"}` : `${c.documents.length}`,
      status: claimStatusWords[c.status],
      sentAt: formatLondonDateTime(c.sentAt),
    })),
    proposals: halal.proposals.map((p) => ({ ...p, sentAt: formatLondonDateTime(p.sentAt) })),
    proposalsWaiting: halal.total,
    added: added.submissions.map((s) => ({
      id: s.id,
      name: String(s.sent.name),
      where: `${String(s.sent.town)} ${String(s.sent.postcode)}`,
      member: s.member,
      proof: [
        s.provedAt ? "Code confirmed" : null,
        s.documents.length ? `${s.documents.length} ${s.documents.length === 1 ? "document" : "documents"}` : null,
      ]
        .filter(Boolean)
        .join(", "),
      sentAt: formatLondonDateTime(s.sentAt),
    })),
    addedWaiting: added.total,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Claims | HBS back office" }];

const tableLabels: Record<string, string> = {
  "": "Claims with documents",
  code_sent: "Claims waiting for the code",
  approved: "Approved claims",
  rejected: "Rejected claims",
  all: "All claims",
};

/** Business claims (by default those with documents to check), and owners' halal details to check (decision 0036). */
export default function AdminClaims({
  loaderData: { params, total, pageCount, exportName, claims, proposals, proposalsWaiting, added, addedWaiting },
}: Route.ComponentProps) {
  const status = params.filters.status;
  return (
    <>
      <AdminHeading title="Claims" />
      <h2 className="mb-3 text-lg font-semibold">{tableLabels[status]}</h2>
      <ListControls
        id="claim"
        params={params}
        searchLabel="Search by business, claimant's e-mail or name, or claim id"
        filters={[
          {
            name: "status",
            label: "Status",
            options: [
              ["", "Documents to check"],
              ["code_sent", "Waiting for the code"],
              ["approved", "Approved"],
              ["rejected", "Rejected"],
              ["all", "All claims"],
            ],
          },
        ]}
      />
      {claims.length === 0 ? (
        <EmptyNote>{params.q || status ? "No claims match." : "No claims wait for a decision."}</EmptyNote>
      ) : (
        <SortableTable
          label={tableLabels[status]!}
          params={params}
          columns={[
            { label: "Business", sort: "business" },
            { label: "Claimant" },
            { label: "Proof" },
            { label: "Status" },
            { label: "Sent", sort: "sent" },
          ]}
        >
          {claims.map((c) => (
            <tr key={c.id}>
              <td className="px-4 py-3">
                <Link to={`/admin/claims/${c.id}`} className="font-semibold text-brand-800 hover:underline">
                  {c.business}
                </Link>
              </td>
              <td className="min-w-48 px-4 py-3 break-all">
                <Link to={`/admin/users/${c.claimantId}`} className="text-brand-800 hover:underline">
                  {c.claimantEmail}
                </Link>
                {c.claimantName ? <div className="text-slate-700">{c.claimantName}</div> : null}
              </td>
              <td className="px-4 py-3">{c.proof}</td>
              <td className="px-4 py-3">{c.status}</td>
              <td className="px-4 py-3 whitespace-nowrap">{c.sentAt}</td>
            </tr>
          ))}
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="claims" exportName={exportName} />
      <h2 id="added-businesses" className="mt-8 mb-3 text-lg font-semibold">
        Businesses added by members ({addedWaiting})
      </h2>
      {added.length === 0 ? (
        <EmptyNote>No added businesses wait for a decision.</EmptyNote>
      ) : (
        <>
          <DataTable
            label="Businesses added by members"
            caption="Businesses members added, waiting for a decision, oldest first"
            columns={["Business", "Added by", "Proof", "Sent"]}
          >
            {added.map((a) => (
              <tr key={a.id}>
                <td className="px-4 py-3">
                  <Link to={`/admin/submissions/${a.id}`} className="font-semibold text-brand-800 hover:underline">
                    {a.name}
                  </Link>
                  <div className="text-slate-700">{a.where}</div>
                </td>
                <td className="min-w-48 px-4 py-3 break-all">{a.member}</td>
                <td className="px-4 py-3">{a.proof || "None yet"}</td>
                <td className="px-4 py-3 whitespace-nowrap">{a.sentAt}</td>
              </tr>
            ))}
          </DataTable>
          {added.length < addedWaiting ? (
            <p className="mt-2 text-sm text-slate-700">
              The oldest {added.length} of {addedWaiting} are shown; each decision brings the next.
            </p>
          ) : null}
        </>
      )}
      <h2 id="halal-proposals" className="mt-8 mb-3 text-lg font-semibold">
        Owners' halal details ({proposalsWaiting})
      </h2>
      {proposals.length === 0 ? (
        <EmptyNote>No halal details wait to be checked.</EmptyNote>
      ) : (
        <>
          <DataTable
            label="Owners' halal details"
            caption="Businesses whose owners sent halal details, oldest first"
            columns={["Business", "Sent"]}
          >
            {proposals.map((p) => (
              <tr key={p.businessId}>
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/directory/${p.businessId}`}
                    className="font-semibold text-brand-800 hover:underline"
                  >
                    {p.business}
                  </Link>
                </td>
                <td className="px-4 py-3">{p.sentAt}</td>
              </tr>
            ))}
          </DataTable>
          {proposals.length < proposalsWaiting ? (
            <p className="mt-2 text-sm text-slate-700">
              The oldest {proposals.length} of {proposalsWaiting} are shown; each decision brings the next.
            </p>
          ) : null}
        </>
      )}
    </>
  );
}
