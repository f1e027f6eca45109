import type { ListingCard } from "~/features/marketplace/listings.server";

/**
 * What the listing dialogs need: a card's fields. Distance is optional so the
 * listing's own page (which has no distance) can open them too. A type-only
 * import of a server module is erased from the client bundle.
 */
export type ListingSummary = Omit<ListingCard, "id" | "distanceKm" | "distanceUnit" | "badges"> &
  Partial<Pick<ListingCard, "distanceKm" | "distanceUnit">>;
