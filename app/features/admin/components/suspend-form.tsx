import type { ReactNode } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { banSchema } from "~/features/admin/schemas";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";

/**
 * Suspending a member, with the reason kept for staff: on their page and on a reported thread.
 * Both post an intent their own action answers with changeUser's ban (decision 0078).
 */
export function SuspendForm({
  intent,
  actionData,
  label,
  children,
  compact = false,
}: {
  intent: string;
  actionData?: IntentActionData;
  label: string;
  /** What suspending does, said before the reason is asked. */
  children?: ReactNode;
  /** Beside other actions: a small button whose long label wraps. */
  compact?: boolean;
}) {
  const { form, fields, formProps, submitting } = useIntentForm(intent, banSchema, actionData);
  return (
    <Form {...formProps} className="grid gap-3">
      <input type="hidden" name="intent" value={intent} />
      {children}
      <TextareaField meta={fields.reason} label="Reason for suspending" hint="Kept for staff." rows={2} required />
      <FormErrors form={form} />
      <div>
        <Button
          type="submit"
          variant="destructive"
          size={compact ? "sm" : "default"}
          className={compact ? "h-auto min-h-9 py-2 text-left whitespace-normal" : undefined}
          disabled={submitting}
        >
          {label}
        </Button>
      </div>
    </Form>
  );
}
