import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "~/components/layout/page-hero";
import { Card } from "~/components/ui/card";
import { enquiryClientAction } from "~/lib/forms/client-action";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import { SELL_FAILURE, SellForm } from "~/features/marketplace/components/sell-form";
import { submitListing } from "~/features/marketplace/listing-submission.server";
import { setUploadProgress } from "~/features/marketplace/upload-progress";
import { categoryPriceGuides } from "~/features/selling/price-guide.server";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/sell";

/** The fair price guide of every category (decision 0086): the figures step shows the chosen one's, with or without JavaScript. */
export async function loader() {
  return { priceGuides: await categoryPriceGuides() };
}

export const action = ({ request, context }: Route.ActionArgs) => submitListing({ request, context });

export async function clientAction(args: Route.ClientActionArgs) {
  const body = await args.request.clone().formData();
  const hasPhotos = body.getAll("photos").some((photo) => photo instanceof File && photo.size > 0);
  if (!hasPhotos) return enquiryClientAction(args, SELL_FAILURE);
  // Photos can take a while on a slow line: send them where progress can be seen.
  setUploadProgress(0);
  try {
    return await enquiryClientAction(
      {
        serverAction: async () => {
          const { postWithProgress } = await import("~/features/marketplace/post-with-progress");
          return (await postWithProgress(args.request.url, body, setUploadProgress)) as EnquiryActionData;
        },
      },
      SELL_FAILURE,
    );
  } finally {
    setUploadProgress(undefined);
  }
}

export const meta: Route.MetaFunction = () => [
  { title: "Sell your business | HBS" },
  {
    name: "description",
    content: "List your halal business for sale with HBS and reach thousands of potential buyers.",
  },
];

const benefits = [
  "Reach thousands of potential buyers",
  "Professional listing presentation",
  "Confidential until you decide",
  "Expert consultation included",
  "Featured listing options available",
];

/**
 * From 1024 px the form, with the pitch and what it costs beside it; on a
 * phone the pitch comes first (decision 0069), never after the Submit button.
 */
export default function Sell({ actionData, loaderData }: Route.ComponentProps) {
  const signedIn = useRootData().user !== null;
  return (
    <>
      <PageHero title="Sell your business">
        Tell us about your business and we'll present it to buyers across the UK.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-3 lg:gap-8 lg:py-12">
        <aside aria-labelledby="why-list-title" className="lg:col-start-3 lg:row-start-1">
          <Card className="bg-brand-50 p-5 lg:p-6">
            <h2 id="why-list-title" className="text-xl font-semibold">
              Why list with HBS?
            </h2>
            <ul className="mt-3 space-y-2 lg:mt-4 lg:space-y-3">
              {benefits.map((benefit) => (
                <li key={benefit} className="flex gap-2">
                  <CheckCircle2 aria-hidden className="mt-0.5 size-5 shrink-0 text-brand-700" />
                  {benefit}
                </li>
              ))}
            </ul>
            <h3 className="mt-5 font-semibold">What it costs</h3>
            {/* What the code charges: nothing for a listing (no payment on /sell, none on a sale); packages are bought on /promote. */}
            <p className="mt-1 text-slate-800">
              Listing your business is free: no fee to list it and no commission when it sells. Promotion is optional
              and paid: see{" "}
              <Link to="/promote" className="font-medium text-brand-800 underline underline-offset-2">
                Promote
              </Link>{" "}
              for its prices.
            </p>
          </Card>
        </aside>
        <section aria-labelledby="sell-form-title" className="lg:col-span-2 lg:col-start-1 lg:row-start-1">
          <Card className="p-5 sm:p-6">
            <h2 id="sell-form-title" className="text-xl font-semibold">
              Your business
            </h2>
            <p className="mt-2 mb-6 text-slate-700">
              Fields marked * are required. Your listing will be reviewed within 24-48 hours.
            </p>
            <SellForm actionData={actionData} signedIn={signedIn} priceGuides={loaderData.priceGuides} />
          </Card>
        </section>
      </div>
    </>
  );
}
