// The thread page's offer forms (decision 0088): each step's form, read and carried out here so
// that the route keeps one line for all of them.
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { IntentActionData } from "~/lib/use-intent-form";
import { redirectWithToast } from "~/server/toast.server";
import { offerDecisionSchema, offerSchema } from "./offer-rules";
import { decideOffer, makeOffer, markUnderOffer, OFFER_REFUSALS, type OfferOutcome } from "./offers.server";

export const OFFER_INTENTS = [
  "offer",
  "offer-counter",
  "offer-accept",
  "offer-decline",
  "offer-withdraw",
  "offer-under-offer",
] as const;
type OfferIntent = (typeof OFFER_INTENTS)[number];
export const isOfferIntent = (intent: string): intent is OfferIntent =>
  (OFFER_INTENTS as readonly string[]).includes(intent);

const DONE: Record<OfferIntent, string> = {
  offer: "Offer sent",
  "offer-counter": "Counter-offer sent",
  "offer-accept": "Offer accepted",
  "offer-decline": "Offer declined",
  "offer-withdraw": "Offer withdrawn",
  "offer-under-offer": "Marked under offer",
};

const refusal = (intent: OfferIntent, message: string, status: number) =>
  data<IntentActionData>({ intent, result: { status: "error", error: { "": [message] } } }, { status });

const STATUS: Partial<Record<OfferOutcome, number>> = { "rate-limited": 429, closed: 409, "open-offer": 409 };

/** Carries out one offer step for a party of the thread; a thread or offer not theirs is a 404. */
export async function offerAction(
  member: { id: string; email: string; fullName?: string | null },
  threadId: number,
  intent: OfferIntent,
  form: FormData,
) {
  const back = `/messages/${threadId}`;
  let outcome: OfferOutcome;
  if (intent === "offer-under-offer") {
    if (!(await markUnderOffer(member, threadId))) throw data(null, { status: 404 });
    return redirectWithToast(back, { type: "success", title: DONE[intent] });
  }
  if (intent === "offer") {
    const submission = parseWithZod(form, { schema: offerSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    outcome = await makeOffer(member, threadId, submission.value);
  } else if (intent === "offer-counter") {
    const submission = parseWithZod(form, { schema: offerSchema.extend(offerDecisionSchema.shape) });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const terms = submission.value;
    outcome = await decideOffer(member, threadId, terms.offerId, { kind: "counter", terms });
  } else {
    const submission = parseWithZod(form, { schema: offerDecisionSchema });
    if (submission.status !== "success") return refusal(intent, "Unknown offer", 400);
    const kind = intent === "offer-accept" ? "accept" : intent === "offer-decline" ? "decline" : "withdraw";
    outcome = await decideOffer(
      member,
      threadId,
      submission.value.offerId,
      kind === "accept" ? { kind, underOffer: submission.value.underOffer === "on" } : { kind },
    );
  }
  if (outcome === "not-found") throw data(null, { status: 404 });
  if (outcome !== "done") return refusal(intent, OFFER_REFUSALS[outcome], STATUS[outcome] ?? 403);
  return redirectWithToast(back, { type: "success", title: DONE[intent] });
}
