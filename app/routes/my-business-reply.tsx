import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { requireOwnedBusiness } from "~/features/owners/owner.server";
import { Stars } from "~/features/reviews/components/stars";
import { deleteReply, reviewToReply, saveReply } from "~/features/reviews/replies.server";
import { MAX_REPLY_LENGTH, replySchema } from "~/features/reviews/review-rules";
import { formatLondonDate } from "~/lib/dates";
import { routeId } from "~/lib/route-id";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-business-reply";

/** The owner, their business and a published review of it; else the same 404 as one that does not exist. */
async function reviewOr404(request: Request, params: Route.LoaderArgs["params"]) {
  const { user, business } = await requireOwnedBusiness(request, params.id);
  const reviewId = routeId(params.reviewId);
  const review = reviewId === null ? null : await reviewToReply(user.id, business.id, reviewId);
  if (!review) throw data(null, { status: 404 });
  return { user, business, review };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { business, review } = await reviewOr404(request, params);
  return {
    business: { id: business.id, name: business.name, slug: business.slug },
    review: { ...review, createdAt: undefined, date: formatLondonDate(review.createdAt) },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, business, review } = await reviewOr404(request, params);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const intent = String(form.get("intent"));
  const back = `/my-businesses/${business.id}/reviews`;
  if (intent === "delete") {
    if (!(await deleteReply(user, business.id, review.id))) throw data(null, { status: 404 });
    return redirectWithToast(back, { type: "success", title: "Reply deleted" });
  }
  if (intent !== "save") {
    return data<IntentActionData>(
      { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
      { status: 400 },
    );
  }
  const submission = parseWithZod(form, { schema: replySchema });
  if (submission.status !== "success") {
    return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
  }
  const outcome = await saveReply(user, business.id, review.id, submission.value);
  if (outcome === "not-found") throw data(null, { status: 404 });
  if (outcome === "rate-limited") {
    return data<IntentActionData>(
      {
        intent,
        result: submission.reply({
          formErrors: ["You have sent a lot of replies just now. Please wait an hour and try again."],
        }),
      },
      { status: 429 },
    );
  }
  return redirectWithToast(
    back,
    outcome === "unchanged"
      ? { type: "success", title: "Nothing has changed" }
      : { type: "success", title: review.reply ? "Reply updated" : "Reply published" },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Reply to a review of ${loaded?.business.name ?? "your business"} | HBS` },
  { name: "robots", content: "noindex" },
];

export default function MyBusinessReply({ loaderData: { business, review }, actionData }: Route.ComponentProps) {
  const { form, fields, submitting, formProps } = useIntentForm(
    "save",
    replySchema,
    actionData as IntentActionData | undefined,
    { reply: review.reply ?? undefined },
  );
  return (
    <>
      <MemberPageHeader
        title={review.reply ? "Edit your reply" : "Reply to a review"}
        description={`Your reply is public, under the review on the page of ${business.name}. It cannot change or hide the review.`}
      />
      <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,48rem)] gap-6 px-4 py-6 sm:py-10">
        <p>
          <Link to={`/my-businesses/${business.id}/reviews`} className="font-semibold text-brand-800 hover:underline">
            ← Reviews of {business.name}
          </Link>
        </p>
        <figure className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <figcaption className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <Stars rating={review.rating} />
            <span className="font-semibold">{review.author}</span>
            <span className="text-sm text-slate-700">{review.date}</span>
          </figcaption>
          <blockquote className="mt-2 break-words whitespace-pre-line text-slate-800">{review.body}</blockquote>
        </figure>
        <Card className="p-5">
          <Form {...formProps} className="grid gap-5">
            <input type="hidden" name="intent" value="save" />
            <TextareaField
              meta={fields.reply}
              label="Your reply"
              hint={`Text only, up to ${MAX_REPLY_LENGTH.toLocaleString("en-GB")} characters. Thank the reviewer, or explain what you have done about what they found.`}
              rows={6}
              maxLength={MAX_REPLY_LENGTH}
              required
            />
            <FormErrors form={form} />
            <div>
              <Button type="submit" disabled={submitting}>
                {submitting ? "Publishing..." : review.reply ? "Publish changes" : "Publish reply"}
              </Button>
            </div>
          </Form>
        </Card>
        {review.reply ? (
          <Form method="post" className="rounded-xl border border-slate-200 bg-white p-4">
            <input type="hidden" name="intent" value="delete" />
            <p className="mb-3 text-sm text-slate-700">Deleting your reply takes it off the page; the review stays.</p>
            <Button type="submit" variant="outline" size="sm">
              Delete my reply
            </Button>
          </Form>
        ) : null}
      </section>
    </>
  );
}
