import { data } from "react-router";
import { readEvidence } from "~/features/selling/evidence.server";
import { requireOwnListing } from "~/features/selling/seller.server";
import { privateFileResponse } from "~/server/storage.server";
import type { Route } from "./+types/my-listing-evidence-file";

// One file of the seller's own evidence (decision 0087): anyone else's listing, or a file of
// another listing, is the same 404 as one that does not exist.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { listing } = await requireOwnListing(request, params.id);
  const file = await readEvidence(listing.id, params.name);
  if (!file) throw data(null, { status: 404 });
  return privateFileResponse(file.bytes, file.contentType, file.originalName);
}
