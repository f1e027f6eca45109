import { routeId } from "~/lib/route-id";
import { data } from "react-router";
import type { SessionUser } from "~/features/account/session.server";
import { FormBodyError, readFormData, TEXT_FORM_LIMITS, type FormLimits } from "~/server/form-data.server";
import { currentAdmin } from "./guard.server";

type Refused = { refused: ReturnType<typeof refuse> };

/** What a back-office form's action works from: who sent it, what it holds and which of the page's actions it asks for. */
export interface StaffForm {
  admin: SessionUser;
  formData: FormData;
  /** The form's `intent`; "null" when it has none, which no action answers to. */
  intent: string;
  refused?: never;
}

/**
 * The member of staff sending a back-office form and the form, or the answer
 * to send when its body cannot be read (too large, wrong type): a 4xx with
 * the reason, never a 500.
 */
export async function readStaffForm(
  { request, context }: { request: Request; context: Parameters<typeof currentAdmin>[0] },
  limits: FormLimits = TEXT_FORM_LIMITS,
): Promise<StaffForm | Refused> {
  const admin = currentAdmin(context);
  try {
    const formData = await readFormData(request, limits);
    return { admin, formData, intent: String(formData.get("intent")) };
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    return { refused: refuse(error.status, error.message) };
  }
}

/** As readStaffForm, on the page of one record: its id from the route, a 404 before the body is read when it is not one. */
export async function readStaffAction(
  args: Parameters<typeof readStaffForm>[0] & { params: { id?: string } },
  limits?: FormLimits,
): Promise<(StaffForm & { id: number }) | Refused> {
  const id = idParam(args.params.id);
  const sent = await readStaffForm(args, limits);
  return sent.refused ? sent : { ...sent, id };
}

/** An answer that refuses a back-office form as a whole, with why. */
export function refuse(status: number, message: string) {
  return data({ result: { status: "error" as const, error: { "": [message] } } }, { status });
}

/** A positive whole number within PostgreSQL's integer from a route parameter, else a 404. */
export function idParam(value: string | undefined) {
  const id = routeId(value);
  if (id === null || id <= 0) throw data(null, { status: 404 });
  return id;
}
