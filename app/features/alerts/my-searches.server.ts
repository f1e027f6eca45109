// /my-searches' loader and action (decision 0031): a member's own searches only.
import { data } from "react-router";
import { requireUser } from "~/features/account/session.server";
import { formatLondonDateTime } from "~/lib/dates";
import { z } from "~/lib/zod";
import { db } from "~/server/db.server";
import { formOrRefusal, TEXT_FORM_LIMITS } from "~/server/form-data.server";
import { redirectWithToast } from "~/server/toast.server";
import { describeSearch } from "./describe.server";
import { frequencies, frequencyLabels } from "./frequencies";
import { savedSearchSummary } from "./search-summary";
import { deleteSavedSearch, listSavedSearches, setFrequency } from "./saved-searches.server";

export async function mySearches(request: Request) {
  const user = await requireUser(request);
  const searches = await listSavedSearches(db(), user.id);
  return {
    searches: searches.map((search) => ({
      id: search.id,
      name: search.name,
      summary: savedSearchSummary(search.name, describeSearch(search.query)),
      href: `/buy${search.query ? `?${search.query}` : ""}`,
      frequency: search.frequency,
      lastAlert: search.lastAlertAt ? formatLondonDateTime(search.lastAlertAt) : null,
    })),
  };
}

const change = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("frequency"), id: z.coerce.number().int().positive(), frequency: z.enum(frequencies) }),
  z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive() }),
]);

const NOT_FOUND = "That saved search was not found.";

export async function changeMySearch(request: Request) {
  const user = await requireUser(request);
  const form = await formOrRefusal(request, TEXT_FORM_LIMITS);
  if (form instanceof Response) return form;
  const parsed = change.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ error: "Please choose a saved search and what to do with it." }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "delete") {
    if (!(await deleteSavedSearch(db(), user.id, input.id))) return data({ error: NOT_FOUND }, { status: 404 });
    return redirectWithToast("/my-searches", { type: "success", title: "Saved search deleted" });
  }
  if (!(await setFrequency(db(), user.id, input.id, input.frequency))) {
    return data({ error: NOT_FOUND }, { status: 404 });
  }
  return redirectWithToast("/my-searches", {
    type: "success",
    title: "Alerts updated",
    description: frequencyLabels[input.frequency],
  });
}
