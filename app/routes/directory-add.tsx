import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FileField, FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { clientIpContext } from "~/context";
import { getSessionUser, signInFirst } from "~/features/account/session.server";
import { EvidenceFields, HoursFields, VisitFields } from "~/features/admin/components/business-evidence-fields";
import { likelyDuplicates } from "~/features/directory/duplicates.server";
import { addBusinessSchema, addBusinessStartSchema } from "~/features/owners/submission-schema";
import { submissionPath, submitBusiness } from "~/features/owners/submissions.server";
import { directoryTabs } from "~/lib/categories";
import { MAX_PHOTO_BYTES, MAX_PHOTOS } from "~/lib/forms/form-rules";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { formOrRefusal } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/directory-add";

const PATH = "/halal-network-space/add";
const categories = directoryTabs.filter((tab) => tab.value !== undefined);
const categoryWord = (category: Start["category"]) => categories.find((tab) => tab.value === category)!.label;

/** The business's photo and up to ten proof documents, with the limits of every upload on the site. */
const ADD_FORM_LIMITS = {
  maxFiles: MAX_PHOTOS + 1,
  maxFileSize: MAX_PHOTO_BYTES,
  maxTotalSize: (MAX_PHOTOS + 1) * MAX_PHOTO_BYTES + 128 * 1024,
  maxParts: 80,
};

type Start = { name: string; category: "food" | "other"; postcode: string };
type Duplicate = Awaited<ReturnType<typeof likelyDuplicates>>[number];
/** The second step's answer carries the first step's values and what may already be listed. */
type AddActionData = IntentActionData & { start?: Start; duplicates?: Duplicate[] };

async function member(request: Request) {
  const user = await getSessionUser(request);
  if (!user) throw await signInFirst(PATH, "Please sign in to add your business.");
  return user;
}

/** The first step's values from the address (its "Change" link), as defaults only: the action checks them. */
export async function loader({ request }: Route.LoaderArgs) {
  await member(request);
  const params = new URL(request.url).searchParams;
  return {
    name: params.get("name") ?? "",
    category: params.get("category") ?? "",
    postcode: params.get("postcode") ?? "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await member(request);
  const form = await formOrRefusal(request, ADD_FORM_LIMITS);
  if (form instanceof Response) return form;
  const intent = String(form.get("intent"));
  if (intent === "start") {
    const submission = parseWithZod(form, { schema: addBusinessStartSchema });
    if (submission.status !== "success")
      return data<AddActionData>({ intent, result: submission.reply() }, { status: 400 });
    return data<AddActionData>({
      intent: "details",
      result: { status: "success", initialValue: submission.reply().initialValue },
      start: submission.value,
      duplicates: await likelyDuplicates(submission.value),
    });
  }
  if (intent !== "details") {
    return data<AddActionData>(
      { intent: "start", result: { status: "error", error: { "": ["Please use the form on this page."] } } },
      { status: 400 },
    );
  }
  const start = parseWithZod(form, { schema: addBusinessStartSchema });
  if (start.status !== "success")
    return data<AddActionData>({ intent: "start", result: start.reply() }, { status: 400 });
  const answer = async (result: IntentActionData["result"], status: number) =>
    data<AddActionData>(
      { intent, result, start: start.value, duplicates: await likelyDuplicates(start.value) },
      { status },
    );
  const submission = parseWithZod(form, { schema: addBusinessSchema });
  if (submission.status !== "success") return answer(submission.reply({ hideFields: ["image", "documents"] }), 400);
  const outcome = await submitBusiness(user, submission.value, context.get(clientIpContext));
  if (outcome === "rate-limited")
    return answer(
      submission.reply({
        formErrors: ["Too many businesses have been added today. Please try again in a day."],
        hideFields: ["image", "documents"],
      }),
      429,
    );
  if (!outcome.ok)
    return answer(submission.reply({ fieldErrors: outcome.fieldErrors, hideFields: ["image", "documents"] }), 400);
  return redirectWithToast(submissionPath(outcome.id), {
    type: "success",
    title: "Thank you: we have your business",
    description: outcome.codeSentTo
      ? `We have e-mailed a code to ${outcome.codeSentTo}. Type it here to show the business is yours.`
      : "Our team will check it and e-mail you.",
  });
}

export const meta: Route.MetaFunction = () => [
  { title: "Add your business | The Halal Directory | HBS" },
  { name: "robots", content: "noindex" },
];

/**
 * Two steps that work without JavaScript (decision 0095): the name, kind and
 * postcode first, so that a business already listed near there is offered to
 * claim before anything more is asked; then the rest, and the proof.
 */
export default function DirectoryAdd({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as AddActionData | undefined;
  const start = answer?.start;
  return (
    <>
      <PageHero title="Add your business">
        Free for halal businesses across the UK. Our team checks each one before it is listed.
      </PageHero>
      <section className="mx-auto grid max-w-3xl gap-6 px-4 py-8 sm:py-12">
        {start ? (
          <Details start={start} duplicates={answer.duplicates ?? []} answer={answer} />
        ) : (
          <StartStep defaults={loaderData} answer={answer} />
        )}
      </section>
    </>
  );
}

function StartStep({ defaults, answer }: { defaults: Record<keyof Start, string>; answer?: AddActionData }) {
  const { form, fields, formProps, submitting } = useIntentForm("start", addBusinessStartSchema, answer, defaults);
  return (
    <Card className="p-5 sm:p-6">
      <h2 className="text-xl font-semibold">Step 1 of 2: your business</h2>
      <p className="mt-1 mb-5 text-slate-700">We first check whether it is already in the directory.</p>
      <Form {...formProps} className="grid gap-5">
        <input type="hidden" name="intent" value="start" />
        <TextField meta={fields.name} label="Business name" required autoComplete="organization" />
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField meta={fields.category} label="What it is" required>
            <option value="">Choose…</option>
            {categories.map((tab) => (
              <option key={tab.value} value={tab.value}>
                {tab.label}
              </option>
            ))}
          </SelectField>
          <TextField meta={fields.postcode} label="Postcode" required autoComplete="postal-code" />
        </div>
        <FormErrors form={form} />
        <div>
          <Button type="submit" disabled={submitting}>
            Continue
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function Details({ start, duplicates, answer }: { start: Start; duplicates: Duplicate[]; answer: AddActionData }) {
  const { form, fields, formProps, submitting } = useIntentForm("details", addBusinessSchema, answer, start);
  // Continue's button is gone once this step shows: focus moves to what replaced it, the offer or the step.
  const first = useRef<HTMLHeadingElement>(null);
  useEffect(() => first.current?.focus(), []);
  const change = `${PATH}?${new URLSearchParams(start).toString()}`;
  return (
    <>
      {duplicates.length ? (
        <Card role="region" aria-labelledby="already-listed" className="border-amber-300 bg-amber-50 p-5 sm:p-6">
          <h2 id="already-listed" ref={first} tabIndex={-1} className="text-xl font-semibold outline-none">
            Is this yours? Claim it instead
          </h2>
          <p className="mt-1 text-slate-800">
            These are already in the directory near {start.postcode}. If one is your business, claim it: you can then
            keep its page up to date without waiting for a new one.
          </p>
          <ul className="mt-4 grid gap-3">
            {duplicates.map((business) => (
              <li key={business.id} className="flex flex-wrap items-center justify-between gap-3">
                <span>
                  <Link to={`/halal-network-space/${business.slug}`} className="font-semibold text-brand-800 underline">
                    {business.name}
                  </Link>
                  , {business.town}
                  {business.postcode ? ` ${business.postcode}` : ""}
                </span>
                {business.owned ? (
                  <span className="text-sm text-slate-700">Already managed by its owner</span>
                ) : (
                  <Link
                    to={`/halal-network-space/${business.slug}/claim`}
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                  >
                    Claim {business.name}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card className="p-5 sm:p-6">
        <h2 ref={duplicates.length ? undefined : first} tabIndex={-1} className="text-xl font-semibold outline-none">
          Step 2 of 2: about {start.name}
        </h2>
        <p className="mt-1 mb-5 text-slate-700">
          {categoryWord(start.category)}, {start.postcode}.{" "}
          <Link to={change} className="font-semibold text-brand-800 underline">
            Change name, kind or postcode
          </Link>
        </p>
        <Form {...formProps} encType="multipart/form-data" className="grid gap-5">
          <input type="hidden" name="intent" value="details" />
          <input type="hidden" name="name" value={start.name} />
          <input type="hidden" name="category" value={start.category} />
          <input type="hidden" name="postcode" value={start.postcode} />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField meta={fields.address} label="Address" required autoComplete="address-line1" />
            <TextField meta={fields.town} label="Town or city" required autoComplete="address-level2" />
          </div>
          <TextareaField meta={fields.description} label="Description" rows={4} required />
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField meta={fields.phone} label="Phone" type="tel" autoComplete="tel" />
            <TextField meta={fields.website} label="Website" hint="Starting with https:// or http://" />
          </div>
          <FileField
            meta={fields.image}
            label="A photo of your business (optional; JPEG, PNG or WebP, up to 5 MB)"
            accept="image/jpeg,image/png,image/webp"
          />
          <VisitFields fields={fields} />
          <HoursFields fields={fields} />
          <EvidenceFields fields={fields} proposal />
          <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
            <legend className="px-1 font-semibold">Show it is yours</legend>
            <p className="text-sm text-slate-700">
              As when claiming a business: a code to an address at your website's domain, or a photo or scan of a
              utility bill, business rates bill, food hygiene certificate or Companies House record naming you. Only our
              team sees them.
            </p>
            <TextField
              meta={fields.proofEmail}
              label="Your e-mail address at your website's domain"
              type="email"
              autoComplete="email"
              hint="We e-mail you a code to type in once you have sent this."
            />
            <FileField
              meta={fields.documents}
              label="Or photos or scans (JPEG, PNG or WebP, up to 5 MB each)"
              multiple
              accept="image/jpeg,image/png,image/webp"
            />
            <TextareaField meta={fields.note} label="Anything our team should know (optional)" rows={3} />
          </fieldset>
          <FormErrors form={form} />
          <div>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Sending..." : "Send for checking"}
            </Button>
          </div>
        </Form>
      </Card>
    </>
  );
}
