import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FileField, FormErrors, SelectField, TextField } from "~/components/ui/field";
import { requireUser } from "~/features/account/session.server";
import {
  DOCUMENT_KINDS,
  accessDecisionSchema,
  documentSchema,
  removeDocumentSchema,
} from "~/features/data-room/data-room-rules";
import { addDocument, decideAccess, removeDocument, sellerDataRoom } from "~/features/data-room/data-room.server";
import { formatLondonDate, formatLondonDateTime } from "~/lib/dates";
import { routeId } from "~/lib/route-id";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { MAX_DOCUMENT_BYTES } from "~/server/documents.server";
import { formOrRefusal } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-listing-data-room";

// The seller's data room (decision 0089): their documents, the buyers who asked, and every look.
// Another member's listing is the same 404 as one that does not exist.

const DATA_ROOM_FORM_LIMITS = {
  maxFiles: 1,
  maxFileSize: MAX_DOCUMENT_BYTES,
  maxTotalSize: MAX_DOCUMENT_BYTES + 64 * 1024,
  maxParts: 10,
};

async function ownDataRoom(request: Request, id: string) {
  const user = await requireUser(request);
  const listingId = routeId(id);
  const room = listingId === null ? null : await sellerDataRoom(user.id, listingId);
  if (!room) throw data(null, { status: 404 });
  return { user, room };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { room } = await ownDataRoom(request, params.id);
  return { room };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, room } = await ownDataRoom(request, params.id);
  const listingId = room.listing.id;
  const back = `/my-listings/${listingId}/data-room`;
  const form = await formOrRefusal(request, DATA_ROOM_FORM_LIMITS);
  if (form instanceof Response) return form;
  const intent = String(form.get("intent"));
  if (intent === "upload") {
    const submission = parseWithZod(form, { schema: documentSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply({ hideFields: ["file"] }) }, { status: 400 });
    }
    const added = await addDocument(user.id, listingId, submission.value);
    if (added === null) throw data(null, { status: 404 });
    if ("error" in added) {
      return data<IntentActionData>(
        { intent, result: submission.reply({ fieldErrors: { file: [added.error] }, hideFields: ["file"] }) },
        { status: 400 },
      );
    }
    return redirectWithToast(back, { type: "success", title: "Document added" });
  }
  if (intent === "remove") {
    const submission = parseWithZod(form, { schema: removeDocumentSchema });
    if (submission.status !== "success" || !(await removeDocument(user.id, listingId, submission.value.documentId))) {
      throw data(null, { status: 404 });
    }
    return redirectWithToast(back, { type: "success", title: "Document removed" });
  }
  if (intent === "decide") {
    const submission = parseWithZod(form, { schema: accessDecisionSchema });
    if (submission.status !== "success") throw data(null, { status: 404 });
    const { accessId, decision } = submission.value;
    if (!(await decideAccess(user.id, listingId, accessId, decision))) throw data(null, { status: 404 });
    const title = { admit: "Buyer let in", refuse: "Request refused", withdraw: "Access withdrawn" }[decision];
    return redirectWithToast(back, { type: "success", title });
  }
  return data<IntentActionData>(
    { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Data room | My listings | HBS" },
  { name: "robots", content: "noindex" },
];

const STATUS_WORDS = {
  requested: "Asked",
  admitted: "Let in",
  refused: "Refused",
  withdrawn: "Access withdrawn",
} as const;
const DECISIONS_FROM = {
  requested: [
    ["admit", "Let in"],
    ["refuse", "Refuse"],
  ],
  admitted: [["withdraw", "Withdraw access"]],
  refused: [["admit", "Let in"]],
  withdrawn: [["admit", "Let in again"]],
} as const;

const kilobytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function UploadForm({ actionData }: { actionData?: IntentActionData }) {
  const { form, fields, submitting, formProps } = useIntentForm("upload", documentSchema, actionData);
  return (
    <Form {...formProps} encType="multipart/form-data" className="grid gap-3">
      <input type="hidden" name="intent" value="upload" />
      <SelectField meta={fields.kind} label="What it is" required>
        <option value="">Choose…</option>
        {Object.entries(DOCUMENT_KINDS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <TextField meta={fields.title} label="Title" hint="For example: Accounts to March 2026" required />
      <FileField
        meta={fields.file}
        label="File (PDF, or a photo of the page; up to 10 MB)"
        accept=".pdf,image/jpeg,image/png,image/webp"
      />
      <FormErrors form={form} />
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Adding…" : "Add document"}
        </Button>
      </div>
    </Form>
  );
}

export default function MyListingDataRoom({ loaderData: { room }, actionData }: Route.ComponentProps) {
  const answer = actionData as IntentActionData | undefined;
  return (
    <section className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <p>
        <Link to="/my-listings" className="text-sm font-medium text-brand-800 hover:underline">
          ← My listings
        </Link>
      </p>
      <MemberPageHeader
        title={`Data room: ${room.listing.title}`}
        description="Documents only the buyers you let in can open, after accepting the listing's NDA. Each copy they open carries their name and the date, and you see every look."
        nav={false}
      />
      <Card className="grid gap-4 p-5">
        <h2 className="text-lg font-semibold">Buyers</h2>
        {room.buyers.length === 0 ? (
          <p className="text-slate-700">No buyer has asked yet.</p>
        ) : (
          <ul className="grid gap-3">
            {room.buyers.map((buyer) => (
              <li
                key={buyer.id}
                className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3"
              >
                <span>
                  <span className="font-semibold">{buyer.name}</span> · {STATUS_WORDS[buyer.status]}{" "}
                  {formatLondonDate(buyer.decidedAt ?? buyer.requestedAt)}
                </span>
                <span className="flex gap-2">
                  {DECISIONS_FROM[buyer.status].map(([decision, label]) => (
                    <Form method="post" key={decision}>
                      <input type="hidden" name="intent" value="decide" />
                      <input type="hidden" name="accessId" value={buyer.id} />
                      <input type="hidden" name="decision" value={decision} />
                      <Button type="submit" size="sm" variant={decision === "admit" ? "default" : "outline"}>
                        {label}
                        <span className="sr-only"> ({buyer.name})</span>
                      </Button>
                    </Form>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card className="grid gap-4 p-5">
        <h2 className="text-lg font-semibold">Documents</h2>
        {room.documents.length === 0 ? (
          <p className="text-slate-700">No documents yet.</p>
        ) : (
          <ul className="grid gap-3">
            {room.documents.map((document) => (
              <li
                key={document.id}
                className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-3"
              >
                <span>
                  <a href={`/data-room/${document.id}`} className="font-semibold text-brand-800 underline">
                    {document.title}
                  </a>{" "}
                  · {DOCUMENT_KINDS[document.kind]} · {kilobytes(document.sizeBytes)} · added{" "}
                  {formatLondonDate(document.uploadedAt)}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="documentId" value={document.id} />
                  <Button type="submit" size="sm" variant="outline">
                    Remove<span className="sr-only"> {document.title}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <details open={answer?.intent === "upload"} className="rounded-lg border border-slate-200 p-4">
          <summary className="cursor-pointer font-medium text-brand-800">Add a document</summary>
          <div className="mt-3">
            <UploadForm actionData={answer} />
          </div>
        </details>
      </Card>
      <Card className="grid gap-4 p-5">
        <h2 className="text-lg font-semibold">Who looked</h2>
        {room.activity.length === 0 ? (
          <p className="text-slate-700">Nobody has opened a document yet.</p>
        ) : (
          <ol aria-label="Every view and download" className="grid gap-2 text-sm">
            {room.activity.map((look) => (
              <li key={look.id}>
                <time dateTime={look.at.toISOString()}>{formatLondonDateTime(look.at)}</time> · {look.buyerName}{" "}
                {look.action === "download" ? "downloaded" : "viewed"} “{look.documentTitle}”
              </li>
            ))}
          </ol>
        )}
      </Card>
    </section>
  );
}
