import { Heart } from "lucide-react";
import { Form, useLocation } from "react-router";
import { useMember } from "~/features/account/use-member";
import { cn } from "~/lib/utils";

/**
 * The heart on a directory card. It posts to the business's favourite action,
 * so it works without JavaScript; the server decides what happens: a member's
 * favourite is added or removed, a visitor is sent to sign in with the spec's
 * 'Authentication Required' toast.
 */
export function FavouriteButton({
  id,
  slug,
  name,
  className,
}: {
  id: number;
  slug: string;
  name: string;
  className?: string;
}) {
  const location = useLocation();
  const favourite = useMember()?.saved.businessIds.includes(id) ?? false;
  return (
    <Form method="post" action={`/halal-network-space/${slug}/favourite`} preventScrollReset className={className}>
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        aria-label={favourite ? `Remove ${name} from favourites` : `Add ${name} to favourites`}
        aria-pressed={favourite}
        className={cn(
          "grid size-10 place-items-center rounded-full bg-white/95 shadow-md transition-colors hover:text-red-600",
          favourite ? "text-red-600" : "text-slate-800",
        )}
      >
        <Heart aria-hidden className={cn("size-5", favourite && "fill-current")} />
      </button>
    </Form>
  );
}
