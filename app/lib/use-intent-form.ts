import { getFormProps, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useNavigation } from "react-router";
import type { z } from "zod";

/** What an action answers when one of a page's forms needs fixing: which form, and Conform's result. */
export interface IntentActionData {
  intent: string;
  result: SubmissionResult<string[]>;
}

/**
 * One of a page's several forms, told apart by its `intent`: Conform on the
 * shared schema, showing only its own answer from the action.
 */
export function useIntentForm<Schema extends z.ZodObject>(
  intent: string,
  schema: Schema,
  actionData: IntentActionData | undefined,
  defaultValue?: DefaultValue<z.input<Schema>>,
) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: intent,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    defaultValue,
    shouldValidate: "onBlur",
    // Messages clear while typing, not on blur: a message vanishing as the
    // button is pressed would move the button from under the pointer.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return { form, fields, submitting, formProps: { ...getFormProps(form), method: "post" as const, noValidate: true } };
}
