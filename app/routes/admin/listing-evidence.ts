import { data } from "react-router";
import { idParam } from "~/features/admin/form.server";
import { readEvidence } from "~/features/selling/evidence.server";
import { privateFileResponse } from "~/server/storage.server";
import type { Route } from "./+types/listing-evidence";

// A seller's evidence for their figures (decision 0087), private: staff see it through here, the seller
// through /my-listings/:id/evidence/:name; the back office's layout admits staff only.
export async function loader({ params }: Route.LoaderArgs) {
  const file = await readEvidence(idParam(params.id), params.name);
  if (!file) throw data(null, { status: 404 });
  return privateFileResponse(file.bytes, file.contentType, file.originalName);
}
