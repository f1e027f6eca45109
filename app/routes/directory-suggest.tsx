import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { Card } from "~/components/ui/card";
import { useMember } from "~/features/account/use-member";
import { SuggestPlaceForm } from "~/features/directory/components/suggest-place-form";
import { placeSuggestionSchema, SUGGESTION_FAILURE } from "~/features/directory/report-schema";
import { handleEnquiryForm } from "~/features/enquiries/enquiries.server";
import { enquiryClientAction } from "~/lib/forms/client-action";
import type { Route } from "./+types/directory-suggest";

export const meta: Route.MetaFunction = () => [
  { title: "Suggest a place | The Halal Directory | HBS" },
  { name: "description", content: "Tell us about a halal business missing from The Halal Directory." },
];

/** A diner's suggestion joins the enquiries queue (decision 0092): stored, then the e-mails. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleEnquiryForm(
    { request, context },
    {
      kind: "place_suggestion",
      schema: placeSuggestionSchema,
      failureMessage: SUGGESTION_FAILURE,
      prepare: async (fields) => ({ subject: `${fields.placeName}, ${fields.where}`, fields }),
    },
  );
}

export const clientAction = (args: Route.ClientActionArgs) => enquiryClientAction(args, SUGGESTION_FAILURE);

export default function DirectorySuggest({ actionData }: Route.ComponentProps) {
  const member = useMember();
  return (
    <>
      <PageHero title="Suggest a place">Know a halal business we are missing? Tell us and we will check it.</PageHero>
      <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
        <Card className="p-6">
          <SuggestPlaceForm actionData={actionData} member={member?.contact} />
        </Card>
        <p className="mt-6 text-sm text-slate-700">
          Is it your own business?{" "}
          <Link to="/halal-network-space/add" className="font-semibold text-brand-800 underline">
            Add it yourself
          </Link>
          , free, or{" "}
          <Link to="/halal-network-space" className="font-semibold text-brand-800 underline">
            find it in the directory
          </Link>{" "}
          and claim it.
        </p>
      </div>
    </>
  );
}
