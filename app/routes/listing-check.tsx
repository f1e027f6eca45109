import { CheckCircle2 } from "lucide-react";
import { data, Form, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { answerCheckLink, readCheckLink, type CheckAnswer, type CheckLink } from "~/features/selling/lifecycle.server";
import { db } from "~/server/db.server";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import type { Route } from "./+types/listing-check";

// The "Is your listing still available?" e-mail's links (decision 0030). Opening
// one changes nothing (mail scanners open links too); the seller's one press
// on the page does, once, without signing in.

const ANSWERS: CheckAnswer[] = ["confirm", "withdraw"];
const answerOf = (value: unknown): CheckAnswer => ANSWERS.find((a) => a === value) ?? "confirm";
/** Gone links are 410, forged ones 404: either way a page that says what to do. */
const statusOf = (link: CheckLink) => (link.state === "invalid" ? 404 : link.state === "open" ? 200 : 410);

export async function loader({ request, params }: Route.LoaderArgs) {
  const link = await readCheckLink(db(), params.token);
  const answer = answerOf(new URL(request.url).searchParams.get("answer"));
  return data({ link, answer, done: false }, { status: statusOf(link) });
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const answer = answerOf(form.get("answer"));
  const before = await readCheckLink(db(), params.token);
  if (before.state !== "open") return data({ link: before, answer, done: false }, { status: statusOf(before) });
  const link = await answerCheckLink(db(), params.token, answer);
  return data({ link, answer, done: link.state === "open" }, { status: statusOf(link) });
}

export const meta: Route.MetaFunction = () => [
  { title: "Is your listing still available? | HBS" },
  { name: "robots", content: "noindex" },
];

const gone: Record<"invalid" | "used" | "expired", { title: string; text: string }> = {
  invalid: {
    title: "This link is not valid",
    text: "Please use the link exactly as it is in our e-mail, or manage your listing from My listings.",
  },
  used: {
    title: "This link has already been used",
    text: "Each link in our e-mail works once. You can still manage your listing from My listings.",
  },
  expired: {
    title: "This link has expired",
    text: "You can renew or withdraw your listing from My listings at any time.",
  },
};

function Outcome({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card className="grid justify-items-center gap-3 p-8 text-center" role="status">
      <CheckCircle2 aria-hidden className="size-10 text-brand-700" />
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

export default function ListingCheck({ loaderData, actionData }: Route.ComponentProps) {
  // A refused body's answer is plain text, not this page's data: show the link as loaded.
  const { link, answer, done } = actionData && typeof actionData === "object" ? actionData : loaderData;
  const dashboard = (
    <Link to="/my-listings" className={buttonVariants({ variant: "outline", className: "mt-2" })}>
      My listings
    </Link>
  );
  let body: React.ReactNode;
  if (link.state !== "open") {
    body = (
      <Card className="grid justify-items-center gap-3 p-8 text-center">
        <h2 className="text-xl font-semibold">{gone[link.state].title}</h2>
        <p className="max-w-prose text-slate-700">{gone[link.state].text}</p>
        {dashboard}
      </Card>
    );
  } else if (done) {
    body =
      answer === "confirm" ? (
        <Outcome title="Thank you: your listing stays on the market">
          <p className="max-w-prose text-slate-700">
            We will ask again in 60 days.{" "}
            <Link to={`/buy/${link.listing.slug}`} className="text-brand-800 underline">
              See {link.listing.title}
            </Link>
          </p>
        </Outcome>
      ) : (
        <Outcome title="Your listing has been withdrawn">
          <p className="max-w-prose text-slate-700">
            Buyers no longer see {link.listing.title}. You can republish it from My listings.
          </p>
          {dashboard}
        </Outcome>
      );
  } else {
    body = (
      <Card className="grid gap-4 p-8">
        <h2 className="text-xl font-semibold">{link.listing.title}</h2>
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="answer" value={answer} />
          {answer === "confirm" ? (
            <>
              <p className="text-slate-700">
                Is this business still for sale? Confirm it and it stays on the market for another 90 days.
              </p>
              <Button type="submit" className="justify-self-start" autoFocus>
                Yes, it is still available
              </Button>
            </>
          ) : (
            <>
              <p className="text-slate-700">
                Take this business off the market? Buyers will no longer see it; you can republish it from My listings.
              </p>
              <Button type="submit" className="justify-self-start" autoFocus>
                Withdraw my listing
              </Button>
            </>
          )}
        </Form>
        <Link
          to={`?answer=${answer === "confirm" ? "withdraw" : "confirm"}`}
          className="text-sm font-medium text-brand-800 underline"
        >
          {answer === "confirm" ? "No, it has been sold or I want to withdraw it" : "No, it is still available"}
        </Link>
      </Card>
    );
  }
  return (
    <>
      <PageHero title="Is your listing still available?" />
      <section className="mx-auto max-w-2xl px-4 py-12">{body}</section>
    </>
  );
}
