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
  return PlaceMap ? <PlaceMap {...props} /> : null;
}
