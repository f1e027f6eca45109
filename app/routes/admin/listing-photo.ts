import { data } from "react-router";
import { privateImageResponse } from "~/server/storage.server";
import { idParam } from "~/features/admin/form.server";
import { readSubmissionPhoto } from "~/features/admin/listings.server";
import type { Route } from "./+types/listing-photo";

// A seller's photo, private until published: only staff see it, through here.
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  // Stored names are content hashes; anything else is not ours.
  if (!/^[a-f0-9]{32}\.webp$/.test(params.name)) throw data(null, { status: 404 });
  const bytes = await readSubmissionPhoto(id, params.name);
  if (!bytes) throw data(null, { status: 404 });
  return privateImageResponse(bytes);
}
