import { Form, Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { listSubscriptions } from "~/features/account/member.server";
import { requireUser } from "~/features/account/session.server";
import { paymentKindLabels, paymentsOf, subscriptionStatusOf } from "~/features/payments/billing.server";
import { customerOf } from "~/features/payments/checkout.server";
import { paymentsEnabled } from "~/features/payments/stripe.server";
import { formatLondonDate } from "~/lib/dates";
import { formatPence } from "~/lib/money";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/my-subscriptions";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const subscriptions = await listSubscriptions(user.id);
  const [payments, customer] = await Promise.all([
    paymentsOf(subscriptions.map((s) => s.id)),
    paymentsEnabled() ? customerOf(user.id) : null,
  ]);
  return {
    // Back from Stripe's checkout: the payment is confirmed by its webhook, maybe a moment later.
    justPaid: new URL(request.url).searchParams.get("checkout") === "success",
    canManageBilling: Boolean(customer),
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      packageName: s.packageName,
      promotes: s.promotes,
      // The spec's labels (section 2).
      typeLabel: s.packageType === "service" ? "Business optimization" : "Promotion",
      status: s.status,
      statusLabel: subscriptionStatusOf(s),
      payments: (payments.get(s.id) ?? []).map((p) => ({
        id: p.id,
        what: paymentKindLabels[p.kind],
        amount: formatPence(p.amountPence),
        when: formatLondonDate(p.occurredAt),
        receiptUrl: p.receiptUrl,
      })),
      price: formatPence(s.pricePence),
      started: formatLondonDate(s.startDate),
      ends: s.endDate ? formatLondonDate(s.endDate) : null,
    })),
  };
}

export const meta: Route.MetaFunction = () => [
  { title: "My subscriptions | HBS" },
  { name: "robots", content: "noindex" },
];

// Active green, cancelled yellow, expired red, anything else grey (spec section 4).
const statusClass: Record<string, string> = {
  active: "bg-green-100 text-green-900",
  cancelled: "bg-yellow-100 text-yellow-900",
  expired: "bg-red-100 text-red-900",
  past_due: "bg-red-100 text-red-900",
  refunded: "bg-red-100 text-red-900",
};

export default function MySubscriptions({
  loaderData: { subscriptions, justPaid, canManageBilling },
}: Route.ComponentProps) {
  return (
    <>
      <MemberPageHeader title="My subscriptions" />
      <section className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
        {justPaid ? (
          <p role="status" className="mb-6 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
            Thank you for your payment. Your package starts as soon as Stripe confirms it, usually within a minute.
          </p>
        ) : null}
        {canManageBilling ? (
          <Form method="post" action="/my-subscriptions/billing" reloadDocument className="mb-6">
            <button type="submit" className={buttonVariants({ variant: "outline" })}>
              Manage billing
            </button>
            <span className="ml-3 text-sm text-slate-700">Cancel a plan or change your card on Stripe.</span>
          </Form>
        ) : null}
        {subscriptions.length === 0 ? (
          <Card className="grid justify-items-center gap-3 p-8 text-center">
            <h2 className="text-xl font-semibold">No subscriptions yet</h2>
            <p className="text-slate-700">Promote your business or optimise it with one of our packages.</p>
            <div className="mt-2 flex flex-wrap justify-center gap-3">
              <Link to="/promote" className={buttonVariants()}>
                Promote your business
              </Link>
              <Link to="/services" className={buttonVariants({ variant: "outline" })}>
                Optimise your business
              </Link>
            </div>
          </Card>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {subscriptions.map((s) => (
              <li key={s.id}>
                <Card className="p-6">
                  <div className="flex items-start justify-between gap-4">
                    <div>
                      <h2 className="text-lg font-semibold">{s.packageName}</h2>
                      {/* Three cards of one package differ by what each promotes. */}
                      {s.promotes ? <p className="text-sm font-semibold text-slate-900">For {s.promotes}</p> : null}
                      <p className="text-sm text-slate-700">{s.typeLabel}</p>
                    </div>
                    <span
                      className={cn(
                        "rounded-full px-3 py-1 text-xs font-semibold capitalize",
                        statusClass[s.status] ?? "bg-slate-100 text-slate-800",
                      )}
                    >
                      {s.statusLabel}
                    </span>
                  </div>
                  <dl className="mt-4 grid grid-cols-3 gap-2 text-sm">
                    <div>
                      <dt className="text-slate-600">Price</dt>
                      <dd className="font-medium">{s.price}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">Started</dt>
                      <dd className="font-medium">{s.started}</dd>
                    </div>
                    {s.ends ? (
                      <div>
                        <dt className="text-slate-600">Ends</dt>
                        <dd className="font-medium">{s.ends}</dd>
                      </div>
                    ) : null}
                  </dl>
                  {s.payments.length ? (
                    <ul className="mt-4 grid gap-1 border-t border-slate-200 pt-3 text-sm" aria-label="Payments">
                      {s.payments.map((p) => (
                        <li key={p.id} className="flex flex-wrap justify-between gap-2">
                          <span>
                            {p.when}: {p.what} {p.amount}
                          </span>
                          {p.receiptUrl ? (
                            <a
                              href={p.receiptUrl}
                              className="font-medium text-brand-800 underline underline-offset-4"
                              rel="noreferrer"
                            >
                              {p.what === "Paid" ? "Receipt" : "Details"}
                              <span className="sr-only">
                                {" "}
                                for {s.packageName}, {p.when}
                              </span>
                            </a>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
