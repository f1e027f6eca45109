import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { ListControls, ListFooter, SortableTable } from "~/features/admin/components/admin-list";
import { AdminHeading, EmptyNote } from "~/features/admin/components/admin-shell";
import { countEnquiriesByStatus, enquiriesList } from "~/features/admin/enquiries.server";
import { loadAdminList } from "~/features/admin/lists/admin-list.server";
import { enquiryReference, enquirySender } from "~/features/enquiries/emails.server";
import {
  enquiryKindLabels,
  enquiryStatusLabels,
  type EnquiryKind,
  type EnquiryStatus,
} from "~/features/enquiries/enquiry-kinds";
import { formatLondonDateTime } from "~/lib/dates";
import type { Route } from "./+types/enquiries";

const kinds = Object.keys(enquiryKindLabels) as EnquiryKind[];
const statuses = Object.keys(enquiryStatusLabels) as EnquiryStatus[];

export async function loader({ request }: Route.LoaderArgs) {
  const { rows, ...list } = await loadAdminList(enquiriesList, request);
  return {
    ...list,
    counts: await countEnquiriesByStatus(list.params),
    enquiries: rows.map((row) => ({
      id: row.id,
      reference: enquiryReference(row.id),
      kind: enquiryKindLabels[row.kind],
      subject: row.subject,
      status: row.status,
      from: enquirySender(row.kind, row.fields).email,
      received: formatLondonDateTime(row.createdAt),
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Enquiries | HBS back office" }];

export default function AdminEnquiries({
  loaderData: { params, total, pageCount, exportName, counts, enquiries },
}: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Enquiries" />
      <ListControls
        id="enquiry"
        params={params}
        searchLabel="Search by name, e-mail, subject or reference"
        placeholder="HBS-000042"
        filters={[
          {
            name: "kind",
            label: "Kind",
            options: [["", "All kinds"], ...kinds.map((k): [string, string] => [k, enquiryKindLabels[k]])],
          },
          {
            name: "status",
            label: "Status",
            options: [
              ["", "All statuses"],
              ...statuses.map((s): [string, string] => [s, `${enquiryStatusLabels[s]} (${counts[s] ?? 0})`]),
            ],
          },
        ]}
      />
      {enquiries.length === 0 ? (
        <EmptyNote>No enquiries match.</EmptyNote>
      ) : (
        <SortableTable
          label="Enquiries"
          params={params}
          columns={[
            { label: "Reference" },
            { label: "Subject", sort: "subject" },
            { label: "Kind", sort: "kind" },
            { label: "From" },
            { label: "Status", sort: "status" },
            { label: "Received", sort: "received" },
          ]}
        >
          {enquiries.map((e) => (
            <tr key={e.id}>
              <td className="px-4 py-3 font-mono">
                <Link to={`/admin/enquiries/${e.id}`} className="font-semibold text-brand-800 hover:underline">
                  {e.reference}
                </Link>
              </td>
              <td className="px-4 py-3">{e.subject}</td>
              <td className="px-4 py-3">{e.kind}</td>
              <td className="min-w-48 px-4 py-3 break-all">{e.from}</td>
              <td className="px-4 py-3">
                <Badge variant={e.status === "new" ? "accent" : "outline"}>{enquiryStatusLabels[e.status]}</Badge>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{e.received}</td>
            </tr>
          ))}
        </SortableTable>
      )}
      <ListFooter params={params} total={total} pageCount={pageCount} noun="enquiries" exportName={exportName} />
    </>
  );
}
