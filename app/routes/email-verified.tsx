import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { Route } from "./+types/email-verified";

// Where the verification e-mail's link ends, through Better Auth, which adds
// `error=…` when the link is not valid.
export function loader({ request }: Route.LoaderArgs) {
  return { failed: new URL(request.url).searchParams.has("error") };
}

export const meta: Route.MetaFunction = () => [
  { title: "E-mail address | HBS" },
  { name: "robots", content: "noindex" },
];

export default function EmailVerified({ loaderData: { failed } }: Route.ComponentProps) {
  return (
    <>
      <PageHero title={failed ? "This link has expired" : "Thank you"} />
      <section className="mx-auto max-w-md px-4 py-12">
        <Card className="grid justify-items-center gap-4 p-8 text-center">
          {failed ? (
            <p className="text-slate-800">
              The link to confirm your e-mail address has expired or was already used. Sign in and choose 'Resend' to
              get a new one.
            </p>
          ) : (
            <>
              <CheckCircle2 aria-hidden className="size-10 text-brand-700" />
              <p className="text-slate-800">Your e-mail address is confirmed.</p>
            </>
          )}
          <Link to="/" className={buttonVariants()}>
            Return to Home
          </Link>
        </Card>
      </section>
    </>
  );
}
