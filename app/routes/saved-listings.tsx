import { PageHero } from "~/components/layout/page-hero";
import { SignInPrompt } from "~/components/layout/sign-in-prompt";
import type { Route } from "./+types/saved-listings";

export const meta: Route.MetaFunction = () => [{ title: "Saved listings | HBS" }, { name: "robots", content: "noindex" }];

export default function Page() {
  return (
    <>
      <PageHero title="Saved listings">Businesses for sale that you saved to look at again.</PageHero>
      <section className="mx-auto max-w-6xl px-4 py-12">
        <SignInPrompt>Sign in to see the listings you saved.</SignInPrompt>
      </section>
    </>
  );
}
