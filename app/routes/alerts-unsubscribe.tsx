import { CheckCircle2 } from "lucide-react";
import { data, Form, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { readUnsubscribeLink, unsubscribe, type UnsubscribeLink } from "~/features/alerts/unsubscribe.server";
import { db } from "~/server/db.server";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import type { Route } from "./+types/alerts-unsubscribe";

// An alert's unsubscribe link (decision 0031), signed out. Opening it changes
// nothing (mail scanners open links too): the page's button does. A mail
// program's RFC 8058 one-click POST (body "List-Unsubscribe=One-Click") comes
// here too, with no session and from no page of ours: server.ts lets this
// path through the cross-site check, as nothing here needs a session.

/** Forged links are 404; a deleted search's, or one already used, 410: either way a page that says what to do. */
const statusOf = (link: UnsubscribeLink, done = false) =>
  link.state === "invalid" ? 404 : link.state === "deleted" || (link.state === "off" && !done) ? 410 : 200;

export async function loader({ params }: Route.LoaderArgs) {
  const link = await readUnsubscribeLink(db(), params.token);
  return data({ link, done: false }, { status: statusOf(link) });
}

export async function action({ request, params }: Route.ActionArgs) {
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const done = await unsubscribe(db(), params.token);
  const link = await readUnsubscribeLink(db(), params.token);
  return data({ link, done }, { status: statusOf(link, done) });
}

export const meta: Route.MetaFunction = () => [
  { title: "Stop e-mails for a saved search | HBS" },
  { name: "robots", content: "noindex" },
];

const manage = (
  <Link to="/my-searches" className={buttonVariants({ variant: "outline", className: "mt-2" })}>
    Manage my searches
  </Link>
);

export default function AlertsUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { link, done } = actionData && typeof actionData === "object" ? actionData : loaderData;
  let body: React.ReactNode;
  if (link.state === "off") {
    body = (
      <Card className="grid justify-items-center gap-3 p-8 text-center" role="status">
        <CheckCircle2 aria-hidden className="size-10 text-brand-700" />
        <h2 className="text-xl font-semibold">
          {done ? "You will get no more e-mails for this search" : "E-mails for this search are already off"}
        </h2>
        <p className="max-w-prose text-slate-700">
          “{link.search.name}” stays saved. You can turn its e-mails back on from My searches.
        </p>
        {manage}
      </Card>
    );
  } else if (link.state === "open") {
    body = (
      <Card className="grid gap-4 p-8">
        <h2 className="text-xl font-semibold break-words">{link.search.name}</h2>
        <p className="text-slate-700">Stop the e-mails for this saved search? Your other searches are not changed.</p>
        <Form method="post">
          <Button type="submit" autoFocus>
            Stop these e-mails
          </Button>
        </Form>
      </Card>
    );
  } else {
    body = (
      <Card className="grid justify-items-center gap-3 p-8 text-center">
        <h2 className="text-xl font-semibold">
          {link.state === "invalid" ? "This link is not valid" : "This saved search no longer exists"}
        </h2>
        <p className="max-w-prose text-slate-700">
          {link.state === "invalid"
            ? "Please use the link exactly as it is in our e-mail. You can also stop any alert from My searches."
            : "It has been deleted, so we send no e-mails for it. Your other searches are on My searches."}
        </p>
        {manage}
      </Card>
    );
  }
  return (
    <>
      <PageHero title="Saved search e-mails" />
      <section className="mx-auto max-w-2xl px-4 py-12">{body}</section>
    </>
  );
}
