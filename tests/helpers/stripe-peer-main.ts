// The Stripe stand-in as a process of its own, for the browser tests
// (playwright.config.ts starts it beside the app, which STRIPE_API_URL points here).
import { startStripePeer } from "./stripe-peer";

const { STRIPE_PEER_PORT, STRIPE_WEBHOOK_URL, STRIPE_WEBHOOK_SECRET } = process.env;
if (!STRIPE_PEER_PORT || !STRIPE_WEBHOOK_URL || !STRIPE_WEBHOOK_SECRET) {
  throw new Error("Set STRIPE_PEER_PORT, STRIPE_WEBHOOK_URL and STRIPE_WEBHOOK_SECRET");
}
const peer = await startStripePeer({
  port: Number(STRIPE_PEER_PORT),
  webhookUrl: STRIPE_WEBHOOK_URL,
  webhookSecret: STRIPE_WEBHOOK_SECRET,
});
console.log(`Stripe stand-in on ${peer.url}`);
process.on("SIGTERM", () => void peer.close().then(() => process.exit(0)));
