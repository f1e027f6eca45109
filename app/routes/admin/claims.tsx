import { Link } from "react-router";
import { AdminHeading, DataTable, EmptyNote } from "~/features/admin/components/admin-shell";
import { listPendingClaims } from "~/features/owners/claims.server";
import { listPendingHalalProposals } from "~/features/owners/owner.server";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/claims";

export async function loader() {
  const [claims, proposals] = await Promise.all([listPendingClaims(), listPendingHalalProposals()]);
  return {
    claims: claims.map((c) => ({ ...c, sentAt: formatLondonDateTime(c.sentAt) })),
    proposals: proposals.map((p) => ({ ...p, sentAt: formatLondonDateTime(p.sentAt) })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Claims | HBS back office" }];

/** Business claims with documents to check, and owners' halal details to check (decision 0036). */
export default function AdminClaims({ loaderData: { claims, proposals } }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Claims" />
      <h2 className="mb-3 text-lg font-semibold">Claims with documents</h2>
      {claims.length === 0 ? (
        <EmptyNote>No claims wait for a decision.</EmptyNote>
      ) : (
        <DataTable
          label="Claims with documents"
          caption="Claims waiting for a decision, oldest first"
          columns={["Business", "Claimant", "Documents", "Sent"]}
        >
          {claims.map((c) => (
            <tr key={c.id}>
              <td className="px-4 py-3">
                <Link to={`/admin/claims/${c.id}`} className="font-semibold text-brand-800 hover:underline">
                  {c.business}
                </Link>
              </td>
              <td className="px-4 py-3">{c.claimant}</td>
              <td className="px-4 py-3">{c.documents.length}</td>
              <td className="px-4 py-3">{c.sentAt}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <h2 className="mt-8 mb-3 text-lg font-semibold">Owners' halal details</h2>
      {proposals.length === 0 ? (
        <EmptyNote>No halal details wait to be checked.</EmptyNote>
      ) : (
        <DataTable
          label="Owners' halal details"
          caption="Businesses whose owners sent halal details, oldest first"
          columns={["Business", "Sent"]}
        >
          {proposals.map((p) => (
            <tr key={p.businessId}>
              <td className="px-4 py-3">
                <Link to={`/admin/directory/${p.businessId}`} className="font-semibold text-brand-800 hover:underline">
                  {p.business}
                </Link>
              </td>
              <td className="px-4 py-3">{p.sentAt}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
