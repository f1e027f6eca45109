import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { MemberPageHeader } from "~/components/layout/member-page-header";
import { Card } from "~/components/ui/card";
import { ConfidentialForm } from "~/features/marketplace/components/confidential-form";
import { suggestedConfidentialTitle } from "~/features/marketplace/confidential";
import { parseConfidentialForm } from "~/features/marketplace/confidential-rules";
import { setConfidential } from "~/features/marketplace/confidential.server";
import { SellerEditForm } from "~/features/selling/components/seller-edit-form";
import { sellerEditSchema } from "~/features/selling/edit-schema";
import { editOwnListing, sellerCanEdit, type EditOutcome } from "~/features/selling/seller-actions.server";
import { requireOwnListing } from "~/features/selling/seller.server";
import type { IntentActionData } from "~/lib/use-intent-form";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import type { Route } from "./+types/my-listing-edit";

export async function loader({ request, params }: Route.LoaderArgs) {
  const { listing } = await requireOwnListing(request, params.id);
  if (!sellerCanEdit(listing.status)) throw data(null, { status: 404 });
  return { listing, published: listing.status === "published", suggestedTitle: suggestedConfidentialTitle(listing) };
}

const outcomeToast: Record<EditOutcome, { type: "success" | "error"; title: string; description?: string }> = {
  saved: { type: "success", title: "Listing saved", description: "Our team will review it before buyers see it." },
  "sent-for-review": {
    type: "success",
    title: "Changes sent for review",
    description: "Buyers see the published version until our team approves them.",
  },
  unchanged: { type: "success", title: "Nothing has changed" },
  "not-editable": { type: "error", title: "This listing can no longer be edited" },
};

export async function action({ request, params }: Route.ActionArgs) {
  const { user, listing } = await requireOwnListing(request, params.id);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  if (form.get("intent") === "confidential") {
    const parsed = parseConfidentialForm(form, listing.title);
    if ("errors" in parsed) {
      return data<IntentActionData>(
        { intent: "confidential", result: { status: "error", error: parsed.errors } },
        { status: 400 },
      );
    }
    await setConfidential(user, listing.id, parsed.value, user.id);
    return redirectWithToast(`/my-listings/${listing.id}/edit`, {
      type: "success",
      title: parsed.value.confidential ? "Your listing is confidential" : "Your listing is no longer confidential",
    });
  }
  const submission = parseWithZod(form, { schema: sellerEditSchema });
  if (submission.status !== "success") {
    return data<IntentActionData>({ intent: "edit", result: submission.reply() }, { status: 400 });
  }
  const outcome = await editOwnListing(user, listing.id, submission.value);
  if (!outcome) throw data(null, { status: 404 });
  return redirectWithToast("/my-listings", outcomeToast[outcome]);
}

export const meta: Route.MetaFunction = () => [
  { title: "Edit your listing | HBS" },
  { name: "robots", content: "noindex" },
];

export default function MyListingEdit({
  loaderData: { listing, published, suggestedTitle },
  actionData,
}: Route.ComponentProps) {
  return (
    <>
      <MemberPageHeader
        title={`Edit ${listing.title}`}
        description={
          published
            ? "Your listing stays as buyers see it now until our team approves your changes."
            : "Your changes replace what you sent; our team reviews the listing before buyers see it."
        }
      />
      <section className="mx-auto grid max-w-6xl grid-cols-[minmax(0,56rem)] px-4 py-6 sm:py-10">
        <Card className="p-6">
          <SellerEditForm listing={listing} published={published} actionData={actionData as IntentActionData} />
        </Card>
        <Card className="mt-8 p-6">
          <ConfidentialForm
            listing={listing}
            suggestedTitle={suggestedTitle}
            actionData={actionData as IntentActionData}
          />
        </Card>
      </section>
    </>
  );
}
