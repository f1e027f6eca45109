import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { AdminHeading, DataTable, DetailList } from "~/features/admin/components/admin-shell";
import { ReasonForm } from "~/features/admin/components/reason-form";
import { idParam, readStaffAction } from "~/features/admin/form.server";
import { rejectSchema } from "~/features/admin/schemas";
import {
  decideSubmission,
  submissionForStaff,
  type SubmissionDecisionOutcome,
} from "~/features/owners/submission-decisions.server";
import { certifierLabels, halalStatusLabels } from "~/features/directory/halal";
import { ProofDocuments } from "~/features/owners/components/proof-documents";
import { staffStatusWords } from "~/features/owners/submission-status";
import { formatLondonDateTime } from "~/lib/dates";
import { routeId } from "~/lib/route-id";
import type { IntentActionData } from "~/lib/use-intent-form";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/submission";

export async function loader({ params }: Route.LoaderArgs) {
  const found = await submissionForStaff(idParam(params.id));
  if (!found) throw data(null, { status: 404 });
  const { submission, member, draft, duplicates } = found;
  const sent = submission.sent as Record<string, string | number | boolean | null>;
  return {
    id: submission.id,
    status: submission.status,
    name: draft?.name ?? String(sent.name),
    draft: draft && { id: draft.id, published: draft.published, slug: draft.slug },
    sent: {
      Address: [sent.address, sent.town, sent.postcode].filter(Boolean).join(", "),
      Category: sent.category === "food" ? "Food & Dining" : "Services",
      Phone: sent.phone ?? "Not given",
      Website: sent.website ?? "Not given",
      Description: sent.description,
      Hours: /^(\w+day: closed(; )?)+$/.test(String(sent.hours)) ? "Not given" : sent.hours,
      Halal: sent.halalStatus ? halalStatusLabels[sent.halalStatus as keyof typeof halalStatusLabels] : "Not stated",
      "Certified by": sent.halalCertifierBody
        ? certifierLabels[sent.halalCertifierBody as keyof typeof certifierLabels]
        : "Not stated",
    },
    member: { id: member.id, email: member.email, name: member.fullName || member.name },
    proof: [
      submission.provedAt
        ? `Code to ${submission.proofEmail ?? ""} confirmed ${formatLondonDateTime(submission.provedAt)} (the domain of the website they gave)`
        : submission.proofEmail
          ? `Code sent to ${submission.proofEmail}, not yet confirmed`
          : null,
      submission.documents.length
        ? `${submission.documents.length} ${submission.documents.length === 1 ? "document" : "documents"}, below`
        : null,
    ]
      .filter(Boolean)
      .join("; "),
    documents: submission.documents,
    note: submission.note,
    reason: submission.reason,
    sentAt: formatLondonDateTime(submission.createdAt),
    decidedAt: submission.decidedAt ? formatLondonDateTime(submission.decidedAt) : null,
    duplicates,
  };
}

const toasts: Record<SubmissionDecisionOutcome, { type: "success" | "error"; title: string; description?: string }> = {
  approved: { type: "success", title: "Business published", description: "Its adder owns it and has been e-mailed." },
  merged: {
    type: "success",
    title: "Merged into the existing business",
    description: "Its adder owns it and has been e-mailed.",
  },
  rejected: { type: "success", title: "Business rejected", description: "Its adder has been e-mailed the reason." },
  "not-pending": { type: "error", title: "This business is no longer waiting" },
  "no-draft": {
    type: "error",
    title: "Its draft is gone",
    description: "The business as sent was deleted from the directory; reject it or merge it.",
  },
  unproved: {
    type: "error",
    title: "Its adder has not shown it is theirs",
    description: "There are no documents and no confirmed code. Ask them for proof, or reject it.",
  },
  "unproved-for-merge": {
    type: "error",
    title: "A code at the domain they gave is no proof of that business",
    description: "Merging needs documents, or a code confirmed at the listed business's own website's domain.",
  },
  owned: {
    type: "error",
    title: "That business has another owner, or is not published",
    description: "A merge never takes a business from its owner.",
  },
};

export async function action(args: Route.ActionArgs) {
  const sent = await readStaffAction(args);
  if (sent.refused) return sent.refused;
  const { admin, id, intent, formData } = sent;
  const back = `/admin/submissions/${id}`;
  if (intent === "approve")
    return redirectWithToast(back, toasts[await decideSubmission(admin, id, { approve: true })]);
  if (intent === "merge") {
    const into = routeId(String(formData.get("into")));
    if (into === null) return redirectWithToast(back, toasts.owned);
    return redirectWithToast(back, toasts[await decideSubmission(admin, id, { mergeInto: into })]);
  }
  if (intent === "reject") {
    const submission = parseWithZod(formData, { schema: rejectSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    return redirectWithToast(
      back,
      toasts[await decideSubmission(admin, id, { approve: false, reason: submission.value.reason })],
    );
  }
  return data<IntentActionData>(
    { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Added: ${loaded?.name ?? "a business"} | HBS back office` },
];

/** A business a member added (decision 0095), beside the businesses it may be, and staff's decision. */
export default function AdminSubmission({ loaderData: page, actionData }: Route.ComponentProps) {
  const pending = page.status === "pending";
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/claims#added-businesses" className="font-semibold text-brand-800 hover:underline">
          ← Claims and added businesses
        </Link>
      </p>
      <AdminHeading title={`Added: ${page.name}`}>
        {page.draft ? (
          <Link
            to={`/admin/directory/${page.draft.id}`}
            className="text-sm font-semibold text-brand-800 hover:underline"
          >
            {pending ? "Correct it before approving" : "The business in the back office"}
          </Link>
        ) : null}
      </AdminHeading>
      <div className="grid gap-6 rounded-xl border border-slate-200 bg-white p-6">
        <DetailList
          items={[
            ["Status", staffStatusWords[page.status]],
            ["Added by", `${page.member.name} <${page.member.email}>`],
            ["Sent", page.sentAt],
            ...Object.entries(page.sent).map(([label, value]) => [label, String(value ?? "")] as [string, string]),
            ["Proof", page.proof || "None"],
            ...(page.note ? ([["Their note", page.note]] as [string, string][]) : []),
            ...(page.reason ? ([["Reason given", page.reason]] as [string, string][]) : []),
            ...(page.decidedAt && !pending ? ([["Decided", page.decidedAt]] as [string, string][]) : []),
          ]}
        />
        <ProofDocuments base={`/admin/submissions/${page.id}`} names={page.documents} sender="adder" />
        {pending ? (
          <section aria-labelledby="duplicates-heading">
            <h2 id="duplicates-heading" className="mb-3 text-lg font-semibold">
              Likely duplicates
            </h2>
            {page.duplicates.length === 0 ? (
              <p className="text-sm text-slate-700">No published business alike near its postcode.</p>
            ) : (
              <DataTable
                label="Likely duplicates of this business"
                caption="Published businesses with a name alike near its postcode, closest first"
                columns={["Business", "Where", "Owner", "Merge"]}
              >
                {page.duplicates.map((business) => (
                  <tr key={business.id}>
                    <td className="px-4 py-3">
                      <Link to={`/admin/directory/${business.id}`} className="font-semibold text-brand-800 underline">
                        {business.name}
                      </Link>
                    </td>
                    <td className="px-4 py-3">{[business.town, business.postcode].filter(Boolean).join(" ")}</td>
                    <td className="px-4 py-3">{business.owned ? "Has an owner" : "None"}</td>
                    <td className="px-4 py-3">
                      {business.owned ? (
                        "—"
                      ) : (
                        <Form method="post">
                          <input type="hidden" name="intent" value="merge" />
                          <input type="hidden" name="into" value={business.id} />
                          <Button type="submit" variant="outline" size="sm">
                            Merge into {business.name}
                          </Button>
                        </Form>
                      )}
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </section>
        ) : null}
        {pending ? (
          <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
            <Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <Button type="submit">Approve and publish</Button>
            </Form>
            <ReasonForm
              intent="reject"
              label="Reason for rejecting it"
              hint="Its adder receives this by e-mail."
              button="Reject"
              busyLabel="Rejecting..."
              actionData={actionData as IntentActionData | undefined}
            />
          </div>
        ) : null}
      </div>
    </>
  );
}
