// The Stripe client (decision 0026), made once from the environment. Unset
// keys mean no online payments: no buttons, and the routes answer 404.
import Stripe from "stripe";
import { env } from "~/server/env.server";

let client: Stripe | undefined;

export function paymentsEnabled() {
  return Boolean(env().STRIPE_SECRET_KEY && env().STRIPE_WEBHOOK_SECRET);
}

/** The client, or null when payments are not configured. */
export function stripe(): Stripe | null {
  const { STRIPE_SECRET_KEY: key, STRIPE_API_URL: apiUrl } = env();
  if (!paymentsEnabled() || !key) return null;
  if (!client) {
    // STRIPE_API_URL is for tests only: the local stand-in (tests/helpers/stripe-peer.ts).
    const api = apiUrl ? new URL(apiUrl) : null;
    client = new Stripe(key, {
      ...(api && {
        host: api.hostname,
        port: api.port || (api.protocol === "https:" ? 443 : 80),
        protocol: api.protocol === "https:" ? "https" : "http",
      }),
      // The library retries safely itself: its POSTs carry idempotency keys.
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: "HBS" },
    });
  }
  return client;
}

/** For tests that change the environment between cases. */
export function resetStripeClient() {
  client = undefined;
}
