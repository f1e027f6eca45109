import { data } from "react-router";
import { idParam } from "~/features/admin/form.server";
import { readWaitingCertificate } from "~/features/directory/certificates.server";
import { privateImageResponse } from "~/server/storage.server";
import type { Route } from "./+types/certificate-photo";

// A certificate photo waiting for staff (decision 0094), private: only staff see it, through here.
export async function loader({ params }: Route.LoaderArgs) {
  const id = idParam(params.id);
  // Stored names are random hex; anything else is not ours.
  if (!/^[a-f0-9]{32}\.webp$/.test(params.name)) throw data(null, { status: 404 });
  const bytes = await readWaitingCertificate(id, params.name);
  if (!bytes) throw data(null, { status: 404 });
  return privateImageResponse(bytes);
}
