import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, TextareaField } from "~/components/ui/field";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";
import { MAX_MESSAGE_LENGTH, messageSchema } from "../message-rules";

/** The reply box under a thread: a plain form, so it works without JavaScript. */
export function ReplyForm({ actionData, label = "Your reply" }: { actionData?: IntentActionData; label?: string }) {
  const { form, fields, submitting, formProps } = useIntentForm("reply", messageSchema, actionData);
  return (
    <Form {...formProps} className="grid gap-3">
      <input type="hidden" name="intent" value="reply" />
      <TextareaField
        meta={fields.body}
        label={label}
        hint={`Text only, up to ${MAX_MESSAGE_LENGTH.toLocaleString("en-GB")} characters.`}
        rows={4}
        required
      />
      <FormErrors form={form} />
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Sending…" : "Send"}
        </Button>
      </div>
    </Form>
  );
}
