import { data } from "react-router";
import { requireUser } from "~/features/account/session.server";
import { openDocument } from "~/features/data-room/data-room.server";
import { routeId } from "~/lib/route-id";
import type { Route } from "./+types/data-room-document";

// One data-room document (decision 0089): opened in the browser, or with ?download saved as a file.
// Whoever may not have it gets the same 404 as for a document that does not exist.

/** The title as a file name: letters, digits and a few marks; anything else a dash. */
const fileName = (title: string, extension: string) =>
  `${
    title
      .replace(/[^\p{L}\p{N} ._-]+/gu, "-")
      .slice(0, 100)
      .trim() || "document"
  }.${extension}`;

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = routeId(params.documentId);
  const download = new URL(request.url).searchParams.has("download");
  const document = id === null ? null : await openDocument(user, id, download ? "download" : "view");
  if (!document) throw data(null, { status: 404 });
  const name = fileName(document.title, document.extension);
  // An ASCII name for old clients, the real one for the rest (RFC 6266).
  const ascii = name.replace(/[^\x20-\x7e]/g, "-").replace(/"/g, "");
  return new Response(new Uint8Array(document.bytes), {
    headers: {
      "content-type": document.contentType,
      "content-disposition": `${download ? "attachment" : "inline"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
      // Each copy is stamped for one buyer on one day: never kept by a browser or a proxy.
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
