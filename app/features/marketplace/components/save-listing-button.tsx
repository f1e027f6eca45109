import { Bookmark } from "lucide-react";
import { Form, useLocation } from "react-router";
import { useMember } from "~/features/account/use-member";
import { cn } from "~/lib/utils";

/**
 * Save or un-save a listing (spec section 4). Shown only to signed-in
 * members; it posts to the listing's save action, so it works without
 * JavaScript, and the server answers with the spec's toasts.
 */
export function SaveListingButton({ id, slug, title }: { id: number; slug: string; title: string }) {
  const location = useLocation();
  const member = useMember();
  if (!member) return null;
  const saved = member.saved.listingIds.includes(id);
  return (
    <Form method="post" action={`/buy/${slug}/save`} preventScrollReset>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-label={saved ? `Remove ${title} from saved listings` : `Save ${title}`}
        aria-pressed={saved}
        className={cn(
          "grid size-10 place-items-center rounded-full bg-white/95 shadow-md transition-colors hover:text-brand-700",
          saved ? "text-brand-700" : "text-slate-800",
        )}
      >
        <Bookmark aria-hidden className={cn("size-5", saved && "fill-current")} />
      </button>
    </Form>
  );
}
