import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Label, Select } from "~/components/ui/form-controls";
import { AdminHeading, DataTable, EmptyNote } from "~/features/admin/components/admin-shell";
import { countEnquiriesByStatus, listEnquiries } from "~/features/admin/enquiries.server";
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
  const params = new URL(request.url).searchParams;
  const kind = kinds.find((k) => k === params.get("kind"));
  const status = statuses.find((s) => s === params.get("status"));
  const q = (params.get("q") ?? "").slice(0, 200);
  const [rows, counts] = await Promise.all([listEnquiries({ kind, status, q }), countEnquiriesByStatus({ kind, q })]);
  return {
    filter: { kind: kind ?? "", status: status ?? "", q },
    counts,
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

export default function AdminEnquiries({ loaderData: { filter, counts, enquiries } }: Route.ComponentProps) {
  return (
    <>
      <AdminHeading title="Enquiries" />
      <Form
        method="get"
        className="mb-6 grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_12rem_12rem_auto] sm:items-end"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="enquiry-q">Search</Label>
          <Input
            id="enquiry-q"
            name="q"
            type="search"
            defaultValue={filter.q}
            placeholder="Name, e-mail, subject or HBS-000042"
          />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="enquiry-kind">Kind</Label>
          <Select id="enquiry-kind" name="kind" defaultValue={filter.kind}>
            <option value="">All kinds</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {enquiryKindLabels[k]}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="enquiry-status">Status</Label>
          <Select id="enquiry-status" name="status" defaultValue={filter.status}>
            <option value="">All statuses</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {enquiryStatusLabels[s]} ({counts[s] ?? 0})
              </option>
            ))}
          </Select>
        </div>
        <Button type="submit">Filter</Button>
      </Form>
      {enquiries.length === 0 ? (
        <EmptyNote>No enquiries match.</EmptyNote>
      ) : (
        <DataTable
          label="Enquiries"
          caption="Enquiries, newest first"
          columns={["Reference", "Subject", "Kind", "From", "Status", "Received"]}
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
              <td className="px-4 py-3 break-all">{e.from}</td>
              <td className="px-4 py-3">
                <Badge variant={e.status === "new" ? "accent" : "outline"}>{enquiryStatusLabels[e.status]}</Badge>
              </td>
              <td className="px-4 py-3 whitespace-nowrap">{e.received}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
