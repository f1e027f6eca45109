import { data } from "react-router";
import { idParam } from "~/features/admin/form.server";
import { readSubmissionDocument } from "~/features/owners/submission-decisions.server";
import { privateImageResponse } from "~/server/storage.server";
import type { Route } from "./+types/submission-document";

// A proof document of an added business (decision 0095), private: only staff see it, through here.
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  // Stored names are content hashes; anything else is not ours.
  if (!/^[a-f0-9]{32}\.webp$/.test(params.name)) throw data(null, { status: 404 });
  const bytes = await readSubmissionDocument(id, params.name);
  if (!bytes) throw data(null, { status: 404 });
  return privateImageResponse(bytes);
}
