import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { recordAudit } from "~/server/audit.server";
import { AdminHeading, DetailList } from "~/features/admin/components/admin-shell";
import { ListingEditor, ListingTransitions } from "~/features/admin/components/listing-editor";
import { idParam, readStaffAction } from "~/features/admin/form.server";
import { listingStatusLabels, listingTransitionLabels, type ListingTransition } from "~/features/admin/labels";
import {
  getListingForReview,
  saveListing,
  setFeatured,
  setUnderOffer,
  transitionListing,
  transitionsFrom,
} from "~/features/admin/listings.server";
import { listingEditSchema, rejectSchema } from "~/features/admin/schemas";
import type { IntentActionData } from "~/lib/use-intent-form";
import { SELL_FORM_LIMITS } from "~/features/marketplace/listing-submission.server";
import { listingViewsTotal } from "~/features/marketplace/listing-views.server";
import { formatLondonDateTime } from "~/lib/dates";
import { ConfidentialForm } from "~/features/marketplace/components/confidential-form";
import { suggestedConfidentialTitle } from "~/features/marketplace/confidential";
import { parseConfidentialForm } from "~/features/marketplace/confidential-rules";
import { ndaSigners, revokeNda, setConfidential } from "~/features/marketplace/confidential.server";
import { NdaSigners } from "~/features/marketplace/components/nda-signers";
import { RevisionReview } from "~/features/selling/components/revision-review";
import { decideRevision, pendingRevisionOf } from "~/features/selling/revisions.server";
import { FiguresCheckPanel } from "~/features/admin/components/figures-check-panel";
import { figuresCheckSchema } from "~/features/selling/evidence";
import { evidenceOf, figuresChecksOf, recordFiguresCheck, type CheckOutcome } from "~/features/selling/evidence.server";
import { db } from "~/server/db.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/listing";

/** The seller's waiting changes, dated for staff. */
async function describedRevision(id: number) {
  const revision = await pendingRevisionOf(id);
  return revision && { ...revision, sentAt: formatLondonDateTime(revision.sentAt) };
}

export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  const found = await getListingForReview(id);
  if (!found) throw data(null, { status: 404 });
  const { listing, submission } = found;
  return {
    listing,
    // Counted by visitor and UK day (decision 0024).
    views: await listingViewsTotal(id),
    // Only a published listing can be under offer (decision 0023).
    underOffer:
      listing.status === "published" ? listing.underOfferAt && formatLondonDateTime(listing.underOfferAt) : undefined,
    transitions: transitionsFrom(listing.status),
    suggestedTitle: suggestedConfidentialTitle(listing),
    ndas: await ndaSigners([id]),
    revision: await describedRevision(id),
    // Decision 0087: the seller's evidence for the figures and the checks made against it.
    evidence: await evidenceOf(id),
    checks: await figuresChecksOf(id),
    submission: submission && {
      ...submission,
      createdAt: formatLondonDateTime(submission.createdAt),
      photos: submission.photos.map((name) => ({
        name,
        url: `/admin/listings/${id}/photos/${name}`,
        published: listing.images.includes(`/uploads/listings/${name}`),
      })),
    },
  };
}

// The edit form carries up to ten new images, many image checkboxes and the key facts.
const EDIT_FORM_LIMITS = { ...SELL_FORM_LIMITS, maxParts: 140 };

export async function action(args: Route.ActionArgs) {
  const sent = await readStaffAction(args, EDIT_FORM_LIMITS);
  if (sent.refused) return sent.refused;
  const { admin, id, intent, formData } = sent;
  if (intent === "confidential") {
    const found = await getListingForReview(id);
    if (!found) throw data(null, { status: 404 });
    const parsed = parseConfidentialForm(formData, found.listing.title);
    if ("errors" in parsed) {
      return data<IntentActionData>({ intent, result: { status: "error", error: parsed.errors } }, { status: 400 });
    }
    await setConfidential(admin, id, parsed.value, null);
    return redirectWithToast(`/admin/listings/${id}`, {
      type: "success",
      title: parsed.value.confidential ? "Listing marked confidential" : "Listing no longer confidential",
    });
  }
  const back = `/admin/listings/${id}`;
  if (intent === "revoke-nda") {
    // Staff withdraw a buyer's access to this listing only: an NDA of another listing is not found here.
    const ndaId = Number(formData.get("ndaId"));
    const nda = (await ndaSigners([id])).find((n) => n.id === ndaId);
    const revoked = nda !== undefined && (await revokeNda(nda.id, null));
    if (revoked) {
      await recordAudit(db(), admin, {
        action: "listing.nda-revoke",
        entityType: "listing",
        entityId: id,
        before: { nda: nda.id, fullName: nda.fullName },
      });
    }
    return redirectWithToast(
      back,
      revoked
        ? { type: "success", title: "Access withdrawn", description: "That buyer now sees only what visitors see." }
        : { type: "error", title: "That is not possible for this listing now", description: "Nothing was changed." },
    );
  }

  if (intent === "save") {
    const submission = parseWithZod(formData, { schema: listingEditSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const saved = await saveListing(admin, id, submission.value);
    if (!saved.ok)
      return data<IntentActionData>(
        { intent, result: submission.reply({ fieldErrors: saved.fieldErrors }) },
        { status: 400 },
      );
    return redirectWithToast(back, { type: "success", title: "Listing saved" });
  }
  if (intent === "figures-check") {
    const submission = parseWithZod(formData, { schema: figuresCheckSchema });
    if (submission.status !== "success") {
      return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
    }
    const outcome = await recordFiguresCheck(admin, id, submission.value);
    if (outcome === "not-found") throw data(null, { status: 404 });
    if (outcome !== "checked") {
      return data<IntentActionData>(
        { intent, result: submission.reply({ formErrors: [checkRefusals[outcome]] }) },
        { status: 400 },
      );
    }
    return redirectWithToast(back, { type: "success", title: "Check recorded", description: "The listing shows it." });
  }
  if (intent === "feature" || intent === "unfeature") {
    await setFeatured(admin, id, intent === "feature");
    return redirectWithToast(back, {
      type: "success",
      title: intent === "feature" ? "Listing featured" : "No longer featured",
    });
  }
  if (intent === "under-offer" || intent === "offer-cleared") {
    await setUnderOffer(admin, id, intent === "under-offer");
    return redirectWithToast(back, {
      type: "success",
      title: intent === "under-offer" ? "Marked under offer" : "No longer under offer",
    });
  }
  if (intent === "revision-approve" || intent === "revision-reject") {
    const revisionId = Number(formData.get("revisionId"));
    let decision: { approve: true } | { approve: false; reason: string } = { approve: true };
    if (intent === "revision-reject") {
      const submission = parseWithZod(formData, { schema: rejectSchema });
      if (submission.status !== "success") {
        return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
      }
      decision = { approve: false, reason: submission.value.reason };
    }
    const decided = Number.isSafeInteger(revisionId) && (await decideRevision(admin, id, revisionId, decision));
    return redirectWithToast(
      back,
      decided
        ? {
            type: "success",
            title: decision.approve ? "Changes approved and published" : "Changes rejected",
            description: "The seller has been e-mailed.",
          }
        : { type: "error", title: "These changes are no longer waiting" },
    );
  }
  if (intent in listingTransitionLabels) {
    const transition = intent as ListingTransition;
    let reason: string | undefined;
    if (transition === "reject" || transition === "withdraw") {
      const submission = parseWithZod(formData, { schema: rejectSchema });
      if (submission.status !== "success") {
        return data<IntentActionData>({ intent, result: submission.reply() }, { status: 400 });
      }
      reason = submission.value.reason;
    }
    const moved = await transitionListing(admin, id, transition, reason);
    return redirectWithToast(
      back,
      moved
        ? {
            type: "success",
            title: `${listingTransitionLabels[transition]}: done`,
            description: "The seller has been e-mailed.",
          }
        : { type: "error", title: "That step is not possible from this listing's status" },
    );
  }
  return data<IntentActionData>(
    { intent, result: { status: "error", error: { "": ["Unknown action"] } } },
    { status: 400 },
  );
}

const checkRefusals: Record<Exclude<CheckOutcome, "checked" | "not-found">, string> = {
  "no-evidence": "The seller has sent no evidence for this listing, so there is nothing to check the figures against.",
  "figure-missing": "The listing does not give a figure you ticked: only figures it shows can be checked.",
};

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.listing.title ?? "Listing"} | HBS back office` },
];

export default function AdminListing({
  loaderData: { listing, transitions, submission, underOffer, views, revision, suggestedTitle, ndas, evidence, checks },
  actionData,
}: Route.ComponentProps) {
  const live = listing.status !== "pending" && listing.status !== "rejected" && listing.status !== "suspended";
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/admin/listings?status=${listing.status}`} className="font-semibold text-brand-800 hover:underline">
          ← {listingStatusLabels[listing.status]}
        </Link>
      </p>
      <AdminHeading title={listing.title}>
        <div className="flex items-center gap-2">
          <Badge variant="outline">{listingStatusLabels[listing.status]}</Badge>
          {listing.featured ? <Badge>Featured</Badge> : null}
          {live ? (
            <Link to={`/buy/${listing.slug}`} className="text-sm font-semibold text-brand-800 hover:underline">
              View on the site
            </Link>
          ) : null}
        </div>
      </AdminHeading>
      {listing.status === "rejected" && listing.rejectionReason ? (
        <p className="mb-6 rounded-md bg-red-50 p-3 text-sm text-red-900">
          <strong>Rejected:</strong> {listing.rejectionReason}
        </p>
      ) : null}
      {listing.status === "withdrawn" && listing.withdrawnByStaffAt ? (
        <p className="mb-6 rounded-md bg-red-50 p-3 text-sm text-red-900">
          <strong>Withdrawn by staff:</strong> {listing.withdrawalReason} The seller cannot republish it; &lsquo;
          {listingTransitionLabels.republish}&rsquo; does.
        </p>
      ) : null}
      {listing.status === "suspended" && listing.statusBeforeSuspension ? (
        <p className="mb-6 rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          <strong>Hidden while its seller&rsquo;s account is suspended.</strong> Restoring{" "}
          <Link to={`/admin/users/${listing.sellerId}`} className="font-semibold underline">
            the account
          </Link>{" "}
          puts it back as {listingStatusLabels[listing.statusBeforeSuspension]}.
        </p>
      ) : null}
      {revision ? (
        <div className="mb-6">
          <RevisionReview revision={revision} actionData={actionData as IntentActionData | undefined} />
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="edit-heading" className="rounded-xl border border-slate-200 bg-white p-6">
          <h2 id="edit-heading" className="mb-4 text-lg font-semibold">
            Details
          </h2>
          <ListingEditor
            listing={listing}
            sellerPhotos={submission?.photos ?? []}
            actionData={actionData as IntentActionData | undefined}
          />
        </section>
        <div className="grid content-start gap-6">
          <section aria-labelledby="status-heading" className="rounded-xl border border-slate-200 bg-white p-6">
            <h2 id="status-heading" className="mb-4 text-lg font-semibold">
              Status
            </h2>
            <ListingTransitions
              transitions={transitions}
              featured={listing.featured}
              canFeature={listing.status === "published"}
              underOffer={underOffer}
              actionData={actionData as IntentActionData | undefined}
            />
            <p className="mt-4 text-sm text-slate-700">
              Views in the last 30 days: <strong>{views.toLocaleString("en-GB")}</strong>
            </p>
          </section>
          <section className="rounded-xl border border-slate-200 bg-white p-6">
            <ConfidentialForm
              listing={listing}
              suggestedTitle={suggestedTitle}
              actionData={actionData as IntentActionData | undefined}
            />
          </section>
          <FiguresCheckPanel
            listingId={listing.id}
            figures={listing}
            checkedAt={listing.figuresCheckedAt}
            files={evidence}
            checks={checks}
            actionData={actionData as IntentActionData | undefined}
          />
          {listing.confidential || ndas.length > 0 ? (
            <section aria-labelledby="ndas-heading" className="rounded-xl border border-slate-200 bg-white p-6">
              <h2 id="ndas-heading" className="mb-4 text-lg font-semibold">
                NDAs accepted
              </h2>
              <NdaSigners ndas={ndas} />
            </section>
          ) : null}
          {submission ? (
            <section
              aria-labelledby="seller-heading"
              className="rounded-xl border border-slate-200 bg-white p-6 text-sm"
            >
              <h2 id="seller-heading" className="mb-4 text-lg font-semibold">
                Seller
              </h2>
              <DetailList
                items={[
                  ["Name", submission.contactName],
                  [
                    "Email",
                    <a key="email" href={`mailto:${submission.contactEmail}`} className="text-brand-800 underline">
                      {submission.contactEmail}
                    </a>,
                  ],
                  ["Phone", submission.contactPhone],
                  ["Submitted", submission.createdAt],
                ]}
              />
              <Link
                to={`/admin/enquiries/${submission.enquiryId}`}
                className="mt-4 inline-block font-semibold text-brand-800 hover:underline"
              >
                The submission as sent
              </Link>
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
