import { getFormProps, parse, useForm, type DefaultValue, type Submission } from "@conform-to/react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/lib/toasts";
import type { z } from "zod";
import type { EnquiryActionData } from "~/features/enquiries/enquiry-kinds";
import type * as validatorsModule from "./validators";

type Validators = typeof validatorsModule;
let loading: Promise<Validators> | undefined;
// Read when a form is checked rather than kept in state: a check asked for
// just after they arrive (/sell's Continue) must not wait for a render.
let loaded: Validators | undefined;

/** The checks, loaded once for every form of the page. */
async function checks() {
  loaded = await (loading ??= import("./validators"));
  return loaded;
}

export interface EnquiryToasts {
  /** The spec's success toast (section 8), if the form has one. */
  success?: { title: string; description?: string };
  /** The spec's failure toast: shown when the server could not take the form. */
  failure: { title: string; description?: string };
}

/**
 * One public form: Conform bound to the form's Zod schema, posted through a
 * fetcher so the page (or dialog) stays put. `actionData` is what the route
 * answered a form posted without JavaScript; the fetcher's answer wins when
 * there is one. Success and failure raise the spec's toasts.
 *
 * The checks (validators.ts) load when the form first takes focus. A form
 * sent before they arrive goes to the server as it is, whose answer shows
 * the same messages.
 */
export function useEnquiryForm<Form extends validatorsModule.EnquiryForm>({
  id,
  schema,
  actionData,
  defaultValue,
  toasts,
  onSuccess,
  validate,
}: {
  id: string;
  /** Which form: its schema is the server's. */
  schema: Form;
  actionData?: EnquiryActionData;
  /** What the fields start with (and go back to when it is reset), e.g. a member's own details. */
  defaultValue?: DefaultValue<z.input<Validators["enquirySchemas"][Form]>>;
  toasts: EnquiryToasts;
  onSuccess?: () => void;
  /** Checks other than the whole schema's (a form in steps checks the steps on screen). */
  validate?: (checks: Validators, formData: FormData) => Submission<unknown>;
}) {
  type Schema = Validators["enquirySchemas"][Form];
  const fetcher = useFetcher<EnquiryActionData>({ key: id });
  const answer = fetcher.data ?? actionData;
  const loadChecks = () => {
    if (!loaded) void checks();
  };
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: answer?.result,
    defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      (loaded
        ? (validate ?? ((ready, data) => ready.validateEnquiry(schema, data)))(loaded, formData)
        : parse(formData, { resolve: (value) => ({ value }) })) as Submission<z.output<Schema>>,
  });

  const reply = fetcher.data;
  useEffect(() => {
    if (!reply) return;
    if (reply.outcome === "success") {
      if (toasts.success)
        showToast("success", toasts.success.title, {
          description: toasts.success.description,
        });
      onSuccess?.();
    } else if (reply.outcome === "failed") {
      showToast("error", toasts.failure.title, {
        description: toasts.failure.description,
      });
    } else if (reply.outcome === "refused") {
      // Too many submissions, too large…: the spec's failure title, and why.
      showToast("error", toasts.failure.title, {
        description: reply.result.error?.[""]?.[0],
      });
    }
    // Only a new answer should raise a toast, not a re-render with new callbacks.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reply]);

  return {
    fetcher,
    /** Spread on the fetcher's form, with its `action`. */
    formProps: {
      ...getFormProps(form),
      onFocus: loadChecks,
      method: "post" as const,
      // Our messages, not the browser's bubbles (the server checks anyway).
      noValidate: true,
      // Were the server unreachable, reloading the page's data would fail into
      // the error page; a form whose page shows what was sent reloads it in
      // its onSuccess, once the server has answered.
      defaultShouldRevalidate: false,
    },
    form,
    fields,
    answer,
    checks,
    submitting: fetcher.state === "submitting",
  };
}
