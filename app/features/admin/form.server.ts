import { data } from "react-router";
import { FormBodyError, readFormData, TEXT_FORM_LIMITS, type FormLimits } from "~/server/form-data.server";

/**
 * A back-office form's body, or the answer to send when it cannot be read
 * (too large, wrong type): a 4xx with the reason, never a 500.
 */
export async function readAdminForm(
  request: Request,
  limits: FormLimits = TEXT_FORM_LIMITS,
): Promise<{ formData: FormData; refused?: never } | { refused: ReturnType<typeof refuse>; formData?: never }> {
  try {
    return { formData: await readFormData(request, limits) };
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    return { refused: refuse(error.status, error.message) };
  }
}

/** An answer that refuses a back-office form as a whole, with why. */
export function refuse(status: number, message: string) {
  return data({ result: { status: "error" as const, error: { "": [message] } } }, { status });
}

/** A positive whole number from a route parameter, else a 404. */
export function idParam(value: string | undefined) {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  return id;
}
