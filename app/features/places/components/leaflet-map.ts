// Leaflet and its stylesheet, in a chunk of their own: the pages import this
// module only when a map is opened (decision 0034), so list pages never carry it.
import L from "leaflet";
import "leaflet/dist/leaflet.css";
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

/** A map of the markers in `element`; returns what removes it. */
export function drawMap(element: HTMLElement, tiles: MapTiles, markers: MapMarker[]): () => void {
  // Scrolling the page must not zoom the map; the keyboard pans (arrows) and zooms (+/−) it.
  const map = L.map(element, { scrollWheelZoom: false, keyboard: true });
  L.tileLayer(tiles.url, { attribution: tiles.attribution, maxZoom: 18 }).addTo(map);
  const icon = L.divIcon({
    className:
      "rounded-full border-2 border-white bg-brand-700 shadow-md ring-1 ring-brand-900 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400",
    iconSize: [20, 20],
    popupAnchor: [0, -8],
  });
  for (const m of markers) {
    // Leaflet makes each marker a focusable button named by its title: Tab reaches it, Enter opens its popup.
    const marker = L.marker([m.latitude, m.longitude], { icon, title: m.title, alt: m.title, keyboard: true });
    if (m.href) marker.bindPopup(popup(m));
    marker.addTo(map);
  }
  if (markers.length === 1) map.setView([markers[0]!.latitude, markers[0]!.longitude], 14);
  else map.fitBounds(L.latLngBounds(markers.map((m) => [m.latitude, m.longitude])), { padding: [24, 24], maxZoom: 15 });
  return () => map.remove();
}

/** Built from elements, not HTML: titles are what sellers and staff typed. */
function popup(m: MapMarker): HTMLElement {
  const box = document.createElement("div");
  const link = document.createElement("a");
  link.href = m.href!;
  link.textContent = m.title;
  link.className = "font-semibold text-brand-800 underline";
  box.append(link);
  if (m.detail) {
    const detail = document.createElement("p");
    detail.textContent = m.detail;
    detail.className = "!m-0 text-slate-700";
    box.append(detail);
  }
  return box;
}
