import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/field";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { rejectSchema } from "../schemas";

/**
 * A step staff take with a reason the member is sent: rejecting a
 * submission, a claim or an added business, withdrawing a listing.
 */
export function ReasonForm({
  intent,
  label,
  hint,
  button,
  busyLabel,
  actionData,
  className = "grid gap-3",
}: {
  intent: string;
  label: string;
  hint: string;
  button: string;
  busyLabel: string;
  actionData: IntentActionData | undefined;
  className?: string;
}) {
  const form = useIntentForm(intent, rejectSchema, actionData);
  return (
    <Form {...form.formProps} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <TextareaField meta={form.fields.reason} label={label} hint={hint} rows={3} required />
      <div>
        <Button type="submit" variant="destructive" disabled={form.submitting}>
          {form.submitting ? busyLabel : button}
        </Button>
      </div>
    </Form>
  );
}
