import { PageHero } from "~/components/layout/page-hero";
import { SignInPrompt } from "~/components/layout/sign-in-prompt";
import type { Route } from "./+types/my-favorites";

export const meta: Route.MetaFunction = () => [{ title: "My Favourite Halal Businesses | HBS" }, { name: "robots", content: "noindex" }];

export default function Page() {
  return (
    <>
      <PageHero title="My Favourite Halal Businesses">The directory businesses you keep close.</PageHero>
      <section className="mx-auto max-w-6xl px-4 py-12">
        <SignInPrompt>Sign in to see your favourite businesses.</SignInPrompt>
      </section>
    </>
  );
}
