import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { Card } from "~/components/ui/card";
import { authPageAction } from "~/features/account/auth-actions.server";
import { ForgotPasswordForm, SignInForm, SignUpForm } from "~/features/account/components/auth-forms";
import { PasskeySignInButton } from "~/features/account/components/passkeys";
import { getSessionUser } from "~/features/account/session.server";
import { safeRedirectPath } from "~/lib/links";
import { cn } from "~/lib/utils";
import type { Route } from "./+types/auth";
import { redirectInside } from "~/server/redirects.server";

const views = ["sign-in", "sign-up", "forgot-password"] as const;
type View = (typeof views)[number];

export async function loader({ request }: Route.LoaderArgs) {
  // The spec: a visitor with a session has nothing to do here.
  if (await getSessionUser(request)) throw redirectInside("/");
  const url = new URL(request.url);
  const tab = url.searchParams.get("tab");
  return {
    view: (views as readonly string[]).includes(tab ?? "") ? (tab as View) : "sign-in",
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), ""),
  };
}

export const action = (args: Route.ActionArgs) => authPageAction(args);

export const meta: Route.MetaFunction = () => [{ title: "Sign in | HBS" }, { name: "robots", content: "noindex" }];

// Tabs are links, so that each view has its own URL and works without JavaScript.
function Tab({ view, current, children }: { view: View; current: View; children: string }) {
  const active = view === current;
  return (
    <Link
      to={`?tab=${view}`}
      replace
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex-1 rounded-md px-4 py-2 text-center text-sm font-semibold",
        active ? "bg-white text-brand-900 shadow-sm" : "text-slate-700 hover:text-brand-800",
      )}
    >
      {children}
    </Link>
  );
}

export default function Auth({ loaderData: { view, redirectTo }, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageHero title="Welcome to HBS">
        Sign in or create an account to save listings and favourite businesses.
      </PageHero>
      <section className="mx-auto max-w-md px-4 py-12">
        <Card className="p-6 sm:p-8">
          {view === "forgot-password" ? (
            <>
              <h2 className="mb-4 text-xl font-semibold">Reset your password</h2>
              <ForgotPasswordForm actionData={actionData} />
            </>
          ) : (
            <>
              <nav aria-label="Sign in or sign up" className="mb-6 flex gap-1 rounded-lg bg-slate-100 p-1">
                <Tab view="sign-in" current={view}>
                  Sign In
                </Tab>
                <Tab view="sign-up" current={view}>
                  Sign Up
                </Tab>
              </nav>
              <h2 className="sr-only">{view === "sign-in" ? "Sign In" : "Sign Up"}</h2>
              {view === "sign-in" ? (
                <>
                  <SignInForm actionData={actionData} redirectTo={redirectTo} />
                  <p className="my-5 flex items-center gap-3 text-sm text-slate-700" aria-hidden>
                    <span className="h-px flex-1 bg-slate-200" />
                    or
                    <span className="h-px flex-1 bg-slate-200" />
                  </p>
                  <PasskeySignInButton redirectTo={redirectTo} />
                </>
              ) : (
                <SignUpForm actionData={actionData} />
              )}
            </>
          )}
        </Card>
      </section>
    </>
  );
}
