// A business placed only at its town's or postcode district's centre
// (decision 0074) says so, where a distance from it would be false.

import type { directoryBusiness } from "~/server/schema";
import { parsePostcode } from "./postcode";

export type PlacedAt = NonNullable<typeof directoryBusiness.$inferSelect.placedAt>;

/** "placed at the centre of Newport", or null when the position is the business's own. */
export function placementNote(place: {
  placedAt: PlacedAt | null;
  town: string;
  postcode: string | null;
}): string | null {
  if (place.placedAt === "town") return `placed at the centre of ${place.town}`;
  if (place.placedAt === "district") {
    return `placed at the centre of ${parsePostcode(place.postcode ?? "")?.outward ?? place.town}`;
  }
  return null;
}

/** A map marker's line under the name: the town, and where the marker is when not at the business. */
export function markerDetail(place: Parameters<typeof placementNote>[0] & { address?: string | null }): string {
  const note = placementNote(place);
  const where = place.address ?? place.town;
  return note ? `${where} (${note}, not at its address)` : where;
}
