import { CalendarCheck, Repeat } from "lucide-react";
import { cn } from "~/lib/utils";

/** How a package is paid (`service_package.billing`): every month until cancelled, or once for one month. */
export type PackageBilling = "monthly" | "one_month";

/**
 * What each way of paying means, in the words the plan cards and the buy page
 * share: a recurring plan and a one-off package must be told apart at a
 * glance, since the spec's periods ("per month", "for one month") read alike.
 */
export const billingTerms: Record<PackageBilling, { tag: string; detail: string }> = {
  monthly: { tag: "Monthly subscription", detail: "Renews every month until you cancel." },
  one_month: { tag: "One-off payment", detail: "Covers one month and does not renew." },
};

/** Every price is what the member pays, VAT included (decision 0070). */
export const VAT_NOTE = "Price includes VAT.";

/** The tag that says whether a plan recurs: its own icon and colour for each, so the two never look alike. */
export function BillingTag({ billing, className }: { billing: PackageBilling; className?: string }) {
  const Icon = billing === "monthly" ? Repeat : CalendarCheck;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-md border px-2.5 py-1 text-sm font-semibold",
        billing === "monthly" ? "border-sky-300 bg-sky-50 text-sky-950" : "border-amber-300 bg-amber-50 text-amber-950",
        className,
      )}
    >
      <Icon aria-hidden className="size-4 shrink-0" />
      {billingTerms[billing].tag}
    </span>
  );
}
