import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { clientIpContext } from "~/context";
import { requireUser } from "~/features/account/session.server";
import { getBusinessBySlug } from "~/features/directory/businesses.server";
import { ReviewForm } from "~/features/reviews/components/review-form";
import { MAX_REVIEW_PHOTOS, REVIEW_POLICY_PATH, reviewSchema } from "~/features/reviews/review-rules";
import { deleteReview, myReview, saveReview, type SaveOutcome } from "~/features/reviews/reviews.server";
import { londonDay } from "~/lib/dates";
import { type IntentActionData } from "~/lib/use-intent-form";
import { formOrRefusal, type FormLimits } from "~/server/form-data.server";
import {
  encodeReviewPhotos,
  photosOfReviews,
  removePhotoFiles,
  replaceReviewPhotos,
  tooManyPhotos,
} from "~/features/reviews/photos.server";
import { MAX_PHOTO_BYTES } from "~/lib/forms/form-rules";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/directory-review";

/** A review's text and up to four photos (decision 0093). */
const REVIEW_FORM_LIMITS: FormLimits = {
  maxFiles: MAX_REVIEW_PHOTOS,
  maxFileSize: MAX_PHOTO_BYTES,
  maxTotalSize: MAX_REVIEW_PHOTOS * MAX_PHOTO_BYTES + 64 * 1024,
  maxParts: 40,
};

async function publishedBusiness(slug: string) {
  const business = await getBusinessBySlug(slug);
  if (!business || !business.published) throw data(null, { status: 404 });
  return business;
}

/** The signed-in member's review of the business: a new one, or theirs to edit or delete. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const business = await publishedBusiness(params.slug);
  const mine = await myReview(user.id, business.id);
  const photos = mine ? ((await photosOfReviews([mine.id])).get(mine.id) ?? []) : [];
  return {
    business: { name: business.name, slug: business.slug },
    verified: user.emailVerified,
    review:
      mine && mine.status !== "removed" ? { ...mine, visited: mine.visitedOn?.slice(0, 7) ?? null, photos } : null,
    removed: mine?.status === "removed",
    maxMonth: londonDay(new Date()).slice(0, 7),
  };
}

const refusals: Record<Exclude<SaveOutcome["status"], "published" | "held" | "not-found">, [number, string]> = {
  unverified: [403, "Please verify your e-mail address before writing a review."],
  banned: [403, "You can no longer write reviews on HBS: one of your reviews was removed as fake."],
  removed: [403, "Our team removed your review of this business, so you cannot review it again."],
  "rate-limited": [429, "You have sent a lot of reviews just now. Please wait an hour and try again."],
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const business = await publishedBusiness(params.slug);
  const form = await formOrRefusal(request, REVIEW_FORM_LIMITS);
  if (form instanceof Response) return form;
  const intent = String(form.get("intent"));
  const back = `/halal-network-space/${business.slug}#reviews`;

  if (intent === "delete") {
    const mine = await myReview(user.id, business.id);
    const photos = mine ? (await photosOfReviews([mine.id])).get(mine.id)! : [];
    if (!(await deleteReview(user.id, business.id))) throw data(null, { status: 404 });
    await removePhotoFiles(photos.map((p) => p.name));
    return redirectWithToast(back, { type: "success", title: "Review deleted" });
  }
  if (intent !== "save") {
    return data<IntentActionData>(
      { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
      { status: 400 },
    );
  }
  const submission = parseWithZod(form, { schema: reviewSchema });
  if (submission.status !== "success") {
    return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
  }
  const existing = await myReview(user.id, business.id);
  // Photos (decision 0093): at most four kept and added, each a real picture, or nothing changes.
  const { photos: files = [], removePhoto: removing = [] } = submission.value;
  const current = existing ? ((await photosOfReviews([existing.id])).get(existing.id) ?? []) : [];
  const photoError = tooManyPhotos(current, removing, files.length)
    ? `A review can have up to ${MAX_REVIEW_PHOTOS} photos`
    : null;
  const encoded = photoError ? { error: photoError } : await encodeReviewPhotos(files);
  if ("error" in encoded) {
    return data<IntentActionData>(
      { intent, result: submission.reply({ fieldErrors: { photos: [encoded.error] }, hideFields: ["photos"] }) },
      { status: 400 },
    );
  }
  const outcome = await saveReview(user, business.id, submission.value, context.get(clientIpContext));
  if (outcome.status === "not-found") throw data(null, { status: 404 });
  if (outcome.status === "published" || outcome.status === "held") {
    const saved = await myReview(user.id, business.id);
    if (saved) await replaceReviewPhotos(saved.id, removing, encoded.photos);
    return redirectWithToast(
      back,
      outcome.status === "published"
        ? { type: "success", title: existing ? "Review updated" : "Review published" }
        : {
            type: "success",
            title: "Review received",
            description: "Our team will check it before it appears; we will e-mail you.",
          },
    );
  }
  const [status, message] = refusals[outcome.status];
  return data<IntentActionData>({ intent, result: submission.reply({ formErrors: [message] }) }, { status });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Review ${loaded?.business.name ?? "a business"} | HBS` },
  { name: "robots", content: "noindex" },
];

export default function DirectoryReview({ loaderData, actionData }: Route.ComponentProps) {
  const { business, verified, review, removed, maxMonth } = loaderData;
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <p>
        <Link
          to={`/halal-network-space/${business.slug}#reviews`}
          className="text-sm font-medium text-brand-800 hover:underline"
        >
          ← {business.name}
        </Link>
      </p>
      <header>
        <h1 className="text-2xl font-bold tracking-tight">
          {review ? "Edit your review" : "Write a review"} of {business.name}
        </h1>
        <p className="mt-1 text-slate-700">
          Reviews follow{" "}
          <Link to={REVIEW_POLICY_PATH} className="font-medium text-brand-800 underline">
            our review policy
          </Link>
          .
        </p>
      </header>
      {removed ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          Our team removed your review of this business, so you cannot review it again.
        </p>
      ) : !verified ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          Please verify your e-mail address before writing a review: follow the link in the e-mail we sent you, or ask
          for a new one in{" "}
          <Link to="/my-account" className="font-medium underline">
            My account
          </Link>
          .
        </p>
      ) : (
        <>
          <Card className="p-5">
            <ReviewForm
              businessName={business.name}
              defaults={review}
              maxMonth={maxMonth}
              actionData={actionData as IntentActionData | undefined}
            />
          </Card>
          {review ? (
            <Form method="post" className="rounded-xl border border-slate-200 bg-white p-4">
              <input type="hidden" name="intent" value="delete" />
              <p className="mb-3 text-sm text-slate-700">Deleting your review removes it from HBS for good.</p>
              <Button type="submit" variant="outline" size="sm">
                Delete my review
              </Button>
            </Form>
          ) : null}
        </>
      )}
    </section>
  );
}
