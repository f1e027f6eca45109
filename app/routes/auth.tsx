import { PageHero } from "~/components/layout/page-hero";
import type { Route } from "./+types/auth";

export const meta: Route.MetaFunction = () => [{ title: "Sign in | HBS" }];

export default function Auth() {
  return (
    <>
      <PageHero title="Welcome to HBS">Sign in or create an account to save listings and favourite businesses.</PageHero>
      <section className="mx-auto max-w-md px-4 py-12">
        <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700 shadow-sm">
          Accounts are opening soon.
        </p>
      </section>
    </>
  );
}
