// Without Stripe's keys the site works as before (decision 0026): no payment
// button, and the payment routes are not there.
import { describe, expect, it } from "vitest";
import { action as buyAction, loader as buyLoader } from "../../app/routes/package-buy";
import { loader as promoteLoader } from "../../app/routes/promote";
import { loader as servicesLoader } from "../../app/routes/services";
import { action as webhookAction } from "../../app/routes/stripe-webhook";
import { callAction } from "../helpers/actions";
import { seededAppDatabase } from "../helpers/test-database";

delete process.env.STRIPE_SECRET_KEY;
delete process.env.STRIPE_WEBHOOK_SECRET;
seededAppDatabase();

describe("payments not configured", () => {
  it("shows the packages without 'Buy online', and the buy page and webhook are not found", async () => {
    for (const loader of [promoteLoader, servicesLoader]) {
      const { plans, canBuy } = await loader();
      expect(plans.length).toBe(3);
      expect(canBuy).toBe(false);
    }
    const request = new Request("http://localhost/packages/feature-package/buy");
    await expect(buyLoader({ request, params: { slug: "feature-package" } } as never)).rejects.toMatchObject({
      init: { status: 404 },
    });
    const bought = await callAction(buyAction, {
      path: "/packages/feature-package/buy",
      params: { slug: "feature-package" },
      body: new URLSearchParams({ target: "business:1" }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(bought.status).toBe(404);
    const hook = await callAction(webhookAction, {
      path: "/stripe/webhook",
      body: "{}",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    });
    expect(hook.status).toBe(404);
  });
});
