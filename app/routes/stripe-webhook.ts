import { receiveWebhook } from "~/features/payments/webhooks.server";
import { FormBodyError, readRawText } from "~/server/form-data.server";
import type { Route } from "./+types/stripe-webhook";

// Stripe's webhook deliveries (decision 0026), authenticated by their
// signature over the raw body; Stripe sends no Origin or Sec-Fetch-Site, so
// the cross-site rule (decision 0012) lets them through as it does any server.
const MAX_EVENT_BYTES = 512 * 1024;

export async function action({ request }: Route.ActionArgs) {
  let raw: string;
  try {
    raw = await readRawText(request, MAX_EVENT_BYTES);
  } catch (error) {
    if (!(error instanceof FormBodyError)) throw error;
    return new Response(error.message, { status: error.status });
  }
  const answer = await receiveWebhook(raw, request.headers.get("stripe-signature"));
  return new Response(answer.body, { status: answer.status, headers: { "content-type": "text/plain" } });
}

export function loader() {
  return new Response("Not found", { status: 404 });
}
