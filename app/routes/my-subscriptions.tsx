import { PageHero } from "~/components/layout/page-hero";
import { SignInPrompt } from "~/components/layout/sign-in-prompt";
import type { Route } from "./+types/my-subscriptions";

export const meta: Route.MetaFunction = () => [{ title: "My subscriptions | HBS" }, { name: "robots", content: "noindex" }];

export default function Page() {
  return (
    <>
      <PageHero title="My subscriptions">The promotion and optimisation packages on your account.</PageHero>
      <section className="mx-auto max-w-6xl px-4 py-12">
        <SignInPrompt>Sign in to see your subscriptions.</SignInPrompt>
      </section>
    </>
  );
}
