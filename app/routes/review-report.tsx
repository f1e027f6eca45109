import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { clientIpContext } from "~/context";
import { getSessionUser } from "~/features/account/session.server";
import { Stars } from "~/features/reviews/components/stars";
import { REVIEW_POLICY_PATH, reviewReportSchema } from "~/features/reviews/review-rules";
import { photosOfReviews } from "~/features/reviews/photos.server";
import { reportableReview, reportReview } from "~/features/reviews/reviews.server";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import { routeId } from "~/lib/route-id";
import type { Route } from "./+types/review-report";

/** A published review of this business, else a 404. */
async function reviewFor(params: { slug: string; id: string }) {
  const id = routeId(params.id);
  const found = id === null ? null : await reportableReview(id);
  if (!found || found.slug !== params.slug) throw data(null, { status: 404 });
  return found;
}

/** The review's photo named by `?photo=` or the form's `photo` (decision 0093): null for the review itself, else a 404 unless it is the review's. */
async function photoOf(reviewId: number, value: FormDataEntryValue | string | null) {
  if (value === null || value === "") return null;
  const id = routeId(String(value));
  const photo = id === null ? undefined : (await photosOfReviews([reviewId])).get(reviewId)!.find((p) => p.id === id);
  if (!photo) throw data(null, { status: 404 });
  return { id: photo.id, url: photo.url };
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const found = await reviewFor(params);
  const photo = await photoOf(found.id, new URL(request.url).searchParams.get("photo"));
  return { review: found, photo };
}

/** Anyone may report, signed in or not; the review stays up until staff decide. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const found = await reviewFor(params);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const submission = parseWithZod(form, { schema: reviewReportSchema });
  if (submission.status !== "success") {
    return data<IntentActionData>({ intent: "report", result: submission.reply() }, { status: 400 });
  }
  const photo = await photoOf(found.id, form.get("photo"));
  const reporter = await getSessionUser(request);
  const outcome = await reportReview(
    found.id,
    reporter?.id ?? null,
    submission.value.reason,
    context.get(clientIpContext),
    photo?.id ?? null,
  );
  if (outcome === "not-found") throw data(null, { status: 404 });
  if (outcome === "rate-limited") {
    return data<IntentActionData>(
      {
        intent: "report",
        result: submission.reply({
          formErrors: ["You have sent a lot of reports just now. Please wait an hour and try again."],
        }),
      },
      { status: 429 },
    );
  }
  return redirectWithToast(`/halal-network-space/${found.slug}#reviews`, {
    type: "success",
    title: "Thank you for your report",
    description: photo
      ? "Our team will look at this photo. It stays up while they do."
      : "Our team will look at this review. It stays up while they do.",
  });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Report a review of ${loaded?.review.businessName ?? "a business"} | HBS` },
  { name: "robots", content: "noindex" },
];

export default function ReviewReport({ loaderData: { review, photo }, actionData }: Route.ComponentProps) {
  const { form, fields, submitting, formProps } = useIntentForm(
    "report",
    reviewReportSchema,
    actionData as IntentActionData | undefined,
  );
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <p>
        <Link
          to={`/halal-network-space/${review.slug}#reviews`}
          className="text-sm font-medium text-brand-800 hover:underline"
        >
          ← {review.businessName}
        </Link>
      </p>
      <header>
        <h1 className="text-2xl font-bold tracking-tight">
          Report a {photo ? "photo in a review" : "review"} of {review.businessName}
        </h1>
        <p className="mt-1 text-slate-700">
          Tell us why you think this review breaks{" "}
          <Link to={REVIEW_POLICY_PATH} className="font-medium text-brand-800 underline">
            our review policy
          </Link>
          , for example that it is fake or not based on a real visit. The review stays published while our team looks at
          it: a report alone never removes a review.
        </p>
      </header>
      <blockquote className="rounded-xl border border-slate-200 bg-white p-4">
        <Stars rating={review.rating} />
        <p className="mt-2 break-words whitespace-pre-line text-slate-800">{review.body}</p>
        {photo ? (
          <img
            src={photo.url}
            alt="The photo you are reporting"
            width={224}
            height={224}
            className="mt-3 size-56 rounded-md object-cover"
          />
        ) : null}
      </blockquote>
      <Card className="p-5">
        <Form {...formProps} className="grid gap-3">
          <input type="hidden" name="intent" value="report" />
          {photo ? <input type="hidden" name="photo" value={photo.id} /> : null}
          <TextareaField
            meta={fields.reason}
            label={photo ? "What is wrong with this photo?" : "What is wrong with this review?"}
            rows={4}
            required
          />
          <FormErrors form={form} />
          <div>
            <Button type="submit" disabled={submitting}>
              {submitting ? "Sending…" : "Send report"}
            </Button>
          </div>
        </Form>
      </Card>
    </section>
  );
}
