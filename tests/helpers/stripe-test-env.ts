// For a test file that buys through the app: a Stripe stand-in of its own,
// and the app's environment pointing at it for this file. Called at the top
// of the file, so the app reads its Stripe keys after they are set; the next
// file starts from the worker's own environment (tests/helpers/fresh-environment.ts).
import { afterAll } from "vitest";
import { resetStripeClient } from "../../app/features/payments/stripe.server";
import { forgetEnv } from "../../app/server/env.server";
import { startStripePeer } from "./stripe-peer";

export const WEBHOOK_SECRET = "whsec_test_payments";

export async function stripePeerForThisFile() {
  const peer = await startStripePeer({ webhookUrl: "http://127.0.0.1:9/unused", webhookSecret: WEBHOOK_SECRET });
  process.env.STRIPE_SECRET_KEY = "sk_test_hbs";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_URL = peer.url;
  forgetEnv();
  resetStripeClient();
  afterAll(() => peer.close());
  return peer;
}
