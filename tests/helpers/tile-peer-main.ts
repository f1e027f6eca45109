// The tile stand-in as a process of its own, for the browser tests
// (playwright.config.ts starts it beside the app, whose MAP_TILES_URL points here).
import { startTilePeer } from "./tile-peer";

const { TILE_PEER_PORT } = process.env;
if (!TILE_PEER_PORT) throw new Error("Set TILE_PEER_PORT");
const peer = await startTilePeer(Number(TILE_PEER_PORT));
console.log(`Tile stand-in on ${peer.url}`);
process.on("SIGTERM", () => void peer.close().then(() => process.exit(0)));
