import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField, TextField } from "~/components/ui/field";
import { formatLondonDate, formatLondonDateTime } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { offerSchema } from "../offer-rules";
import type { OffersPanel as Panel, ShownOffer } from "../offers.server";

const STATUS_WORDS: Record<ShownOffer["status"], string> = {
  open: "Waiting for an answer",
  accepted: "Accepted",
  declined: "Declined",
  countered: "Countered",
  withdrawn: "Withdrawn",
  expired: "Ran out",
};

/** The offer's last day, as its maker chose it: it ends at midnight after it. */
const lastDay = (offer: ShownOffer) => formatLondonDate(new Date(offer.expiresAt.getTime() - 1));

function OfferTermsForm({
  intent,
  actionData,
  defaultExpires,
  offerId,
  submitLabel,
}: {
  intent: "offer" | "offer-counter";
  actionData?: IntentActionData;
  defaultExpires: string;
  offerId?: number;
  submitLabel: string;
}) {
  const { form, fields, submitting, formProps } = useIntentForm(intent, offerSchema, actionData, {
    expires: defaultExpires,
  });
  return (
    <Form {...formProps} className="mt-3 grid gap-3">
      <input type="hidden" name="intent" value={intent} />
      {offerId ? <input type="hidden" name="offerId" value={offerId} /> : null}
      <TextField meta={fields.amount} label="Amount (£)" inputMode="decimal" autoComplete="off" required />
      <TextareaField
        meta={fields.conditions}
        label="Conditions (optional)"
        hint="For example: subject to the landlord's consent, or to seeing two years' accounts."
        rows={2}
      />
      <TextField
        meta={fields.expires}
        type="date"
        label="Open until the end of"
        hint="Up to 90 days from today."
        required
      />
      <FormErrors form={form} />
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Sending…" : submitLabel}
        </Button>
      </div>
    </Form>
  );
}

function DecisionButton({
  intent,
  offerId,
  label,
  variant = "outline",
}: {
  intent: string;
  offerId: number;
  label: string;
  variant?: "default" | "outline";
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="offerId" value={offerId} />
      <Button type="submit" variant={variant} size="sm">
        {label}
      </Button>
    </Form>
  );
}

function OpenOffer({ panel, otherName, actionData, defaultExpires }: OffersPanelProps & { panel: Panel }) {
  const offer = panel.open!;
  const mine = offer.madeBy === panel.side;
  const counterFailed = actionData?.intent === "offer-counter";
  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50 p-4">
      <p className="text-sm text-slate-700">{mine ? "Your offer" : `Offer from ${otherName}`}</p>
      <p className="text-2xl font-bold text-slate-900">{formatPence(offer.amountPence)}</p>
      <p className="text-sm text-slate-700">Open until the end of {lastDay(offer)}</p>
      {offer.conditions ? (
        <p className="mt-2 whitespace-pre-line wrap-anywhere">Conditions: {offer.conditions}</p>
      ) : null}
      {mine ? (
        <div className="mt-3">
          <DecisionButton intent="offer-withdraw" offerId={offer.id} label="Withdraw this offer" />
        </div>
      ) : (
        <>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <Form method="post" className="grid gap-2">
              <input type="hidden" name="intent" value="offer-accept" />
              <input type="hidden" name="offerId" value={offer.id} />
              {panel.side === "seller" ? (
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="underOffer"
                    defaultChecked={panel.forSale}
                    className="size-4 accent-brand-700"
                  />
                  Mark the listing under offer
                </label>
              ) : null}
              <div>
                <Button type="submit" size="sm">
                  Accept {formatPence(offer.amountPence)}
                </Button>
              </div>
            </Form>
            <DecisionButton intent="offer-decline" offerId={offer.id} label="Decline" />
          </div>
          <details className="mt-3" open={counterFailed}>
            <summary className="cursor-pointer font-medium text-brand-800">Make a counter-offer</summary>
            <OfferTermsForm
              intent="offer-counter"
              offerId={offer.id}
              actionData={actionData}
              defaultExpires={defaultExpires}
              submitLabel="Send counter-offer"
            />
          </details>
        </>
      )}
    </div>
  );
}

interface OffersPanelProps {
  panel: Panel;
  otherName: string;
  actionData?: IntentActionData;
  /** The form's suggested last day, worked out on the server so that both renders agree. */
  defaultExpires: string;
}

/**
 * A thread's offers (decision 0088): the one waiting for an answer with what this member may do about
 * it, the form to make one, and the earlier ones. Plain forms, so it all works without JavaScript.
 */
export function OffersPanel(props: OffersPanelProps) {
  const { panel, otherName, actionData, defaultExpires } = props;
  if (!panel.takesOffers) {
    return panel.side === "buyer" && panel.forSale ? (
      <p className="text-sm text-slate-700">
        HBS looks after this listing for its seller: to make an offer, say it in a message and we will pass it on.
      </p>
    ) : null;
  }
  if (panel.offers.length === 0 && !panel.canOffer) return null;
  const earlier = panel.offers.filter((offer) => offer !== panel.open);
  const refused = actionData?.intent.startsWith("offer-") && actionData.intent !== "offer-counter";
  const refusal = refused ? actionData?.result.error?.[""]?.[0] : undefined;
  return (
    <section aria-labelledby="offers-heading" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="offers-heading" className="text-lg font-semibold">
        Offers
      </h2>
      {refusal ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
          {refusal}
        </p>
      ) : null}
      {panel.open ? <OpenOffer {...props} /> : null}
      {panel.canOffer ? (
        <details open={actionData?.intent === "offer"}>
          <summary className="cursor-pointer font-medium text-brand-800">Make an offer</summary>
          <p className="mt-2 text-sm text-slate-700">
            The seller can accept, decline or counter it. Only the two of you and HBS staff see it.
          </p>
          <OfferTermsForm
            intent="offer"
            actionData={actionData}
            defaultExpires={defaultExpires}
            submitLabel="Send offer"
          />
        </details>
      ) : null}
      {panel.canMarkUnderOffer ? (
        <Form method="post">
          <input type="hidden" name="intent" value="offer-under-offer" />
          <Button type="submit" variant="outline" size="sm">
            Mark the listing under offer
          </Button>
        </Form>
      ) : null}
      {earlier.length > 0 ? (
        <OfferHistory offers={earlier} side={panel.side} otherName={otherName} label="Earlier offers" />
      ) : null}
    </section>
  );
}

/** Every offer of a thread, newest first: the members' earlier ones, or all of them for staff. */
export function OfferHistory({
  offers,
  side,
  otherName,
  label,
}: {
  offers: ShownOffer[];
  /** Whose eyes: a party's, or staff's (null), who see each offer by the side that made it. */
  side: ShownOffer["madeBy"] | null;
  otherName: string;
  label: string;
}) {
  return (
    <ol aria-label={label} className="grid gap-2 text-sm">
      {offers.map((offer) => (
        <li key={offer.id} className="flex flex-wrap justify-between gap-x-3 border-t border-slate-100 pt-2">
          <span>
            <span className="font-semibold">{formatPence(offer.amountPence)}</span>{" "}
            {side === null ? `by the ${offer.madeBy}` : offer.madeBy === side ? "by you" : `by ${otherName}`} ·{" "}
            <time dateTime={offer.createdAt.toISOString()}>{formatLondonDateTime(offer.createdAt)}</time>
          </span>
          <span className="text-slate-700">{STATUS_WORDS[offer.status]}</span>
          {offer.conditions ? (
            <span className="w-full wrap-anywhere text-slate-700">Conditions: {offer.conditions}</span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
