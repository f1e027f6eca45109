import { PageHero } from "~/components/layout/page-hero";
import type { Route } from "./+types/my-queries";

export const meta: Route.MetaFunction = () => [{ title: "My Queries | HBS" }, { name: "robots", content: "noindex" }];

export default function MyQueries() {
  return (
    <>
      <PageHero title="My Queries" />
      <section className="mx-auto max-w-6xl px-4 py-12">
        <p className="rounded-xl border border-slate-200 bg-white p-8 text-center text-slate-700 shadow-sm">
          Your submitted queries will appear here.
        </p>
      </section>
    </>
  );
}
