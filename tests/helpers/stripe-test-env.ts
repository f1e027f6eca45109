// Imported first by a test file that buys through the app: starts the Stripe
// stand-in and points the app's environment at it before any module reads
// the environment (env() reads it once).
import { afterAll } from "vitest";
import { startStripePeer } from "./stripe-peer";

export const WEBHOOK_SECRET = "whsec_test_payments";

export const peer = await startStripePeer({ webhookUrl: "http://127.0.0.1:9/unused", webhookSecret: WEBHOOK_SECRET });
process.env.STRIPE_SECRET_KEY = "sk_test_hbs";
process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
process.env.STRIPE_API_URL = peer.url;
afterAll(() => peer.close());
