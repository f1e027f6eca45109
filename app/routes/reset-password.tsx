import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { Card } from "~/components/ui/card";
import { resetPasswordAction } from "~/features/account/auth-actions.server";
import { ResetPasswordForm } from "~/features/account/components/auth-forms";
import type { Route } from "./+types/reset-password";

// Where the reset e-mail's link lands (through Better Auth, which checks the
// token first and adds it, or `error=INVALID_TOKEN`, to this address).
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { token: url.searchParams.get("token") ?? "", error: url.searchParams.get("error") };
}

export const action = (args: Route.ActionArgs) => resetPasswordAction(args);

export const meta: Route.MetaFunction = () => [
  { title: "Choose a new password | HBS" },
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ loaderData: { token, error }, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Choose a new password" />
      <section className="mx-auto max-w-md px-4 py-12">
        <Card className="p-6 sm:p-8">
          {token && !error ? (
            <ResetPasswordForm token={token} actionData={actionData} />
          ) : (
            <div className="grid gap-4">
              <p role="alert" className="text-slate-800">
                This reset link has expired or has already been used. Please ask for a new one.
              </p>
              <Link to="/auth?tab=forgot-password" className="font-semibold text-brand-800 hover:underline">
                Send a new link
              </Link>
            </div>
          )}
        </Card>
      </section>
    </>
  );
}
