import { env } from "~/server/env.server";

/** The map's tile source, as the pages that draw a map pass it to the browser (decision 0034). */
export function mapTiles() {
  return { url: env().MAP_TILES_URL, attribution: env().MAP_ATTRIBUTION };
}

export type MapTiles = ReturnType<typeof mapTiles>;
