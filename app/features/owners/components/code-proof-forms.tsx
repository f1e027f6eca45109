import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";
import { claimCodeSchema, claimEmailSchema } from "~/features/owners/schemas";
import { useIntentForm, type IntentActionData } from "~/lib/use-intent-form";

/**
 * Proof by a code e-mailed to an address at the business's website's domain
 * (decision 0036): asking for the code, and typing it in while it works. A
 * claim's page and an added business's page (decision 0095) post the same
 * intents, "send-code" and "confirm-code".
 */
export function CodeProofForms({
  domain,
  waiting,
  answer,
}: {
  domain: string;
  /** The code sent and still working: where it went and until when. */
  waiting: { to: string | null; until: string | null } | null;
  answer: IntentActionData | undefined;
}) {
  const email = useIntentForm("send-code", claimEmailSchema, answer);
  const code = useIntentForm("confirm-code", claimCodeSchema, answer);
  return (
    <>
      <Form {...email.formProps} className="grid gap-4">
        <input type="hidden" name="intent" value="send-code" />
        <TextField
          meta={email.fields.email}
          label={`Your address at ${domain}`}
          type="email"
          autoComplete="email"
          placeholder={`you@${domain}`}
          required
        />
        <FormErrors form={email.form} />
        <div>
          <Button type="submit" disabled={email.submitting}>
            {waiting ? "Send a new code" : "Send me a code"}
          </Button>
        </div>
      </Form>
      {waiting ? (
        <Form {...code.formProps} className="grid gap-4 border-t border-slate-200 pt-4">
          <input type="hidden" name="intent" value="confirm-code" />
          <TextField
            meta={code.fields.code}
            label="The code from the e-mail"
            hint={`Sent to ${waiting.to ?? "your address"}; it works until ${waiting.until ?? ""}.`}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          <FormErrors form={code.form} />
          <div>
            <Button type="submit" disabled={code.submitting}>
              Confirm the code
            </Button>
          </div>
        </Form>
      ) : null}
    </>
  );
}
