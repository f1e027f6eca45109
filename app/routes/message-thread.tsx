import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { clientIpContext } from "~/context";
import { TextareaField } from "~/components/ui/field";
import { requireUser } from "~/features/account/session.server";
import { MessageList } from "~/features/messages/components/message-list";
import { ReplyForm } from "~/features/messages/components/reply-form";
import { messageSchema, REPLY_REFUSALS, reportSchema, STOPPED_MESSAGING } from "~/features/messages/message-rules";
import { openThread, reply, reportThread, setBlocked } from "~/features/messages/threads.server";
import { OffersPanel } from "~/features/offers/components/offers-panel";
import { isOfferIntent, offerAction } from "~/features/offers/offer-action.server";
import { DEFAULT_OFFER_DAYS } from "~/features/offers/offer-rules";
import { offersPanel } from "~/features/offers/offers.server";
import { addDays, londonDay } from "~/lib/dates";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import { routeId } from "~/lib/route-id";
import type { Route } from "./+types/message-thread";

/** One of the member's threads; anyone else's is a 404, as if it did not exist. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = routeId(params.id);
  const thread = id === null ? null : await openThread(user.id, id);
  if (!thread) throw data(null, { status: 404 });
  return {
    thread,
    offers: (await offersPanel(user.id, thread.id))!,
    defaultExpires: addDays(londonDay(new Date()), DEFAULT_OFFER_DAYS),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  const id = routeId(params.id);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const intent = String(form.get("intent"));
  const back = `/messages/${params.id}`;
  if (id === null) throw data(null, { status: 404 });

  if (isOfferIntent(intent)) return offerAction(user, id, intent, form);
  if (intent === "reply") {
    const submission = parseWithZod(form, { schema: messageSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const outcome = await reply(user, id, submission.value.body);
    if (outcome === "not-found") throw data(null, { status: 404 });
    if (outcome !== "sent") {
      return data<IntentActionData>(
        { intent, result: submission.reply({ formErrors: [REPLY_REFUSALS[outcome]] }) },
        { status: outcome === "rate-limited" ? 429 : 403 },
      );
    }
    return redirectWithToast(back, { type: "success", title: "Message sent" });
  }
  if (intent === "block" || intent === "unblock") {
    if (!(await setBlocked(user.id, id, intent === "block"))) throw data(null, { status: 404 });
    return redirectWithToast(back, {
      type: "success",
      title: intent === "block" ? "Blocked" : "Unblocked",
      description: intent === "block" ? "Neither of you can send messages here now." : undefined,
    });
  }
  if (intent === "report") {
    const submission = parseWithZod(form, { schema: reportSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const reported = await reportThread(user.id, id, submission.value.reason, context.get(clientIpContext));
    if (reported === "not-found") throw data(null, { status: 404 });
    if (reported === "rate-limited") {
      return data<IntentActionData>(
        {
          intent,
          result: {
            status: "error",
            error: { "": ["You have sent a lot of reports just now. Please wait a while and try again."] },
          },
        },
        { status: 429 },
      );
    }
    return redirectWithToast(back, {
      type: "success",
      title: "Reported to HBS",
      description: "Our team will look at this conversation.",
    });
  }
  return data<IntentActionData>(
    { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.thread.listing.title ?? "Conversation"} | Messages | HBS` },
  { name: "robots", content: "noindex" },
];

function ReportForm({ actionData }: { actionData?: IntentActionData }) {
  const report = useIntentForm("report", reportSchema, actionData);
  return (
    <Form {...report.formProps} className="grid gap-3">
      <input type="hidden" name="intent" value="report" />
      <TextareaField meta={report.fields.reason} label="What is wrong?" rows={2} required />
      <div>
        <Button type="submit" variant="outline" size="sm">
          Report to HBS
        </Button>
      </div>
    </Form>
  );
}

export default function MessageThread({
  loaderData: { thread, offers, defaultExpires },
  actionData,
}: Route.ComponentProps) {
  const answer = actionData as IntentActionData | undefined;
  return (
    <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <p>
        <Link to="/messages" className="text-sm font-medium text-brand-800 hover:underline">
          ← Messages
        </Link>
      </p>
      <header>
        <h1 className="text-2xl font-bold tracking-tight">{thread.listing.title}</h1>
        <p className="text-slate-700">
          Conversation with {thread.otherName}
          {thread.listing.status === "published" ? (
            <>
              {" · "}
              <Link to={`/buy/${thread.listing.slug}`} className="text-brand-800 underline">
                See the listing
              </Link>
            </>
          ) : null}
        </p>
      </header>
      <OffersPanel panel={offers} otherName={thread.otherName} actionData={answer} defaultExpires={defaultExpires} />
      <MessageList messages={thread.messages} label={`Messages with ${thread.otherName}`} />
      {thread.stopped ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {STOPPED_MESSAGING} If you think this is a mistake, please{" "}
          <Link to="/contact" className="font-semibold underline underline-offset-4">
            contact us
          </Link>
          .
        </p>
      ) : thread.otherSuspended ? (
        // Decision 0078: said plainly, so that the member knows why the other side went quiet.
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          Messages from {thread.otherName} are hidden while their account is suspended, and you cannot reply until it is
          restored.
        </p>
      ) : thread.blocked ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {thread.iBlocked
            ? `You have blocked ${thread.otherName}: neither of you can send messages here.`
            : "You cannot send messages in this conversation."}
        </p>
      ) : (
        <Card className="p-5">
          <ReplyForm key={thread.messages.length} actionData={answer} />
        </Card>
      )}
      <details className="rounded-xl border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer font-medium text-slate-800">Block or report</summary>
        <div className="mt-4 grid gap-4">
          {thread.canBlock ? (
            <Form method="post">
              <input type="hidden" name="intent" value={thread.iBlocked ? "unblock" : "block"} />
              <Button type="submit" variant="outline" size="sm">
                {thread.iBlocked ? `Unblock ${thread.otherName}` : `Block ${thread.otherName}`}
              </Button>
            </Form>
          ) : null}
          <ReportForm actionData={answer} />
        </div>
      </details>
    </section>
  );
}
