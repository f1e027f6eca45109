import { Heart } from "lucide-react";
import { Form, useLocation } from "react-router";
import { cn } from "~/lib/utils";

/**
 * The heart on a directory card. It posts to the business's favourite action,
 * so it works without JavaScript; the server decides what happens (a visitor
 * is sent to sign in with the spec's 'Authentication Required' toast).
 */
export function FavouriteButton({ slug, name, className }: { slug: string; name: string; className?: string }) {
  const location = useLocation();
  return (
    <Form method="post" action={`/halal-network-space/${slug}/favourite`} className={className}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-label={`Add ${name} to favourites`}
        className={cn(
          "grid size-10 place-items-center rounded-full bg-white/95 text-slate-800 shadow-md transition-colors hover:text-red-600",
        )}
      >
        <Heart aria-hidden className="size-5" />
      </button>
    </Form>
  );
}
