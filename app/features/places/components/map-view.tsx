import { MapPin } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { withParams } from "~/lib/list-query";
import { useHydrated } from "~/lib/use-hydrated";
import { cn } from "~/lib/utils";
import type { MapTiles } from "../map-tiles.server";
import type { MapMarker } from "./leaflet-map";

/**
 * A Leaflet map of the markers, drawn in the browser only: Leaflet and its
 * stylesheet are fetched when this first renders (decision 0034).
 */
function LeafletMap({
  tiles,
  markers,
  label,
  className,
}: {
  tiles: MapTiles;
  markers: MapMarker[];
  label: string;
  className?: string;
}) {
  const element = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  // Redrawn only when what is shown changes, not on every render.
  const shown = JSON.stringify([tiles, markers]);
  useEffect(() => {
    let remove: (() => void) | undefined;
    let cancelled = false;
    const [drawnTiles, drawnMarkers] = JSON.parse(shown) as [MapTiles, MapMarker[]];
    import("./leaflet-map").then(
      ({ drawMap }) => {
        if (!cancelled && element.current) remove = drawMap(element.current, drawnTiles, drawnMarkers);
      },
      (error: unknown) => {
        console.error("The map could not load:", error);
        setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      remove?.();
    };
  }, [shown]);
  if (failed) return <p className="text-sm text-slate-700">The map could not load. Every result is in the list.</p>;
  return (
    <div
      ref={element}
      role="region"
      aria-label={label}
      className={cn("z-0 rounded-xl border border-slate-200 bg-slate-100", className)}
    />
  );
}

/** The list page's "Map" view: this page of results as markers whose popups link to each page. */
export function ResultsMap({
  tiles,
  markers,
  shownCount,
}: {
  tiles: MapTiles;
  markers: MapMarker[];
  shownCount: number;
}) {
  const hydrated = useHydrated();
  const missing = shownCount - markers.length;
  return (
    <section aria-label="Map of these results" className="mt-6 grid gap-2">
      {!hydrated ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-700">
          The map needs JavaScript. Every result is in the list below.
        </p>
      ) : markers.length === 0 ? (
        <p className="text-sm text-slate-700">None of these results has a location to show on a map.</p>
      ) : (
        <LeafletMap tiles={tiles} markers={markers} label="Map of this page of results" className="h-[28rem] w-full" />
      )}
      <p className="text-xs text-slate-600">
        {markers.length} of the {shownCount} results on this page are on the map
        {missing > 0 ? `; ${missing} ${missing === 1 ? "has" : "have"} no location` : ""}. Tab to a marker and press
        Enter to open it; arrow keys move the map.
      </p>
    </section>
  );
}

/**
 * A business's or listing's place on a small map, behind a "Show on a map"
 * button: the page stays light, and tiles are fetched only when asked for.
 * Without JavaScript there is nothing to press, and the address says where;
 * the page renders it only once alive (place-map-on-demand.tsx).
 */
export function PlaceMap({ tiles, marker }: { tiles: MapTiles; marker: MapMarker }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4 grid gap-2">
      {open ? (
        <LeafletMap tiles={tiles} markers={[marker]} label={`Map of ${marker.title}`} className="h-64 w-full" />
      ) : (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
          <MapPin aria-hidden />
          Show on a map
        </Button>
      )}
    </div>
  );
}

/** "List" and "Map": links, so the choice is in the query string and works without JavaScript. */
export function ResultsViews({
  params,
  view,
  className,
}: {
  params: URLSearchParams;
  view: "list" | "map";
  className?: string;
}) {
  const link = (to: "list" | "map", text: string) => (
    <Link
      to={withParams(params, { view: to === "map" ? "map" : undefined })}
      aria-current={view === to ? "page" : undefined}
      className={cn(buttonVariants({ variant: view === to ? "default" : "outline", size: "sm" }))}
    >
      {text}
    </Link>
  );
  return (
    <nav aria-label="How to show the results" className={cn("flex gap-2", className)}>
      {link("list", "List")}
      {link("map", "Map")}
    </nav>
  );
}
