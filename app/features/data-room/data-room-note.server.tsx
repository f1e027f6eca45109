// The listing page's way into its data room (decision 0089), made on the server as the calculator is
// (decision 0085): the listing page's scripts are at their budget, so this is HTML in its data, not code.
import { renderToStaticMarkup } from "react-dom/server";

/** "Data room: N documents … Ask for access", or null when the room is empty. */
export function dataRoomNoteHtml(slug: string, documents: number): string | null {
  if (documents === 0) return null;
  return renderToStaticMarkup(
    <p className="mt-4 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <span className="font-semibold">Data room:</span> {documents} {documents === 1 ? "document" : "documents"} for
      buyers the seller lets in.{" "}
      <a href={`/buy/${slug}/data-room`} className="font-medium text-brand-800 underline">
        Ask for access
      </a>
    </p>,
  );
}
