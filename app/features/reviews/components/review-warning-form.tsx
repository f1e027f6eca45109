import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/form-controls";

/**
 * The back office's warning on a business found buying reviews: shown on its
 * page while set. A plain form of its own, posted to its own route, so it
 * never mixes with the business's edit form.
 */
export function ReviewWarningForm({ businessId, warning }: { businessId: number; warning: string | null }) {
  return (
    <Form
      method="post"
      action={`/admin/directory/${businessId}/review-warning`}
      className="mt-8 grid gap-3 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 className="text-lg font-semibold">Review warning</h2>
      <div className="grid gap-1.5">
        <Label htmlFor="review-warning">Warning shown on the business&rsquo;s page</Label>
        <textarea
          id="review-warning"
          name="warning"
          rows={2}
          maxLength={500}
          defaultValue={warning ?? ""}
          required
          aria-describedby="review-warning-hint"
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand-700 sm:text-sm"
        />
        <p id="review-warning-hint" className="text-sm text-slate-600">
          For a business found buying or arranging reviews, e.g. &ldquo;We found that this business offered rewards for
          reviews, and removed them.&rdquo;
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="set" variant="outline">
          {warning ? "Save the warning" : "Show this warning"}
        </Button>
        {warning ? (
          <Button type="submit" name="intent" value="clear" variant="ghost" formNoValidate>
            Remove the warning
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
