import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormErrors, TextField } from "~/components/ui/field";
import { clientIpContext } from "~/context";
import { requireUser } from "~/features/account/session.server";
import { DOCUMENT_KINDS } from "~/features/data-room/data-room-rules";
import { buyerDataRoom, requestAccess } from "~/features/data-room/data-room.server";
import { NdaClauses } from "~/features/marketplace/components/nda-clauses";
import { NDA_VERSION } from "~/features/marketplace/confidential";
import { acceptNda } from "~/features/marketplace/confidential.server";
import { listingForViewer } from "~/features/marketplace/listings.server";
import { ndaSchema } from "~/features/marketplace/nda-schema";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectInside } from "~/server/redirects.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/listing-data-room";

// A listing's data room as a buyer finds it (decision 0089): ask for access (accepting the listing's
// NDA on the way, if not yet), wait for the seller, then open its documents. Plain forms and links.

async function roomFor(request: Request, slug: string) {
  const user = await requireUser(request);
  const found = await listingForViewer(slug, user);
  if (found.kind === "moved") throw redirectInside(`/buy/${found.to}/data-room`);
  if (found.kind !== "found") throw data(null, { status: 404 });
  // The seller's own data room is where they run it.
  if (found.row.sellerId === user.id) throw redirectInside(`/my-listings/${found.row.id}/data-room`);
  const room = await buyerDataRoom(user.id, found.row.id);
  return { user, listing: found.listing, listingId: found.row.id, room };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user, listing, room } = await roomFor(request, params.slug);
  return { listing: { slug: listing.slug, title: listing.title }, room, fullName: user.fullName ?? "" };
}

/** With the NDA already accepted, the form is only its button: nothing of the agreement's to check. */
const ASK_ONLY = ndaSchema.partial() as unknown as typeof ndaSchema;

const REFUSED = {
  unavailable: "This data room is not taking requests: the business is not on the market.",
  nda: "Please accept the listing's non-disclosure agreement to ask for access.",
  revoked: "The seller has withdrawn your access to this listing, so its agreement cannot be accepted again.",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, listing, listingId, room } = await roomFor(request, params.slug);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const refuse = (message: keyof typeof REFUSED, status: number) =>
    data<IntentActionData>(
      { intent: "request", result: { status: "error", error: { "": [REFUSED[message]] } } },
      { status },
    );
  if (!room.ndaHeld) {
    const submission = parseWithZod(form, { schema: ndaSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent: "request", result: submission.reply() }, { status: 400 });
    }
    const ip = context.get(clientIpContext);
    const nda = await acceptNda({
      listingId,
      userId: user.id,
      fullName: submission.value.fullName,
      ipAddress: ip === "unknown" ? null : ip,
      ndaVersion: NDA_VERSION,
    });
    if (nda === "revoked") return refuse("revoked", 403);
  }
  const outcome = await requestAccess(user.id, listingId);
  if (outcome !== "requested") return refuse(outcome, 409);
  return redirectWithToast(`/buy/${listing.slug}/data-room`, {
    type: "success",
    title: "Request sent",
    description: "The seller decides who sees their documents. We will show them here once you are let in.",
  });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Data room: ${loaded?.listing.title ?? "listing"} | HBS` },
  { name: "robots", content: "noindex" },
];

function RequestForm({
  ndaHeld,
  fullName,
  actionData,
}: {
  ndaHeld: boolean;
  fullName: string;
  actionData?: IntentActionData;
}) {
  const { form, fields, submitting, formProps } = useIntentForm("request", ndaHeld ? ASK_ONLY : ndaSchema, actionData, {
    fullName,
  });
  const agreeError = fields.agree.errors?.[0];
  return (
    <Form {...formProps} className="grid gap-4">
      {ndaHeld ? null : (
        <>
          <NdaClauses heading="First, the non-disclosure agreement. I agree that:" />
          <TextField meta={fields.fullName} label="Your full name" autoComplete="name" required />
          <div className="grid gap-1.5">
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                name={fields.agree.name}
                value="yes"
                className="mt-1 size-4 accent-brand-700"
                aria-invalid={agreeError ? true : undefined}
                aria-describedby={agreeError ? fields.agree.errorId : undefined}
              />
              I accept this non-disclosure agreement
            </label>
            {agreeError ? (
              <p id={fields.agree.errorId} className="text-sm font-medium text-red-700">
                {agreeError}
              </p>
            ) : null}
          </div>
        </>
      )}
      <FormErrors form={form} />
      <div>
        <Button type="submit" disabled={submitting}>
          {ndaHeld ? "Ask for access" : "Accept and ask for access"}
        </Button>
      </div>
    </Form>
  );
}

export default function ListingDataRoom({ loaderData: { listing, room, fullName }, actionData }: Route.ComponentProps) {
  const answer = actionData as IntentActionData | undefined;
  const admitted = room.status === "admitted" && room.ndaHeld;
  const plural = room.count === 1 ? "document" : "documents";
  return (
    <>
      <PageHero title="Data room">{listing.title}</PageHero>
      <section className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
        <Card className="grid gap-4 p-6">
          {admitted ? (
            <>
              <p className="text-slate-700">
                Each copy you open carries your name and today&apos;s date, and the seller sees what you opened and
                when.
              </p>
              {room.documents.length === 0 ? (
                <p>The seller has not added any documents yet.</p>
              ) : (
                <ul className="grid gap-3">
                  {room.documents.map((document) => (
                    <li
                      key={document.id}
                      className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3"
                    >
                      <span>
                        <span className="font-semibold">{document.title}</span> · {DOCUMENT_KINDS[document.kind]}
                      </span>
                      <span className="flex gap-3 text-sm font-medium">
                        <a href={`/data-room/${document.id}`} className="text-brand-800 underline">
                          View<span className="sr-only"> {document.title}</span>
                        </a>
                        <a href={`/data-room/${document.id}?download`} className="text-brand-800 underline">
                          Download<span className="sr-only"> {document.title}</span>
                        </a>
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          ) : room.status === "requested" ? (
            <p role="status">You have asked for access. The seller has not answered yet.</p>
          ) : room.status === "refused" ? (
            <p role="status">The seller has not let you into this data room.</p>
          ) : room.status === "withdrawn" || room.status === "admitted" ? (
            <p role="status">The seller has withdrawn your access to this data room.</p>
          ) : room.count === 0 ? (
            <p>The seller has not opened a data room for this business.</p>
          ) : (
            <>
              <p>
                The seller keeps {room.count} {plural} here (accounts, the lease, licences, the inventory) for buyers
                they let in.
              </p>
              <RequestForm ndaHeld={room.ndaHeld} fullName={fullName} actionData={answer} />
            </>
          )}
        </Card>
        <div>
          <Link to={`/buy/${listing.slug}`} className={buttonVariants({ variant: "outline" })}>
            Back to the listing
          </Link>
        </div>
      </section>
    </>
  );
}
