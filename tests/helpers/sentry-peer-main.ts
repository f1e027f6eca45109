// The Sentry stand-in as a process of its own, for the browser tests
// (playwright.config.ts starts it beside the app, whose SENTRY_DSN points here).
import { startSentryPeer } from "./sentry-peer";

const { SENTRY_PEER_PORT } = process.env;
if (!SENTRY_PEER_PORT) throw new Error("Set SENTRY_PEER_PORT");
const peer = await startSentryPeer(Number(SENTRY_PEER_PORT));
console.log(`Sentry stand-in on ${peer.url}`);
process.on("SIGTERM", () => void peer.close().then(() => process.exit(0)));
