import { useEffect, useState, type ComponentProps } from "react";
import type { PlaceMap as PlaceMapComponent } from "./map-view";

type Props = ComponentProps<typeof PlaceMapComponent>;

// The small map of a business or listing page draws nothing before the page
// comes alive, so its code (the button and the Leaflet loader) is fetched
// then, outside the page's first-load JavaScript (decision 0034).
export function PlaceMapOnDemand(props: Props) {
  const [PlaceMap, setPlaceMap] = useState<typeof PlaceMapComponent>();
  useEffect(() => {
    void import("./map-view").then((module) => setPlaceMap(() => module.PlaceMap));
  }, []);
  // Until then, the button's room is kept: 56 px, PlaceMap's mt-4 and its
  // h-10 button, so nothing below moves when it appears (Lighthouse's layout
  // shift). One class: this page's first-load JavaScript is at its budget.
  return PlaceMap ? <PlaceMap {...props} /> : <div className="h-14" />;
}
