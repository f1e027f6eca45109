import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FileField, FormErrors, TextareaField } from "~/components/ui/field";
import { clientIpContext } from "~/context";
import { requireUser } from "~/features/account/session.server";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "~/lib/forms/form-rules";
import { confirmRefusals, documentsRefusals, sendCodeRefusals } from "~/features/owners/claim-messages";
import {
  CLAIM_CODE_MINUTES,
  claimPage,
  confirmClaimCode,
  sendClaimCode,
  submitClaimDocuments,
} from "~/features/owners/claims.server";
import { CodeProofForms } from "~/features/owners/components/code-proof-forms";
import { claimCodeSchema, claimDocumentsSchema, claimEmailSchema } from "~/features/owners/schemas";
import { formatLondonDateTime } from "~/lib/dates";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { formOrRefusal } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/directory-claim";

/** Documents: photos or scans, with the limits of every upload on the site. */
const CLAIM_FORM_LIMITS = {
  maxFiles: MAX_PHOTOS,
  maxFileSize: MAX_PHOTO_BYTES,
  maxTotalSize: MAX_PHOTOS * MAX_PHOTO_BYTES + 64 * 1024,
  maxParts: 30,
};

async function load(request: Request, slug: string) {
  const user = await requireUser(request);
  const page = await claimPage(slug, user.id);
  if (!page) throw data(null, { status: 404 });
  return { user, page };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { page } = await load(request, params.slug);
  const { claim } = page;
  return {
    ...page,
    claim: claim && {
      ...claim,
      codeWaiting: claim.status === "code_sent" && !!claim.codeExpiresAt && claim.codeExpiresAt > new Date(),
      codeExpiresAt: claim.codeExpiresAt ? formatLondonDateTime(claim.codeExpiresAt) : null,
    },
  };
}

const refused = (intent: string, field: string, message: string, status = 400) =>
  data<IntentActionData>({ intent, result: { status: "error", error: { [field]: [message] } } }, { status: status });

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, page } = await load(request, params.slug);
  const form = await formOrRefusal(request, CLAIM_FORM_LIMITS);
  if (form instanceof Response) return form;
  const network = context.get(clientIpContext);
  const businessId = page.business.id;
  const intent = String(form.get("intent"));
  if (page.owner === "you") {
    return redirectWithToast("/my-businesses", { type: "success", title: "You already manage this business" });
  }

  if (intent === "send-code") {
    const submission = parseWithZod(form, { schema: claimEmailSchema });
    if (submission.status !== "success")
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await sendClaimCode(user, businessId, submission.value.email, network);
    if (outcome === "sent") {
      return redirectWithToast(`/halal-network-space/${page.business.slug}/claim`, {
        type: "success",
        title: "Code sent",
        description: `We have e-mailed a code to ${submission.value.email}. It works for ${CLAIM_CODE_MINUTES} minutes.`,
      });
    }
    if (outcome === "already-yours")
      return redirectWithToast("/my-businesses", { type: "success", title: "You already manage this business" });
    return refused(
      intent,
      "email",
      sendCodeRefusals(page.business.domain)[outcome],
      outcome === "rate-limited" ? 429 : 400,
    );
  }

  if (intent === "confirm-code") {
    const submission = parseWithZod(form, { schema: claimCodeSchema });
    if (submission.status !== "success")
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    const outcome = await confirmClaimCode(user, businessId, submission.value.code, network);
    if (outcome === "approved") {
      return redirectWithToast("/my-businesses", {
        type: "success",
        title: `You now manage ${page.business.name}`,
        description: "Changes you make to its page are published at once.",
      });
    }
    return refused(intent, "code", confirmRefusals[outcome], outcome === "rate-limited" ? 429 : 400);
  }

  if (intent === "documents") {
    const submission = parseWithZod(form, { schema: claimDocumentsSchema });
    if (submission.status !== "success")
      return data<IntentActionData>(
        { intent, result: submission.reply({ hideFields: ["documents"] }) },
        { status: 400 },
      );
    const outcome = await submitClaimDocuments(
      user,
      businessId,
      submission.value.documents,
      submission.value.note,
      network,
    );
    if (outcome === "submitted") {
      return redirectWithToast(`/halal-network-space/${page.business.slug}/claim`, {
        type: "success",
        title: "Documents sent",
        description: "Our team will check them and e-mail you.",
      });
    }
    if (outcome === "already-yours")
      return redirectWithToast("/my-businesses", { type: "success", title: "You already manage this business" });
    if (typeof outcome === "object") return refused(intent, "documents", outcome.error);
    return refused(intent, "documents", documentsRefusals[outcome], outcome === "rate-limited" ? 429 : 400);
  }
  return refused(intent, "", "Please use the forms on this page.");
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Claim ${loaded?.business.name ?? "a business"} | HBS` },
  { name: "robots", content: "noindex" },
];

export default function DirectoryClaim({ loaderData: { business, owner, claim }, actionData }: Route.ComponentProps) {
  const answer = actionData as IntentActionData | undefined;
  const documents = useIntentForm("documents", claimDocumentsSchema, answer);
  const back = `/halal-network-space/${business.slug}`;
  return (
    <>
      <PageHero title={`Claim ${business.name}`}>
        Is this your business? Once you have shown it is yours, you can keep its page up to date.
      </PageHero>
      <section className="mx-auto grid max-w-3xl gap-6 px-4 py-12">
        <p>
          <Link to={back} className="font-semibold text-brand-800 hover:underline">
            ← Back to {business.name}
          </Link>
        </p>
        {owner === "you" ? (
          <Card className="p-6">
            <h2 className="text-xl font-semibold">You manage this business</h2>
            <Link to="/my-businesses" className={buttonVariants({ className: "mt-4" })}>
              Go to My businesses
            </Link>
          </Card>
        ) : owner === "someone-else" ? (
          <Card className="p-6">
            <h2 className="text-xl font-semibold">This business already has an owner on HBS</h2>
            <p className="mt-2 text-slate-700">
              If you believe that is wrong,{" "}
              <Link to="/contact" className="font-semibold text-brand-800 underline">
                contact us
              </Link>{" "}
              and our team will look into it.
            </p>
          </Card>
        ) : (
          <>
            {claim?.status === "rejected" && claim.reason ? (
              <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
                <strong className="font-semibold">We could not approve your last claim.</strong> Why: {claim.reason}
              </div>
            ) : null}
            {claim?.status === "pending" ? (
              <div role="status" className="rounded-lg border border-sky-300 bg-sky-50 p-4 text-sky-950">
                <strong className="font-semibold">We have your documents.</strong> Our team is checking them and will
                e-mail you when we have decided. You can send them again below to replace them.
              </div>
            ) : null}
            <Card className="grid gap-4 p-6">
              <h2 className="text-xl font-semibold">With a code sent to your business's e-mail</h2>
              {business.domain ? (
                <>
                  <p className="text-slate-700">
                    We e-mail a code to an address at <strong>{business.domain}</strong>, the domain of the business's
                    website. Only someone who receives e-mail there can use it.
                  </p>
                  <CodeProofForms
                    domain={business.domain}
                    waiting={claim?.codeWaiting ? { to: claim.email, until: claim.codeExpiresAt } : null}
                    answer={answer}
                  />
                </>
              ) : (
                <p className="text-slate-700">
                  This business has no website on HBS, so a code to its own e-mail domain cannot show it is yours.
                  Please send documents instead.
                </p>
              )}
            </Card>
            <Card className="grid gap-4 p-6">
              <h2 className="text-xl font-semibold">With documents our team checks</h2>
              <p className="text-slate-700">
                A photo or scan of something that ties you to the business at its address: a utility bill, business
                rates bill, food hygiene certificate or Companies House record naming you. Our team checks them by hand;
                only they see them.
              </p>
              <Form {...documents.formProps} encType="multipart/form-data" className="grid gap-4">
                <input type="hidden" name="intent" value="documents" />
                <FileField
                  meta={documents.fields.documents}
                  label="Photos or scans (JPEG, PNG or WebP, up to 5 MB each)"
                  multiple
                  accept="image/jpeg,image/png,image/webp"
                />
                <TextareaField meta={documents.fields.note} label="Anything our team should know (optional)" rows={3} />
                <FormErrors form={documents.form} />
                <div>
                  <Button type="submit" disabled={documents.submitting}>
                    Send documents
                  </Button>
                </div>
              </Form>
            </Card>
          </>
        )}
      </section>
    </>
  );
}
