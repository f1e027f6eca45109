// Leaflet and its stylesheet, in a chunk of their own: the pages import this
// module only when a map is opened (decision 0034), so list pages never carry it.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import Supercluster from "supercluster";
import type { MapTiles } from "../map-tiles.server";

export interface MapMarker {
  latitude: number;
  longitude: number;
  title: string;
  /** The marker's popup links here. */
  href?: string;
  /** A line under the title in the popup, e.g. the town. */
  detail?: string;
}

/** The places of one position: a town's businesses all placed at its centre, say. */
interface Stack {
  latitude: number;
  longitude: number;
  markers: MapMarker[];
}

const MAX_ZOOM = 18;
const focusRing = "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400";
const placeIcon = L.divIcon({
  className: `rounded-full border-2 border-white bg-brand-700 shadow-md ring-1 ring-brand-900 ${focusRing}`,
  iconSize: [20, 20],
  popupAnchor: [0, -8],
});

/**
 * A map of the markers in `element`; returns what removes it. Markers close
 * together at the map's zoom are drawn as one, with their count (decision
 * 0074): pressing it (or Enter) zooms in until they part. Markers that never
 * part (at one position, or a few metres apart) open a list of them instead.
 */
export function drawMap(element: HTMLElement, tiles: MapTiles, markers: MapMarker[]): () => void {
  // Scrolling the page must not zoom the map; the keyboard pans (arrows) and zooms (+/−) it.
  const map = L.map(element, { scrollWheelZoom: false, keyboard: true });
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: MAX_ZOOM }).addTo(map);
  const stacks = stacksOf(markers);
  const index = new Supercluster<{ stack: number; count: number }, { count: number }>({
    // Leaflet's tiles are 256 px: so measured, the radius is in screen pixels.
    extent: 256,
    radius: 48,
    maxZoom: MAX_ZOOM,
    map: (point) => ({ count: point.count }),
    reduce: (sum, point) => {
      sum.count += point.count;
    },
  });
  index.load(
    stacks.map((stack, i) => ({
      type: "Feature" as const,
      geometry: { type: "Point" as const, coordinates: [stack.longitude, stack.latitude] },
      properties: { stack: i, count: stack.markers.length },
    })),
  );
  const layer = L.layerGroup().addTo(map);
  const clusterMarker = (latitude: number, longitude: number, id: number, count: number) => {
    const expansion = index.getClusterExpansionZoom(id);
    if (expansion > MAX_ZOOM) {
      // Closer than the nearest zoom can part: a list, as for one position.
      const leaves = index.getLeaves(id, Infinity).flatMap((leaf) => stacks[leaf.properties.stack]!.markers);
      return countMarker(latitude, longitude, count, `${count} results at one place`).bindPopup(popup(leaves));
    }
    const marker = countMarker(latitude, longitude, count, `${count} results here: zoom in`);
    const expand = () => {
      map.setView([latitude, longitude], expansion);
      // The marker pressed is gone once the map redraws: the keyboard carries on from the map.
      element.focus();
    };
    marker.on("click", expand);
    // Leaflet gives a marker's Enter to its popup only; this one has none.
    marker.on("keypress", (event: L.LeafletKeyboardEvent) => {
      if (event.originalEvent.key === "Enter" || event.originalEvent.key === " ") expand();
    });
    return marker;
  };
  // Drawn again only when the zoom changes: a pan (a popup opening, a marker
  // focused at the edge) keeps the markers, their open popup and the focus.
  let drawnAt: number | null = null;
  const draw = () => {
    const zoom = Math.round(map.getZoom());
    if (zoom === drawnAt) return;
    drawnAt = zoom;
    layer.clearLayers();
    // One page of results is small: all of it, wherever the map is.
    for (const feature of index.getClusters([-180, -85, 180, 85], zoom)) {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      const properties = feature.properties;
      if ("cluster" in properties && properties.cluster) {
        layer.addLayer(clusterMarker(latitude, longitude, properties.cluster_id, properties.count));
        continue;
      }
      const stack = stacks[(properties as { stack: number }).stack]!;
      if (stack.markers.length === 1) {
        const only = stack.markers[0]!;
        // Leaflet makes each marker a focusable button named by its title: Tab reaches it, Enter opens its popup.
        const marker = L.marker([latitude, longitude], {
          icon: placeIcon,
          title: only.title,
          alt: only.title,
          keyboard: true,
        });
        if (only.href) marker.bindPopup(popup([only]));
        layer.addLayer(marker);
      } else {
        const title = `${stack.markers.length} results at one place`;
        layer.addLayer(countMarker(latitude, longitude, stack.markers.length, title).bindPopup(popup(stack.markers)));
      }
    }
  };
  map.on("zoomend", draw);
  if (markers.length === 1) map.setView([markers[0]!.latitude, markers[0]!.longitude], 14);
  else map.fitBounds(L.latLngBounds(markers.map((m) => [m.latitude, m.longitude])), { padding: [24, 24], maxZoom: 15 });
  draw();
  return () => map.remove();
}

/** A marker standing for several results, showing how many. */
function countMarker(latitude: number, longitude: number, count: number, title: string) {
  const icon = L.divIcon({
    className: `rounded-full border-2 border-white bg-brand-800 text-sm font-bold text-white shadow-md ring-1 ring-brand-950 ${focusRing}`,
    // A number, never text someone typed; hidden from screen readers, which hear the marker's title. Centred by
    // the span: Leaflet's own stylesheet makes the marker itself display: block, whatever its classes say.
    html: `<span aria-hidden="true" class="flex size-full items-center justify-center">${count}</span>`,
    iconSize: [34, 34],
    popupAnchor: [0, -14],
  });
  return L.marker([latitude, longitude], { icon, title, alt: title, keyboard: true });
}

function stacksOf(markers: MapMarker[]): Stack[] {
  const byPosition = new Map<string, Stack>();
  for (const marker of markers) {
    const key = `${marker.latitude},${marker.longitude}`;
    const stack = byPosition.get(key) ?? { latitude: marker.latitude, longitude: marker.longitude, markers: [] };
    stack.markers.push(marker);
    byPosition.set(key, stack);
  }
  return [...byPosition.values()];
}

/** Built from elements, not HTML: titles are what sellers and staff typed. One link a result. */
function popup(markers: MapMarker[]): HTMLElement {
  const list = document.createElement("ul");
  list.className = "!m-0 grid gap-2 !p-0";
  for (const m of markers) {
    const item = document.createElement("li");
    item.className = "list-none";
    const name = document.createElement(m.href ? "a" : "strong");
    if (m.href) (name as HTMLAnchorElement).href = m.href;
    name.textContent = m.title;
    name.className = "font-semibold text-brand-800 underline";
    item.append(name);
    if (m.detail) {
      const detail = document.createElement("p");
      detail.textContent = m.detail;
      detail.className = "!m-0 text-slate-700";
      item.append(detail);
    }
    list.append(item);
  }
  return list;
}
