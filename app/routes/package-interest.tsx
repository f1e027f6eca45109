import { ArrowLeft, CheckCircle2 } from "lucide-react";
import { data, Link, useFetcher } from "react-router";
import { Card } from "~/components/ui/card";
import { enquiryClientAction } from "~/lib/forms/client-action";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import { handleEnquiryForm } from "~/features/enquiries/enquiries.server";
import { packageInterestSchema } from "~/features/enquiries/schemas";
import {
  PACKAGE_INTEREST_FAILURE,
  PACKAGE_INTEREST_SUCCESS,
  PackageInterestForm,
  packageInterestKey,
  packageInterestTitle,
} from "~/features/packages/package-interest";
import { getPackageBySlug } from "~/features/packages/packages.server";
import type { Route } from "./+types/package-interest";

// The 'Get Started with {plan}' form on a page of its own: where the plan
// cards link before the page is hydrated (or without JavaScript), and the
// action that the dialog posts to.

async function findPackage(slug: string) {
  const found = await getPackageBySlug(slug);
  if (!found) throw data(null, { status: 404 });
  return found;
}

export async function loader({ params }: Route.LoaderArgs) {
  return { plan: await findPackage(params.slug) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const plan = await findPackage(params.slug);
  return handleEnquiryForm(
    { request, context },
    {
      kind: "package_interest",
      schema: packageInterestSchema,
      failureMessage: PACKAGE_INTEREST_FAILURE,
      prepare: async (fields) => ({
        subject: plan.name,
        fields: { packageName: plan.name, packageType: plan.type, ...fields },
      }),
    },
  );
}

export const clientAction = (args: Route.ClientActionArgs) => enquiryClientAction(args, PACKAGE_INTEREST_FAILURE);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${packageInterestTitle(loaderData.plan.name)} | HBS` : "Page not found | HBS" },
  { name: "robots", content: "noindex" },
];

export default function PackageInterest({ loaderData: { plan }, actionData }: Route.ComponentProps) {
  const fetcher = useFetcher<EnquiryActionData>({ key: packageInterestKey(plan.slug) });
  const succeeded = (fetcher.data ?? actionData)?.outcome === "success";
  const back =
    plan.type === "service"
      ? { to: "/services", label: "Optimise your business" }
      : { to: "/promote", label: "Promote your business" };
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <Link to={back.to} className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline">
        <ArrowLeft aria-hidden className="size-4" />
        {back.label}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{packageInterestTitle(plan.name)}</h1>
      <Card className="mt-6 p-6">
        {succeeded ? (
          <div role="status" className="flex flex-col items-center gap-3 text-center">
            <CheckCircle2 aria-hidden className="size-10 text-brand-700" />
            <p className="text-lg font-semibold text-brand-900">{PACKAGE_INTEREST_SUCCESS.title}</p>
            <p className="text-slate-800">{PACKAGE_INTEREST_SUCCESS.description}</p>
          </div>
        ) : (
          <>
            <p className="mb-6 text-slate-700">
              Tell us about your business and we will be in touch to get you started.
            </p>
            <PackageInterestForm slug={plan.slug} actionData={actionData} />
          </>
        )}
      </Card>
    </div>
  );
}
