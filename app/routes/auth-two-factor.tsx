import { PageHero } from "~/components/layout/page-hero";
import { Card } from "~/components/ui/card";
import { twoFactorAction } from "~/features/account/auth-actions.server";
import { TwoFactorForm } from "~/features/account/components/auth-forms";
import { safeRedirectPath } from "~/lib/links";
import type { Route } from "./+types/auth-two-factor";

// After the password, for a member with two-factor on: Better Auth has set a
// short-lived cookie that the code must come with.
export function loader({ request }: Route.LoaderArgs) {
  return { redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo")) };
}

export const action = (args: Route.ActionArgs) => twoFactorAction(args);

export const meta: Route.MetaFunction = () => [
  { title: "Two-factor authentication | HBS" },
  { name: "robots", content: "noindex" },
];

export default function AuthTwoFactor({ loaderData: { redirectTo }, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Two-factor authentication" />
      <section className="mx-auto max-w-md px-4 py-12">
        <Card className="p-6 sm:p-8">
          <TwoFactorForm actionData={actionData} redirectTo={redirectTo} />
        </Card>
      </section>
    </>
  );
}
