import { PageHero } from "~/components/layout/page-hero";
import { SignInPrompt } from "~/components/layout/sign-in-prompt";
import type { Route } from "./+types/my-account";

export const meta: Route.MetaFunction = () => [{ title: "Account settings | HBS" }, { name: "robots", content: "noindex" }];

export default function Page() {
  return (
    <>
      <PageHero title="Account settings">Your profile and how we contact you.</PageHero>
      <section className="mx-auto max-w-6xl px-4 py-12">
        <SignInPrompt>Sign in to see and update your profile.</SignInPrompt>
      </section>
    </>
  );
}
