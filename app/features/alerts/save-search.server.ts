// /buy's "Save this search" (decision 0031): the filters are the address the form posts to.
import { data } from "react-router";
import { getSessionUser } from "~/features/account/session.server";
import { db } from "~/server/db.server";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import { frequencyLabels } from "./frequencies";
import { createSavedSearch, saveSearchSchema } from "./saved-searches.server";

export async function saveSearch(request: Request) {
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  if (!user) {
    return redirectWithToast(`/auth?${new URLSearchParams({ redirectTo: `/buy${url.search}` })}`, {
      type: "error",
      title: "Sign in required",
      description: "Please sign in to save searches.",
    });
  }
  const parsed = saveSearchSchema.safeParse({ name: form.get("name") ?? undefined, frequency: form.get("frequency") });
  if (!parsed.success) return data({ saveError: parsed.error.issues[0]!.message }, { status: 400 });
  const saved = await createSavedSearch(db(), user.id, { ...parsed.data, search: url.search });
  if (!saved.ok) return data({ saveError: saved.error }, { status: 400 });
  return redirectWithToast("/my-searches", {
    type: "success",
    title: "Search saved",
    description:
      parsed.data.frequency === "off"
        ? `"${parsed.data.name}" is saved, without e-mails.`
        : `We will e-mail you new matches for "${parsed.data.name}": ${frequencyLabels[parsed.data.frequency].toLowerCase()}.`,
  });
}
