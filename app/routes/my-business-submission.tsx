import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { clientIpContext } from "~/context";
import { requireUser } from "~/features/account/session.server";
import { websiteDomain } from "~/features/owners/claim-domain";
import { confirmRefusals, sendCodeRefusals } from "~/features/owners/claim-messages";
import { CodeProofForms } from "~/features/owners/components/code-proof-forms";
import { claimCodeSchema, claimEmailSchema } from "~/features/owners/schemas";
import { submissionStatusWords } from "~/features/owners/submission-status";
import {
  confirmSubmissionCode,
  ownSubmission,
  sendSubmissionCode,
  submissionPath,
} from "~/features/owners/submissions.server";
import { formatLondonDateTime } from "~/lib/dates";
import { routeId } from "~/lib/route-id";
import type { IntentActionData } from "~/lib/use-intent-form";
import { TEXT_FORM_LIMITS, formOrRefusal } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-business-submission";

/** The member's own added business, else a 404 as for one that does not exist. */
async function load(request: Request, id: string) {
  const user = await requireUser(request);
  const submissionId = routeId(id);
  const found = submissionId === null ? null : await ownSubmission(user.id, submissionId);
  if (!found) throw data(null, { status: 404 });
  return { user, found };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { found } = await load(request, params.id);
  const { submission, business } = found;
  const sent = submission.sent as { name: string; town: string; postcode: string };
  return {
    id: submission.id,
    name: business?.name ?? sent.name,
    where: `${sent.town} ${sent.postcode}`,
    status: submission.status,
    sentAt: formatLondonDateTime(submission.createdAt),
    reason: submission.reason,
    documents: submission.documents.length,
    provedBy: submission.provedAt ? submission.proofEmail : null,
    codeWaiting:
      !submission.provedAt &&
      !!submission.codeHash &&
      !!submission.codeExpiresAt &&
      submission.codeExpiresAt > new Date(),
    codeTo: submission.proofEmail,
    codeExpiresAt: submission.codeExpiresAt ? formatLondonDateTime(submission.codeExpiresAt) : null,
    domain: websiteDomain(business?.website),
    slug: submission.status === "approved" || submission.status === "merged" ? (business?.slug ?? null) : null,
  };
}

const refused = (intent: string, field: string, message: string, status = 400) =>
  data<IntentActionData>({ intent, result: { status: "error", error: { [field]: [message] } } }, { status });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, found } = await load(request, params.id);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const network = context.get(clientIpContext);
  const id = found.submission.id;
  const intent = String(form.get("intent"));
  if (intent === "send-code") {
    const submission = parseWithZod(form, { schema: claimEmailSchema });
    if (submission.status !== "success")
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await sendSubmissionCode(user, id, submission.value.email, network);
    if (outcome === "sent")
      return redirectWithToast(submissionPath(id), {
        type: "success",
        title: "Code sent",
        description: `We have e-mailed a code to ${submission.value.email}.`,
      });
    if (outcome === "not-pending" || outcome === "proved")
      return refused(intent, "email", "This business no longer needs a code.");
    const domain = websiteDomain(found.business?.website);
    return refused(intent, "email", sendCodeRefusals(domain)[outcome], outcome === "rate-limited" ? 429 : 400);
  }
  if (intent === "confirm-code") {
    const submission = parseWithZod(form, { schema: claimCodeSchema });
    if (submission.status !== "success")
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await confirmSubmissionCode(user, id, submission.value.code, network);
    if (outcome === "proved")
      return redirectWithToast(submissionPath(id), {
        type: "success",
        title: "Thank you: that shows the business is yours",
        description: "Our team will check the rest and e-mail you.",
      });
    return refused(intent, "code", confirmRefusals[outcome], outcome === "rate-limited" ? 429 : 400);
  }
  return refused(intent, "", "Please use the forms on this page.");
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.name ?? "Your business"}: where it stands | HBS` },
  { name: "robots", content: "noindex" },
];

export default function MyBusinessSubmission({ loaderData: page, actionData }: Route.ComponentProps) {
  const answer = actionData as IntentActionData | undefined;
  return (
    <>
      <MemberPageHeader title={page.name} description={`${page.where} · added ${page.sentAt}`} />
      <section className="mx-auto grid max-w-3xl gap-6 px-4 py-6 sm:py-10">
        <p>
          <Link to="/my-businesses" className="font-semibold text-brand-800 hover:underline">
            ← My businesses
          </Link>
        </p>
        <Card className="grid gap-3 p-6">
          <h2 className="text-xl font-semibold">{submissionStatusWords[page.status]}</h2>
          {page.status === "pending" ? (
            <p className="text-slate-700">
              Our team checks every business and its proof, usually within two working days, and e-mails you when we
              have decided. It is not in the directory until then.
            </p>
          ) : null}
          {page.status === "rejected" && page.reason ? <p className="text-slate-800">Why: {page.reason}</p> : null}
          {page.slug ? (
            <div className="flex flex-wrap gap-3">
              <Link to={`/halal-network-space/${page.slug}`} className={buttonVariants()}>
                See its page
              </Link>
              <Link to="/my-businesses" className={buttonVariants({ variant: "outline" })}>
                Manage it
              </Link>
            </div>
          ) : null}
          {page.status === "pending" ? (
            <p className="text-sm text-slate-700">
              Your proof:{" "}
              {[
                page.provedBy ? `a code to ${page.provedBy}, confirmed` : null,
                page.documents ? `${page.documents} ${page.documents === 1 ? "document" : "documents"}` : null,
              ]
                .filter(Boolean)
                .join(" and ") || "none yet"}
              .
            </p>
          ) : null}
        </Card>
        {page.status === "pending" && !page.provedBy && page.domain ? (
          <Card className="grid gap-4 p-6">
            <h2 className="text-xl font-semibold">Show it is yours with a code</h2>
            <CodeProofForms
              domain={page.domain}
              waiting={page.codeWaiting ? { to: page.codeTo, until: page.codeExpiresAt } : null}
              answer={answer}
            />
          </Card>
        ) : null}
      </section>
    </>
  );
}
