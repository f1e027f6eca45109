import type { FieldMetadata, FormMetadata } from "@conform-to/react";
import { HoneypotField } from "~/components/forms/honeypot";
import { Button } from "~/components/ui/button";
import { FormErrors, TextField } from "~/components/ui/field";

/** The end of a visitor's form to staff: who sends it, the honeypot, the form's errors and its button. */
export function SenderFields({
  name,
  email,
  form,
  submitting,
  send,
}: {
  name: FieldMetadata<string>;
  email: FieldMetadata<string>;
  form: Pick<FormMetadata, "errors" | "errorId">;
  submitting: boolean;
  /** The button's words: "Send report". */
  send: string;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField meta={name} label="Your name" autoComplete="name" required />
        <TextField meta={email} label="Your email" type="email" inputMode="email" autoComplete="email" required />
      </div>
      <HoneypotField />
      <FormErrors form={form} />
      <div>
        <Button type="submit" disabled={submitting}>
          {submitting ? "Sending..." : send}
        </Button>
      </div>
    </>
  );
}
