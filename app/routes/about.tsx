import { Compass, HeartHandshake, ShieldCheck, Users, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = () => [
  { title: "About us | HBS" },
  {
    name: "description",
    content:
      "HBS is a marketplace, consultancy and promotion network for halal businesses in the UK, founded in 2025. Strictly halal: no alcohol, tobacco or interest.",
  },
];

const values: { title: string; text: string; Icon: LucideIcon }[] = [
  {
    title: "Mission",
    text: "To help halal businesses across the UK start, grow and change hands with confidence, and to make them easy for customers to find.",
    Icon: Compass,
  },
  {
    title: "Community",
    text: "We connect owners, buyers and customers who share the same values, so every business we support strengthens the community around it.",
    Icon: Users,
  },
  {
    title: "Trust",
    text: "We review every listing before it goes live and speak plainly about what we offer, so you always know where you stand.",
    Icon: ShieldCheck,
  },
  {
    title: "Commitment",
    text: "We stay with you from the first conversation to the final handover, and we hold ourselves to strictly halal standards throughout.",
    Icon: HeartHandshake,
  },
];

const stats = [
  { value: "100+", label: "Active users" },
  { value: "10+", label: "Businesses sold" },
  { value: "10+", label: "Years experience" },
  { value: "92%", label: "Success rate" },
];

export default function About() {
  return (
    <>
      <PageHero title="About">
        <p>
          HBS brings together the UK&rsquo;s halal businesses and the people who value them: a place to buy, sell, grow
          and be found.
        </p>
      </PageHero>

      <section aria-labelledby="story-heading" className="mx-auto max-w-6xl px-4 py-16">
        <div className="max-w-3xl">
          <h2 id="story-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Our story
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            HBS was founded in 2025 as a marketplace, consultancy and promotion network for halal businesses in the
            United Kingdom. We help owners sell their businesses to the right buyers, help buyers find a business they
            can believe in, and help established businesses reach more customers. Everything we do is strictly halal: we
            do not work with businesses involving alcohol, tobacco or interest.
          </p>
          <p className="mt-4 text-lg leading-relaxed text-slate-700">
            The company is new, but the experience behind it is not. Our team brings more than ten years of hands-on
            experience in buying, selling and growing businesses, and we put all of it to work for our community.
          </p>
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-white">
        <div className="mx-auto max-w-6xl px-4 py-16">
          <h2 id="values-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            What we stand for
          </h2>
          <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map(({ title, text, Icon }) => (
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

      <section aria-labelledby="stats-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="stats-heading" className="text-3xl font-bold tracking-tight text-slate-900">
          HBS in numbers
        </h2>
        <dl className="mt-10 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm"
            >
              <dt className="mt-2 text-sm font-medium text-slate-700 sm:text-base">{stat.label}</dt>
              <dd className="text-4xl font-extrabold tracking-tight text-brand-800 sm:text-5xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="cta-heading" className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-16 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="cta-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
              Ready to take the next step?
            </h2>
            <p className="mt-3 text-lg text-brand-50">
              Whether you are looking for your next business or ready to pass yours on, we are here to help.
            </p>
          </div>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to="/buy" className={buttonVariants({ variant: "accent", size: "lg" })}>
              Buy a business
            </Link>
            <Link to="/sell" className={buttonVariants({ variant: "inverse", size: "lg" })}>
              Sell a business
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
