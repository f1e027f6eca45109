import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { AdminHeading, DetailList } from "~/features/admin/components/admin-shell";
import { ReasonForm } from "~/features/admin/components/reason-form";
import { idParam, readStaffAction } from "~/features/admin/form.server";
import { rejectSchema } from "~/features/admin/schemas";
import { decideClaim, getClaim, type DecideOutcome } from "~/features/owners/claims.server";
import { ProofDocuments } from "~/features/owners/components/proof-documents";
import { formatLondonDateTime } from "~/lib/dates";
import type { IntentActionData } from "~/lib/use-intent-form";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/claim";

const statusWords = {
  code_sent: "Waiting for the code",
  pending: "Documents to check",
  approved: "Approved",
  rejected: "Rejected",
} as const;

export async function loader({ params }: Route.LoaderArgs) {
  const found = await getClaim(idParam(params.id));
  if (!found) throw data(null, { status: 404 });
  const { claim, business, claimant } = found;
  return {
    claim: {
      id: claim.id,
      method: claim.method,
      status: claim.status,
      email: claim.email,
      documents: claim.documents,
      note: claim.note,
      reason: claim.reason,
      sentAt: formatLondonDateTime(claim.updatedAt),
    },
    business: {
      id: business.id,
      name: business.name,
      slug: business.slug,
      town: business.town,
      website: business.website,
    },
    owned: business.ownerId !== null,
    claimant: { email: claimant.email, name: claimant.fullName || claimant.name },
  };
}

const toasts: Record<DecideOutcome, { type: "success" | "error"; title: string; description?: string }> = {
  approved: { type: "success", title: "Claim approved", description: "The claimant has been e-mailed." },
  rejected: { type: "success", title: "Claim rejected", description: "The claimant has been e-mailed the reason." },
  "not-pending": { type: "error", title: "This claim is no longer waiting" },
  owned: {
    type: "error",
    title: "The business already has an owner",
    description: "Reject this claim, or remove the owner on the business's page first.",
  },
};

export async function action(args: Route.ActionArgs) {
  const sent = await readStaffAction(args);
  if (sent.refused) return sent.refused;
  const { admin, id, intent, formData } = sent;
  if (intent === "approve") {
    return redirectWithToast(`/admin/claims/${id}`, toasts[await decideClaim(admin, id, { approve: true })]);
  }
  if (intent === "reject") {
    const submission = parseWithZod(formData, { schema: rejectSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const outcome = await decideClaim(admin, id, { approve: false, reason: submission.value.reason });
    return redirectWithToast(`/admin/claims/${id}`, toasts[outcome]);
  }
  return data<IntentActionData>(
    { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Claim for ${loaded?.business.name ?? "a business"} | HBS back office` },
];

export default function AdminClaim({
  loaderData: { claim, business, owned, claimant },
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/claims" className="font-semibold text-brand-800 hover:underline">
          ← Claims
        </Link>
      </p>
      <AdminHeading title={`Claim for ${business.name}`}>
        <Link to={`/admin/directory/${business.id}`} className="text-sm font-semibold text-brand-800 hover:underline">
          The business in the back office
        </Link>
      </AdminHeading>
      <div className="grid gap-6 rounded-xl border border-slate-200 bg-white p-6">
        <DetailList
          items={[
            ["Status", statusWords[claim.status]],
            ["Business", `${business.name}, ${business.town}`],
            ["Website", business.website ?? "None"],
            ["Claimant", `${claimant.name} <${claimant.email}>`],
            ["Proof", claim.method === "code" ? `Code sent to ${claim.email ?? ""}` : "Documents"],
            ["Sent", claim.sentAt],
            ...(claim.note
              ? ([["Claimant's note", <span className="whitespace-pre-line">{claim.note}</span>]] as [
                  string,
                  React.ReactNode,
                ][])
              : []),
            ...(claim.reason ? ([["Reason given", claim.reason]] as [string, string][]) : []),
          ]}
        />
        <ProofDocuments base={`/admin/claims/${claim.id}`} names={claim.documents} sender="claimant" />
        {claim.status === "pending" ? (
          <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
            {owned ? (
              <p className="text-sm text-slate-700">
                The business already has an owner: this claim can only be rejected.
              </p>
            ) : (
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <Button type="submit">Approve the claim</Button>
              </Form>
            )}
            <ReasonForm
              intent="reject"
              label="Reason for rejecting the claim"
              hint="The claimant receives this by e-mail."
              button="Reject the claim"
              busyLabel="Rejecting..."
              actionData={actionData as IntentActionData | undefined}
            />
          </div>
        ) : null}
      </div>
    </>
  );
}
