import { Check } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "~/components/ui/dialog";
import { formatPence } from "~/lib/money";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import { BillingTag, billingTerms, VAT_NOTE, type PackageBilling } from "./billing";
import {
  PackageInterestForm,
  packageInterestAction,
  packageInterestKey,
  packageInterestTitle,
} from "./package-interest";

/** What a plan card shows: one row of `listPackages` as the loader sends it. */
export interface PlanCardPlan {
  slug: string;
  name: string;
  subtitle: string | null;
  pricePence: number;
  period: string;
  billing: PackageBilling;
  badge: string | null;
  features: string[];
}

/**
 * One service plan or promotion package: name, price, features and 'Get
 * started'. Plans with a badge ("MOST POPULAR", "Best Choice") are drawn with
 * a stronger border and the badge on the card's top edge. Above the price, a
 * tag says whether it is a monthly subscription or a one-off payment, and
 * under it what that means and that VAT is included (decision 0070).
 */
export function PlanCard({ plan, canBuy = false }: { plan: PlanCardPlan; canBuy?: boolean }) {
  const headingId = `plan-${plan.slug}`;
  const highlighted = Boolean(plan.badge);
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className={cn("relative flex h-full flex-col p-6 sm:p-8", highlighted && "border-2 border-brand-700 shadow-lg")}
    >
      {plan.badge ? (
        <Badge
          variant="accent"
          className="absolute -top-3.5 left-1/2 -translate-x-1/2 px-4 py-1 text-sm tracking-wide whitespace-nowrap shadow-sm"
        >
          {plan.badge}
        </Badge>
      ) : null}

      <h3 id={headingId} className="text-xl font-bold tracking-tight text-brand-900">
        {plan.name}
      </h3>
      {plan.subtitle ? <p className="mt-2 text-slate-700">{plan.subtitle}</p> : null}

      <BillingTag billing={plan.billing} className="mt-6 self-start" />
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-4xl font-extrabold tracking-tight text-slate-900">{formatPence(plan.pricePence)}</span>{" "}
        <span className="text-base text-slate-700">{plan.period}</span>
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {billingTerms[plan.billing].detail} {VAT_NOTE}
      </p>

      <ul className="mt-6 flex-1 space-y-3" aria-label={`What ${plan.name} includes`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-slate-800">
            <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>

      <GetStarted plan={plan} />
      {canBuy ? (
        // Paying online (decision 0026), beside the enquiry for those who want to talk first.
        <Link
          to={`/packages/${plan.slug}/buy`}
          aria-label={`Buy ${plan.name} online`}
          className={cn(buttonVariants({ size: "lg", variant: "outline" }), "mt-3 w-full")}
        >
          Buy online
        </Link>
      ) : null}
    </Card>
  );
}

/**
 * 'Get started': a link to the package's own form page until the page is
 * hydrated (so it works without JavaScript), then a button opening the
 * 'Get Started with {plan}' dialog, which closes and clears on success.
 */
function GetStarted({ plan }: { plan: PlanCardPlan }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<EnquiryActionData>({
    key: packageInterestKey(plan.slug),
  });
  const submitting = fetcher.state === "submitting";
  const className = cn(buttonVariants({ size: "lg" }), "mt-8 w-full");
  const label = `Get started with ${plan.name}`;
  if (!hydrated) {
    return (
      <Link to={packageInterestAction(plan.slug)} aria-label={label} className={className}>
        Get started
      </Link>
    );
  }
  return (
    <Dialog open={open} onOpenChange={(next) => (next || !submitting) && setOpen(next)}>
      <DialogTrigger asChild>
        <Button type="button" size="lg" aria-label={label} className="mt-8 w-full">
          Get started
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{packageInterestTitle(plan.name)}</DialogTitle>
          <DialogDescription>Tell us about your business and we will be in touch to get you started.</DialogDescription>
        </DialogHeader>
        <PackageInterestForm
          slug={plan.slug}
          onSuccess={() => {
            // Closed and cleared: the next opening starts from an empty form.
            fetcher.reset();
            setOpen(false);
          }}
          secondaryAction={
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={submitting}>
                Cancel
              </Button>
            </DialogClose>
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/** The plan cards of a page: one column on phones, three on large screens; `canBuy` when payments are configured. */
export function PlanGrid({ plans, canBuy = false }: { plans: PlanCardPlan[]; canBuy?: boolean }) {
  if (plans.length === 0) {
    return (
      <p className="rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
        Our packages are being updated. Please{" "}
        <Link to="/contact" className="font-semibold text-brand-700 underline underline-offset-4">
          contact us
        </Link>{" "}
        and we will tell you what we can offer.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-x-8 gap-y-12 pt-4 lg:grid-cols-3">
      {plans.map((plan) => (
        <li key={plan.slug}>
          <PlanCard plan={plan} canBuy={canBuy} />
        </li>
      ))}
    </ul>
  );
}
