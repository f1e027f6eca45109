import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { PlanGrid } from "~/features/packages/plan-card";
import { listPackages } from "~/features/packages/packages.server";
import { paymentsEnabled } from "~/features/payments/stripe.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/services";

export async function loader() {
  return { plans: await listPackages("service"), canBuy: paymentsEnabled() };
}

export const meta: Route.MetaFunction = () => [
  { title: "Optimise your business | HBS" },
  {
    name: "description",
    content:
      "Monthly plans from HBS to optimise your Google Business Profile, reply to your reviews and win more local customers for your halal business.",
  },
];

export default function Services({ loaderData }: Route.ComponentProps) {
  const { plans, canBuy } = loaderData;
  return (
    <>
      <PageHero title="Optimise your business">
        <p>
          Be easy to find, easy to trust and easy to choose. Our monthly plans keep your Google Business Profile in
          shape, answer your reviews and turn local searches into customers.
        </p>
      </PageHero>

      <section aria-labelledby="plans-heading" className="mx-auto max-w-6xl px-4 py-16">
        <div className="max-w-2xl">
          <h2 id="plans-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Our packages
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Pick the plan that suits your business today. You can move up as you grow.
          </p>
        </div>
        <div className="mt-10">
          <PlanGrid plans={plans} canBuy={canBuy} />
        </div>
      </section>

      <section aria-labelledby="custom-heading" className="bg-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-16 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="custom-heading" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
              Need a custom package?
            </h2>
            <p className="mt-3 text-lg text-slate-700">
              Every business is different. Tell us what you need and we will put together a package that fits your goals
              and your budget.
            </p>
          </div>
          <Link to="/contact" className={cn(buttonVariants({ size: "lg" }), "self-start md:self-center")}>
            Contact us
            <ArrowRight aria-hidden />
          </Link>
        </div>
      </section>

      <section aria-label="Our partner" className="mx-auto max-w-6xl px-4 py-16">
        <div className="flex flex-col items-center gap-4 text-center">
          <p className="text-sm font-semibold tracking-widest text-slate-700 uppercase">In partnership with</p>
          <PartnerLogo />
        </div>
      </section>
    </>
  );
}

/** A shapes-only mark for our Google Business Profile partner: a map pin, a star and a rating bar. */
function PartnerLogo() {
  return (
    <svg
      role="img"
      aria-label="Our Google Business Profile partner"
      viewBox="0 0 200 64"
      className="h-16 w-auto"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x="1" y="1" width="198" height="62" rx="14" fill="#ffffff" stroke="#cbd5e1" strokeWidth="2" />
      {/* Map pin */}
      <path
        d="M40 12c-8.3 0-15 6.5-15 14.6C25 37.5 40 52 40 52s15-14.5 15-25.4C55 18.5 48.3 12 40 12z"
        fill="#047857"
      />
      <circle cx="40" cy="26.5" r="6" fill="#ffffff" />
      {/* Star */}
      <path d="M82 14l3.8 7.7 8.5 1.2-6.1 6 1.4 8.4L82 33.3l-7.6 4 1.4-8.4-6.1-6 8.5-1.2z" fill="#f59e0b" />
      {/* Rating bars */}
      <rect x="104" y="17" width="70" height="7" rx="3.5" fill="#065f46" />
      <rect x="104" y="29" width="54" height="7" rx="3.5" fill="#10b981" />
      <rect x="104" y="41" width="38" height="7" rx="3.5" fill="#fbbf24" />
      <rect x="70" y="44" width="24" height="4" rx="2" fill="#a7f3d0" />
    </svg>
  );
}
