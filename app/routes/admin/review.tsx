import type { ReactNode } from "react";
import { getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { AdminHeading, DetailList } from "~/features/admin/components/admin-shell";
import { idParam, readStaffAction } from "~/features/admin/form.server";
import { Stars } from "~/features/reviews/components/stars";
import { decideReview, removeOwnerReply, staffReview } from "~/features/reviews/moderation.server";
import { photosOfReviews, removeReviewPhoto } from "~/features/reviews/photos.server";
import { HOLD_REASONS, removalSchema, type HoldReason } from "~/features/reviews/review-rules";
import { formatCalendarDay, formatLondonDateTime } from "~/lib/dates";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/review";

const statusLabels = { published: "Published", held: "Held for a check", removed: "Removed" } as const;

export async function loader({ params }: Route.LoaderArgs) {
  const found = await staffReview(idParam(params.id));
  if (!found) throw data(null, { status: 404 });
  const { review } = found;
  const photos = (await photosOfReviews([review.id])).get(review.id)!;
  return {
    // Each with its open reports (decision 0093).
    photos: photos.map(({ id, url }) => ({
      id,
      url,
      openReports: found.reports.filter((r) => r.photoId === id && r.status === "open").length,
    })),
    review: {
      id: review.id,
      rating: review.rating,
      body: review.body,
      status: review.status,
      holdReasons: review.holdReasons.map((reason) => HOLD_REASONS[reason as HoldReason] ?? reason),
      removalReason: review.removalReason,
      removedAsFake: review.removedAsFake,
      visited: review.visitedOn ? formatCalendarDay(review.visitedOn) : null,
      written: formatLondonDateTime(review.createdAt),
      edited: review.editedAt ? formatLondonDateTime(review.editedAt) : null,
      reply: review.replyBody,
      // Off the business's page while the reviewer's, or the reply's author's, account is suspended (decision 0078).
      hidden: review.hiddenBySuspension,
      replyHidden: review.replyHiddenBySuspension,
      userId: review.userId,
      replyBy: review.replyBy,
    },
    business: { name: found.businessName, slug: found.slug, id: review.businessId },
    author: {
      name: found.author,
      email: found.authorEmail,
      joined: formatLondonDateTime(found.authorJoined),
      banned: found.authorBanned !== null,
    },
    reports: found.reports.map((r) => ({ ...r, at: formatLondonDateTime(r.createdAt) })),
  };
}

export async function action(args: Route.ActionArgs) {
  const sent = await readStaffAction(args);
  if (sent.refused) return sent.refused;
  const { admin, id, intent, formData } = sent;
  const back = `/admin/reviews/${id}`;
  if (intent === "publish") {
    if (!(await decideReview(admin, id, { kind: "publish" }))) throw data(null, { status: 404 });
    return redirectWithToast(back, { type: "success", title: "Review published" });
  }
  if (intent === "remove") {
    const submission = parseWithZod(formData, { schema: removalSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const { reason, fake } = submission.value;
    if (!(await decideReview(admin, id, { kind: "remove", reason, asFake: fake }))) throw data(null, { status: 404 });
    return redirectWithToast(back, {
      type: "success",
      title: "Review removed",
      description: fake ? "Its author can no longer write reviews." : undefined,
    });
  }
  if (intent === "remove-photo") {
    const photoId = Number(formData.get("photoId"));
    if (!Number.isSafeInteger(photoId) || !(await removeReviewPhoto(admin, id, photoId))) {
      throw data(null, { status: 404 });
    }
    return redirectWithToast(back, { type: "success", title: "Photo removed; the review stays" });
  }
  if (intent === "remove-reply") {
    if (!(await removeOwnerReply(admin, id))) throw data(null, { status: 404 });
    return redirectWithToast(back, { type: "success", title: "The owner's reply is removed" });
  }
  return data<IntentActionData>(
    { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Review of ${loaded?.business.name ?? "a business"} | HBS back office` },
];

function RemoveForm({ actionData }: { actionData?: IntentActionData }) {
  const { form, fields, submitting, formProps } = useIntentForm("remove", removalSchema, actionData);
  const { key, ...fake } = getInputProps(fields.fake, { type: "checkbox" });
  return (
    <Form {...formProps} className="grid gap-3">
      <input type="hidden" name="intent" value="remove" />
      <TextareaField
        meta={fields.reason}
        label="Reason (the reviewer is told this)"
        hint="For example: it is not about a visit to this business, or it was written by its owner."
        rows={3}
        required
      />
      <label className="flex items-center gap-2 text-sm font-medium">
        <input key={key} {...fake} className="size-4 accent-brand-700" />
        Removed as fake: the reviewer can no longer write reviews
      </label>
      <FormErrors form={form} />
      <div>
        <Button type="submit" variant="outline" disabled={submitting}>
          Remove review
        </Button>
      </div>
    </Form>
  );
}

/** One review: its text, why it was held, who wrote it, its reports, and staff's decision. */
export default function AdminReview({ loaderData, actionData }: Route.ComponentProps) {
  const { review, business, author, reports, photos } = loaderData;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/reviews" className="font-semibold text-brand-800 hover:underline">
          ← Reviews
        </Link>
      </p>
      <AdminHeading title={`Review of ${business.name}`} />
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card className="grid gap-3 p-5">
          <Stars rating={review.rating} />
          <p className="break-words whitespace-pre-line text-slate-800">{review.body}</p>
          <DetailList
            items={[
              ["State", statusLabels[review.status]],
              ...(review.holdReasons.length
                ? ([["Why it was held", review.holdReasons.join("; ")]] as [string, string][])
                : []),
              ...(review.removalReason
                ? ([["Removal reason", `${review.removalReason}${review.removedAsFake ? " (fake)" : ""}`]] as [
                    string,
                    string,
                  ][])
                : []),
              ...(review.hidden
                ? ([
                    [
                      "On the business's page",
                      <span key="hidden">
                        No: hidden while{" "}
                        <Link to={`/admin/users/${review.userId}`} className="text-brand-800 underline">
                          the reviewer&apos;s account
                        </Link>{" "}
                        is suspended
                      </span>,
                    ],
                  ] as [string, ReactNode][])
                : []),
              ["Written", review.written],
              ...(review.edited ? ([["Edited", review.edited]] as [string, string][]) : []),
              ...(review.visited ? ([["Visited", review.visited]] as [string, string][]) : []),
            ]}
          />
        </Card>
        <Card className="grid content-start gap-3 p-5">
          <DetailList
            items={[
              ["Reviewer", author.name],
              ["E-mail", author.email],
              ["Member since", author.joined],
              ["Can write reviews", author.banned ? "No: a review was removed as fake" : "Yes"],
              [
                "Business",
                <span key="business" className="flex flex-wrap gap-2">
                  <Link to={`/halal-network-space/${business.slug}#reviews`} className="text-brand-800 underline">
                    Its page
                  </Link>
                  <Link to={`/admin/directory/${business.id}`} className="text-brand-800 underline">
                    In the back office
                  </Link>
                </span>,
              ],
            ]}
          />
        </Card>
      </div>
      {review.reply ? (
        <section aria-labelledby="reply-heading" className="mt-8 grid gap-3">
          <h2 id="reply-heading" className="text-xl font-semibold">
            The owner&apos;s reply
          </h2>
          <p className="break-words whitespace-pre-line text-slate-800">{review.reply}</p>
          {review.replyHidden && review.replyBy ? (
            <p className="text-sm text-slate-700">
              Hidden from the business&apos;s page while{" "}
              <Link to={`/admin/users/${review.replyBy}`} className="text-brand-800 underline">
                its author&apos;s account
              </Link>{" "}
              is suspended.
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="remove-reply" />
            <Button type="submit" variant="outline">
              Remove the owner&apos;s reply
            </Button>
          </Form>
        </section>
      ) : null}
      {photos.length > 0 ? (
        <section aria-labelledby="photos-heading" className="mt-8 grid gap-3">
          <h2 id="photos-heading" className="text-xl font-semibold">
            Photos ({photos.length})
          </h2>
          <ul className="flex flex-wrap gap-4">
            {photos.map((photo, i) => (
              <li key={photo.id} className="grid justify-items-start gap-2">
                <a href={photo.url} target="_blank" rel="noopener noreferrer">
                  <img
                    src={photo.url}
                    alt={`Photo ${i + 1} (opens in a new tab)`}
                    width={160}
                    height={160}
                    className="size-40 rounded-md object-cover"
                  />
                </a>
                {photo.openReports > 0 ? (
                  <p className="text-sm font-medium text-red-800">
                    Reported {photo.openReports} {photo.openReports === 1 ? "time" : "times"}
                  </p>
                ) : null}
                <Form method="post">
                  <input type="hidden" name="intent" value="remove-photo" />
                  <input type="hidden" name="photoId" value={photo.id} />
                  <Button type="submit" variant="outline" size="sm">
                    Remove photo {i + 1}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="decide-heading" className="mt-8 grid gap-4">
        <h2 id="decide-heading" className="text-xl font-semibold">
          Decision
        </h2>
        {review.status !== "published" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="publish" />
            <Button type="submit">{review.status === "held" ? "Approve and publish" : "Publish again"}</Button>
          </Form>
        ) : reports.some((r) => r.status === "open") ? (
          <Form method="post">
            <input type="hidden" name="intent" value="publish" />
            <Button type="submit">Keep it published and dismiss the reports</Button>
          </Form>
        ) : null}
        {review.status !== "removed" ? (
          <Card className="p-5">
            <RemoveForm actionData={actionData as IntentActionData | undefined} />
          </Card>
        ) : null}
      </section>
      <section aria-labelledby="reports-heading" className="mt-8 grid gap-3">
        <h2 id="reports-heading" className="text-xl font-semibold">
          Reports ({reports.length})
        </h2>
        {reports.length === 0 ? (
          <p className="text-slate-700">Nobody has reported this review.</p>
        ) : (
          <ul className="grid gap-3">
            {reports.map((r) => (
              <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-4">
                <p className="text-sm text-slate-700">
                  {r.at} · {r.status === "open" ? "Open" : r.status === "upheld" ? "Upheld" : "Dismissed"}
                  {r.photoId !== null ? ` · about photo ${photos.findIndex((p) => p.id === r.photoId) + 1}` : ""}
                </p>
                <p className="mt-1 break-words whitespace-pre-line">{r.reason}</p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
