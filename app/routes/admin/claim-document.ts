import { data } from "react-router";
import { privateImageResponse } from "~/server/storage.server";
import { idParam } from "~/features/admin/form.server";
import { readClaimDocument } from "~/features/owners/claims.server";
import type { Route } from "./+types/claim-document";

// A claimant's document, private: only staff see it, through here.
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  // Stored names are content hashes; anything else is not ours.
  if (!/^[a-f0-9]{32}\.webp$/.test(params.name)) throw data(null, { status: 404 });
  const bytes = await readClaimDocument(id, params.name);
  if (!bytes) throw data(null, { status: 404 });
  return privateImageResponse(bytes);
}
