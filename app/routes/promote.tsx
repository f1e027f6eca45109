import { Target, TrendingUp, Users, Zap, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { PlanGrid } from "~/features/packages/plan-card";
import { listPackages } from "~/features/packages/packages.server";
import { PromotionReachSection } from "~/features/packages/promotion-reach";
import { lastMonthsPromotionReach } from "~/features/packages/promotion-reach.server";
import { paymentsEnabled } from "~/features/payments/stripe.server";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/promote";

export async function loader() {
  const [plans, reach] = await Promise.all([listPackages("promotion"), lastMonthsPromotionReach()]);
  return { plans, reach, canBuy: paymentsEnabled() };
}

export const meta: Route.MetaFunction = () => [
  { title: "Promote your business | HBS" },
  {
    name: "description",
    content:
      "Put your halal business in front of customers across the UK with an HBS promotion package: homepage spotlights, social media posts and more.",
  },
];

const benefits: { title: string; text: string; Icon: LucideIcon }[] = [
  {
    title: "Wide reach",
    text: "Show your business to people across the UK who are actively looking for halal food, shops and services.",
    Icon: Users,
  },
  {
    title: "Boost visibility",
    text: "Stand out on the HBS platform and on our social media channels, so customers notice you first.",
    Icon: TrendingUp,
  },
  {
    title: "Target audience",
    text: "Reach a community that already shares your values and is ready to support halal businesses.",
    Icon: Target,
  },
  {
    title: "Quick results",
    text: "Your promotion starts as soon as your package is set up, so new customers can find you straight away.",
    Icon: Zap,
  },
];

export default function Promote({ loaderData }: Route.ComponentProps) {
  const { plans, reach, canBuy } = loaderData;
  return (
    <>
      <PageHero title="Promote your business">
        <p>
          Get your business seen by the UK&rsquo;s halal community. Choose a package and we will showcase you across our
          platform and social media.
        </p>
      </PageHero>

      <section aria-labelledby="packages-heading" className="mx-auto max-w-6xl px-4 py-16">
        <div className="max-w-2xl">
          <h2 id="packages-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Promotion packages
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            From a steady presence on the network to a month in the spotlight, there is a package for every business.
          </p>
        </div>
        <div className="mt-10">
          <PlanGrid plans={plans} canBuy={canBuy} />
        </div>
      </section>

      <PromotionReachSection reach={reach} />

      <section aria-labelledby="benefits-heading" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="benefits-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Why promote with HBS?
          </h2>
          <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {benefits.map(({ title, text, Icon }) => (
              <li key={title}>
                <Card className="h-full p-6">
                  <span className="grid size-12 place-items-center rounded-lg bg-brand-100 text-brand-800">
                    <Icon aria-hidden className="size-6" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                  <p className="mt-2 text-slate-700">{text}</p>
                </Card>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="contact-band-heading" className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-16 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="contact-band-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Ready to grow your business?
            </h2>
            <p className="mt-3 text-lg text-brand-50">
              Not sure which package is right for you? Talk to our team and we will help you choose.
            </p>
          </div>
          <Link
            to="/contact"
            className={cn(buttonVariants({ variant: "accent", size: "lg" }), "self-start md:self-center")}
          >
            Contact us today
          </Link>
        </div>
      </section>
    </>
  );
}
