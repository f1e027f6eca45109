import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import type { EnquiryActionData } from "./enquiry-kinds";

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
 */
export function useEnquiryForm<Schema extends z.ZodObject>({
  id,
  schema,
  actionData,
  toasts,
  onSuccess,
}: {
  id: string;
  schema: Schema;
  actionData?: EnquiryActionData;
  toasts: EnquiryToasts;
  onSuccess?: () => void;
}) {
  const fetcher = useFetcher<EnquiryActionData>({ key: id });
  const answer = fetcher.data ?? actionData;
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id,
    lastResult: answer?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });

  const reply = fetcher.data;
  useEffect(() => {
    if (!reply) return;
    if (reply.outcome === "success") {
      if (toasts.success)
        toast.success(toasts.success.title, {
          description: toasts.success.description,
        });
      onSuccess?.();
    } else if (reply.outcome === "failed") {
      toast.error(toasts.failure.title, {
        description: toasts.failure.description,
      });
    } else if (reply.outcome === "refused") {
      // Too many submissions, too large…: the spec's failure title, and why.
      toast.error(toasts.failure.title, {
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
      method: "post" as const,
      // Our messages, not the browser's bubbles (the server checks anyway).
      noValidate: true,
      // Nothing on a page shows enquiries, and were the server unreachable,
      // reloading the page's data would fail into the error page.
      defaultShouldRevalidate: false,
    },
    form,
    fields,
    answer,
    submitting: fetcher.state === "submitting",
  };
}
