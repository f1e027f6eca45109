import { ArrowLeft, Lock } from "lucide-react";
import { data, Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Label, Select } from "~/components/ui/form-controls";
import { requireUser } from "~/features/account/session.server";
import { getBuyablePackage, promotionTargets, startCheckout } from "~/features/payments/checkout.server";
import { BillingTag, billingTerms, VAT_NOTE } from "~/features/packages/billing";
import { paymentsEnabled } from "~/features/payments/stripe.server";
import { formatLondonDate } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import type { Route } from "./+types/package-buy";
import { redirectOutside } from "~/server/redirects.server";

// Paying for a package online (decision 0026): the member confirms the
// package and, for promotion, what it is for; Stripe's hosted checkout takes
// the payment. The 'Get started' enquiry stays for those who want to talk first.

async function findPackage(slug: string) {
  const plan = paymentsEnabled() ? await getBuyablePackage(slug) : null;
  if (!plan) throw data(null, { status: 404 });
  return plan;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const plan = await findPackage(params.slug);
  const user = await requireUser(request);
  return {
    plan: {
      slug: plan.slug,
      name: plan.name,
      type: plan.type,
      price: formatPence(plan.pricePence),
      period: plan.period,
      billing: plan.billing,
    },
    // Each is chosen on purpose (none is picked for the member); one promoted already says until when.
    targets: (plan.type === "promotion" ? await promotionTargets(user.id) : []).map((t) => ({
      value: t.value,
      label: t.promotedUntil ? `${t.label}, promoted until ${formatLondonDate(t.promotedUntil)}` : t.label,
      promoted: t.promotedUntil !== null,
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const plan = await findPackage(params.slug);
  const user = await requireUser(request);
  const chosen = form.get("target");
  const target = typeof chosen === "string" ? chosen : null;
  // Only the package and what it is for are read: the price is ours.
  const outcome = await startCheckout(user, plan, target);
  if (outcome.ok) return redirectOutside(outcome.url, 303);
  // Said with the form, which keeps the choice; Stripe out of reach is an outage, as a failed enquiry is (503).
  return data({ error: outcome.message, target }, { status: outcome.status });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Buy ${loaderData.plan.name} online | HBS` : "Page not found | HBS" },
  { name: "robots", content: "noindex" },
];

export default function PackageBuy({ loaderData: { plan, targets }, actionData }: Route.ComponentProps) {
  const back = plan.type === "service" ? "/services" : "/promote";
  const nothingToPromote = plan.type === "promotion" && targets.length === 0;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Link to={back} className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {plan.type === "service" ? "Optimise your business" : "Promote your business"}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Buy {plan.name} online</h1>
      <Card className="mt-6 grid gap-5 p-6">
        <div>
          {/* The same words as the plan's card (decision 0070): how it is paid, and that VAT is included. */}
          <BillingTag billing={plan.billing} />
          <p className="mt-3 text-lg">
            <span className="font-bold">{plan.price}</span> {plan.period}
          </p>
          <p className="mt-1 text-slate-700">
            {billingTerms[plan.billing].detail} {VAT_NOTE}
          </p>
        </div>
        {nothingToPromote ? (
          <p className="text-slate-800">
            A promotion package is for one of your businesses. You have none on HBS yet:{" "}
            <Link to="/sell" className="font-semibold text-brand-700 underline underline-offset-4">
              list a business for sale
            </Link>
            , or{" "}
            <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-4">
              contact us
            </Link>{" "}
            to have your directory entry linked to your account.
          </p>
        ) : (
          <Form method="post" reloadDocument className="grid gap-4">
            {plan.type === "promotion" ? (
              <div className="grid gap-2">
                <Label htmlFor="target">What to promote</Label>
                <Select
                  id="target"
                  name="target"
                  required
                  defaultValue={actionData?.target ?? ""}
                  aria-invalid={actionData?.error ? true : undefined}
                  aria-describedby={actionData?.error ? "buy-error" : undefined}
                >
                  <option value="">Choose a business or listing</option>
                  {targets.map((t) => (
                    <option key={t.value} value={t.value} disabled={t.promoted}>
                      {t.label}
                    </option>
                  ))}
                </Select>
              </div>
            ) : null}
            {actionData?.error ? (
              <p id="buy-error" role="alert" className="text-sm font-medium text-red-700">
                {actionData.error}
              </p>
            ) : null}
            <p className="flex items-center gap-2 text-sm text-slate-700">
              <Lock aria-hidden className="size-4" />
              You pay on Stripe&rsquo;s secure page; your card details never reach HBS.
            </p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Link to={back} className={buttonVariants({ variant: "outline" })}>
                Cancel
              </Link>
              <Button type="submit">Continue to payment</Button>
            </div>
          </Form>
        )}
      </Card>
    </div>
  );
}
