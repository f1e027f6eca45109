import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/form-controls";
import { requireUser } from "~/features/account/session.server";
import { NdaClauses } from "~/features/marketplace/components/nda-clauses";
import { NDA_VERSION } from "~/features/marketplace/confidential";
import { acceptNda, ndaState } from "~/features/marketplace/confidential.server";
import { listingForViewer } from "~/features/marketplace/listings.server";
import { ndaSchema } from "~/features/marketplace/nda-schema";
import { clientIpContext } from "~/context";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/listing-nda";

// A confidential listing's NDA (decision 0033): signed-in buyers only (a
// visitor signs in and comes back here), a plain form that works without
// JavaScript, checked on the server. A link to a listing that is not (or no
// longer) confidential and for sale gets a page that says so.

type Page =
  | { kind: "invalid" }
  | { kind: "open"; slug: string; title: string }
  | { kind: "form" | "revoked"; slug: string; title: string; fullName: string };

async function pageFor(request: Request, slug: string): Promise<{ page: Page; listingId?: number; userId: string }> {
  const user = await requireUser(request);
  const found = await listingForViewer(slug, user);
  if (found.kind !== "found" || !found.row.confidential || found.row.status !== "published") {
    return { page: { kind: "invalid" }, userId: user.id };
  }
  const { listing, row } = found;
  const base = { slug: listing.slug, title: listing.title };
  if (!listing.masked) return { page: { kind: "open", ...base }, userId: user.id };
  const state = await ndaState(user.id, row.id);
  const kind = state === "revoked" ? "revoked" : "form";
  return { page: { kind, ...base, fullName: user.fullName ?? "" }, listingId: row.id, userId: user.id };
}

const statusOf = (page: Page) => (page.kind === "invalid" ? 404 : page.kind === "revoked" ? 403 : 200);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { page } = await pageFor(request, params.slug);
  return data({ page, errors: {} as Record<string, string>, typed: null as string | null }, { status: statusOf(page) });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { page, listingId, userId } = await pageFor(request, params.slug);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  if (page.kind !== "form" || listingId === undefined) {
    return data({ page, errors: {} as Record<string, string>, typed: null }, { status: statusOf(page) });
  }
  const submission = parseWithZod(form, { schema: ndaSchema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries(submission.error ?? {}).map(([field, messages]) => [field, messages?.[0] ?? ""]),
    );
    const typed = form.get("fullName");
    return data({ page, errors, typed: typeof typed === "string" ? typed.slice(0, 100) : "" }, { status: 400 });
  }
  const ip = context.get(clientIpContext);
  const state = await acceptNda({
    listingId,
    userId,
    fullName: submission.value.fullName,
    ipAddress: ip === "unknown" ? null : ip,
    ndaVersion: NDA_VERSION,
  });
  if (state === "revoked") {
    return data(
      { page: { ...page, kind: "revoked" as const }, errors: {} as Record<string, string>, typed: null },
      { status: 403 },
    );
  }
  return redirectWithToast(`/buy/${page.slug}`, {
    type: "success",
    title: "NDA accepted",
    description: "You can now see this business's full details.",
  });
}

export const meta: Route.MetaFunction = () => [
  { title: "Non-disclosure agreement | HBS" },
  { name: "robots", content: "noindex" },
];

export default function ListingNda({ loaderData, actionData }: Route.ComponentProps) {
  // A refused body (malformed, too large) answers with plain text, not this page's data.
  const { page, errors, typed } = actionData && typeof actionData === "object" ? actionData : loaderData;
  if (page.kind === "invalid") {
    return (
      <>
        <PageHero title="This NDA link is not valid">
          The listing does not exist, is not confidential, or is no longer for sale.
        </PageHero>
        <section className="mx-auto max-w-3xl px-4 py-12">
          <Link to="/buy" className={buttonVariants()}>
            Browse businesses for sale
          </Link>
        </section>
      </>
    );
  }
  const back = (
    <Link to={`/buy/${page.slug}`} className={buttonVariants({ variant: "outline" })}>
      Back to the listing
    </Link>
  );
  if (page.kind === "open" || page.kind === "revoked") {
    return (
      <>
        <PageHero title={page.kind === "open" ? "You can see this listing in full" : "Your access was withdrawn"}>
          {page.kind === "open"
            ? "You have accepted this listing's NDA, or it is yours to see."
            : "The seller has withdrawn your access to this listing's details, so it cannot be accepted again."}
        </PageHero>
        <section className="mx-auto max-w-3xl px-4 py-12">{back}</section>
      </>
    );
  }
  const nameError = errors.fullName;
  const agreeError = errors.agree;
  return (
    <>
      <PageHero title="Non-disclosure agreement">{page.title}</PageHero>
      <section className="mx-auto max-w-3xl px-4 py-12">
        <Card className="grid gap-6 p-6">
          <NdaClauses heading="In return for this business's details, I agree that:" />
          <Form method="post" noValidate className="grid gap-4">
            <div className="grid gap-1.5">
              <Label htmlFor="nda-full-name">Your full name</Label>
              <Input
                id="nda-full-name"
                name="fullName"
                autoComplete="name"
                maxLength={100}
                defaultValue={typed ?? page.fullName}
                aria-required
                aria-invalid={nameError ? true : undefined}
                aria-describedby={nameError ? "nda-full-name-error" : undefined}
              />
              {nameError ? (
                <p id="nda-full-name-error" className="text-sm font-medium text-red-700">
                  {nameError}
                </p>
              ) : null}
            </div>
            <div className="grid gap-1.5">
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  name="agree"
                  value="yes"
                  className="mt-1 size-4 accent-brand-700"
                  aria-invalid={agreeError ? true : undefined}
                  aria-describedby={agreeError ? "nda-agree-error" : undefined}
                />
                I accept this non-disclosure agreement
              </label>
              {agreeError ? (
                <p id="nda-agree-error" className="text-sm font-medium text-red-700">
                  {agreeError}
                </p>
              ) : null}
            </div>
            <div className="flex flex-wrap gap-3">
              <Button type="submit">Accept and see the details</Button>
              {back}
            </div>
          </Form>
        </Card>
      </section>
    </>
  );
}
