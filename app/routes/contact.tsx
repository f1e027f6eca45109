import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { PageHero } from "~/components/layout/page-hero";
import { buttonVariants } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { enquiryClientAction } from "~/lib/forms/client-action";
import { CONTACT_FAILURE, ContactForm } from "~/features/enquiries/components/contact-form";
import { handleEnquiryForm } from "~/features/enquiries/enquiries.server";
import { contactSchema } from "~/features/enquiries/schemas";
import { telHref } from "~/lib/phone";
import { useRootData } from "~/lib/use-root-data";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () => [
  { title: "Contact | HBS" },
  { name: "description", content: "Get in touch with the HBS team by e-mail, phone or message." },
];

export async function action({ request, context }: Route.ActionArgs) {
  return handleEnquiryForm(
    { request, context },
    {
      kind: "contact",
      schema: contactSchema,
      failureMessage: CONTACT_FAILURE,
      prepare: async (fields) => ({ subject: fields.subject, fields }),
    },
  );
}

export const clientAction = (args: Route.ClientActionArgs) => enquiryClientAction(args, CONTACT_FAILURE);

export default function Contact({ actionData }: Route.ComponentProps) {
  const { site } = useRootData();
  return (
    <>
      <PageHero title="Contact">
        Questions about buying, selling or promoting a halal business? We're here to help.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 lg:grid-cols-3">
        <section aria-labelledby="contact-details-title" className="space-y-6">
          <Card className="p-6">
            <h2 id="contact-details-title" className="text-xl font-semibold">
              Contact details
            </h2>
            <ul className="mt-4 space-y-4">
              <li className="flex gap-3">
                <Mail aria-hidden className="size-5 text-brand-700" />
                <a href={`mailto:${site.email}`} className="text-brand-800 underline-offset-4 hover:underline">
                  {site.email}
                </a>
              </li>
              <li className="flex gap-3">
                <Phone aria-hidden className="size-5 text-brand-700" />
                <a href={telHref(site.phone)} className="text-brand-800 underline-offset-4 hover:underline">
                  {site.phone}
                </a>
              </li>
              <li className="flex gap-3">
                <MapPin aria-hidden className="size-5 text-brand-700" />
                {site.address}
              </li>
              <li className="flex gap-3">
                <Clock aria-hidden className="size-5 text-brand-700" />
                Mon-Fri 9am-6pm
              </li>
            </ul>
          </Card>
          <Card className="bg-brand-50 p-6">
            <h2 className="text-xl font-semibold">Need immediate help?</h2>
            <p className="mt-2 text-slate-700">Call us during business hours.</p>
            <a href={telHref(site.phone)} className={buttonVariants({ className: "mt-4" })}>
              <Phone aria-hidden />
              Call now
            </a>
          </Card>
        </section>
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <Card className="p-6">
            <h2 id="contact-form-title" className="text-xl font-semibold">
              Send us a message
            </h2>
            <p className="mt-2 mb-6 text-slate-700">We'll get back to you within 24 hours.</p>
            <ContactForm actionData={actionData} />
          </Card>
        </section>
      </div>
    </>
  );
}
