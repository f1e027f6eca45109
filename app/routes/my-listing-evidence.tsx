import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FileField, FormErrors, SelectField } from "~/components/ui/field";
import { EvidenceList } from "~/features/selling/components/evidence-list";
import {
  checkedWhat,
  EVIDENCE_TYPES_TEXT,
  evidenceKindLabels,
  evidenceKinds,
  evidenceUploadSchema,
  MAX_EVIDENCE_BYTES,
  MAX_EVIDENCE_FILES,
} from "~/features/selling/evidence";
import { evidenceOf, figuresChecksOf, storeEvidence } from "~/features/selling/evidence.server";
import { sellerCanEdit } from "~/features/selling/seller-actions.server";
import { requireOwnListing } from "~/features/selling/seller.server";
import { formatLondonDate } from "~/lib/dates";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { formOrRefusal, type FormLimits } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-listing-evidence";

const EVIDENCE_FORM_LIMITS: FormLimits = {
  maxFiles: MAX_EVIDENCE_FILES,
  maxFileSize: MAX_EVIDENCE_BYTES,
  maxTotalSize: MAX_EVIDENCE_FILES * MAX_EVIDENCE_BYTES + 64 * 1024,
  maxParts: 10,
  filesAre: "files",
};

/** Evidence for the figures of a listing the seller can still change: one waiting for review, turned down or published. */
async function ownEditableListing(request: Request, id: string) {
  const own = await requireOwnListing(request, id);
  if (!sellerCanEdit(own.listing.status)) throw data(null, { status: 404 });
  return own;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { listing } = await ownEditableListing(request, params.id);
  const [files, checks] = await Promise.all([evidenceOf(listing.id), figuresChecksOf(listing.id)]);
  const latest = checks[0];
  return {
    listing: { id: listing.id, title: listing.title },
    files,
    // What the listing shows, or why it no longer does; staff's notes stay with staff.
    check: latest
      ? {
          standing: listing.figuresCheckedAt !== null,
          on: formatLondonDate(listing.figuresCheckedAt ?? latest.checkedAt),
          what: checkedWhat(latest),
        }
      : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, listing } = await ownEditableListing(request, params.id);
  const form = await formOrRefusal(request, EVIDENCE_FORM_LIMITS);
  if (form instanceof Response) return form;
  const submission = parseWithZod(form, { schema: evidenceUploadSchema });
  if (submission.status !== "success") {
    return data<IntentActionData>(
      { intent: "upload", result: submission.reply({ hideFields: ["files"] }) },
      { status: 400 },
    );
  }
  const outcome = await storeEvidence(user, listing.id, submission.value.kind, submission.value.files);
  if ("error" in outcome) {
    return data<IntentActionData>(
      {
        intent: "upload",
        result: submission.reply({ fieldErrors: { files: [outcome.error] }, hideFields: ["files"] }),
      },
      { status: 400 },
    );
  }
  return redirectWithToast(`/my-listings/${listing.id}/evidence`, {
    type: "success",
    title: outcome.stored === 1 ? "File sent" : `${outcome.stored} files sent`,
    description: "Our team will check your figures against them.",
  });
}

export const meta: Route.MetaFunction = () => [
  { title: "Evidence for your figures | HBS" },
  { name: "robots", content: "noindex" },
];

export default function MyListingEvidence({ loaderData: { listing, files, check }, actionData }: Route.ComponentProps) {
  const upload = useIntentForm("upload", evidenceUploadSchema, actionData as IntentActionData | undefined);
  return (
    <>
      <MemberPageHeader
        title={`Evidence for ${listing.title}`}
        description="Send your accounts, an accountant's letter or VAT returns, and our team checks your listing's turnover and net profit against them."
      />
      <section className="mx-auto grid max-w-3xl gap-6 px-4 py-6 sm:py-10">
        <p>
          <Link to="/my-listings" className="font-semibold text-brand-800 hover:underline">
            ← My listings
          </Link>
        </p>
        <Card className="grid gap-2 p-6" aria-labelledby="check-title" role="region">
          <h2 id="check-title" className="text-xl font-semibold">
            {check?.standing ? `Figures checked by HBS on ${check.on}` : "Figures not checked yet"}
          </h2>
          {check?.standing ? (
            <p className="text-slate-700">
              {check.what}. Your listing says so to buyers, and /buy finds it with &ldquo;Figures checked by HBS&rdquo;.
              If you change your turnover or net profit, the mark goes until we check them again.
            </p>
          ) : check ? (
            <p className="text-slate-700">
              We checked your figures on {check.on}, but your turnover or net profit has changed since, so your listing
              no longer shows the mark. Send evidence for the new figures and we will check them again.
            </p>
          ) : (
            <p className="text-slate-700">
              Once our team has compared your evidence with your listing&rsquo;s turnover and net profit, your listing
              shows &ldquo;Figures checked by HBS&rdquo; with the date.
            </p>
          )}
        </Card>
        <Card className="grid gap-4 p-6">
          <h2 className="text-xl font-semibold">Send evidence</h2>
          <p className="text-slate-700">
            Only you and HBS staff can see these files; buyers never do. {EVIDENCE_TYPES_TEXT}, up to{" "}
            {MAX_EVIDENCE_FILES} files of 10 MB each at a time.
          </p>
          <Form {...upload.formProps} encType="multipart/form-data" className="grid gap-4">
            <input type="hidden" name="intent" value="upload" />
            <SelectField meta={upload.fields.kind} label="What the files are" required>
              <option value="">Choose…</option>
              {evidenceKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {evidenceKindLabels[kind]}
                </option>
              ))}
            </SelectField>
            <FileField
              meta={upload.fields.files}
              label={`Files (${EVIDENCE_TYPES_TEXT})`}
              multiple
              accept="application/pdf,image/jpeg,image/png,image/webp"
            />
            <FormErrors form={upload.form} />
            <div>
              <Button type="submit" disabled={upload.submitting}>
                Send evidence
              </Button>
            </div>
          </Form>
        </Card>
        <Card className="grid gap-4 p-6">
          <h2 className="text-xl font-semibold">Evidence sent</h2>
          <EvidenceList files={files} base={`/my-listings/${listing.id}/evidence`} />
        </Card>
      </section>
    </>
  );
}
