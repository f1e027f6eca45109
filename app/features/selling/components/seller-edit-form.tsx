import { Form, Link } from "react-router";
import { CategoryOptions } from "~/features/marketplace/components/category-options";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/field";
import { KeyFactsFields } from "~/features/marketplace/components/key-facts-fields";
import { factDefaults, poundsField } from "~/features/marketplace/fact-defaults";
import type { ListingFacts } from "~/features/marketplace/listing-facts";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { sellerEditSchema } from "../edit-schema";

export interface SellerEditableListing extends ListingFacts {
  title: string;
  category: string;
  town: string;
  description: string;
}

/** The seller's own listing, with /sell's fields, rules and messages (contact details and photos aside). */
export function SellerEditForm({
  listing,
  actionData,
  published,
}: {
  listing: SellerEditableListing;
  actionData?: IntentActionData;
  published: boolean;
}) {
  const { form, fields, submitting, formProps } = useIntentForm("edit", sellerEditSchema, actionData, {
    businessName: listing.title,
    category: listing.category,
    location: listing.town,
    askingPrice: poundsField(listing.askingPricePence),
    annualRevenue: poundsField(listing.annualRevenuePence),
    description: listing.description,
    ...factDefaults(listing),
  });
  return (
    <Form {...formProps} className="grid gap-5 sm:grid-cols-2">
      <input type="hidden" name="intent" value="edit" />
      <TextField meta={fields.businessName} label="Business Name" required />
      <SelectField meta={fields.category} label="Category" required>
        <CategoryOptions />
      </SelectField>
      <TextField meta={fields.location} label="Location" hint="Town or city, e.g. Newport" required />
      <div className="hidden sm:block" />
      <TextField meta={fields.askingPrice} label="Asking Price (£)" inputMode="decimal" required />
      <TextField meta={fields.annualRevenue} label="Turnover (£)" inputMode="decimal" required />
      <TextareaField meta={fields.description} label="Description" rows={6} required className="sm:col-span-2" />
      <KeyFactsFields
        fields={fields}
        intro="Buyers see your figures as yours, not checked by HBS. Leave out anything you would rather discuss in person."
      />
      <FormErrors form={form} />
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" disabled={submitting}>
          {submitting ? "Saving…" : published ? "Send changes for review" : "Save changes"}
        </Button>
        <Link to="/my-listings" className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
