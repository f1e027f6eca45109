// A local stand-in for the parts of Stripe's API that HBS calls (decision
// 0026), shaped after Stripe's API reference: form-encoded requests with
// bracketed keys, JSON objects back, Bearer keys. The official `stripe`
// library talks to it through STRIPE_API_URL. It also serves a stub of the
// hosted checkout page: "paying" there sends the webhooks Stripe would,
// signed with the library's own test-header helper, then goes to success_url.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

type Json = Record<string, unknown>;

export interface StripePeerOptions {
  /** Where the stub checkout delivers its webhooks, e.g. http://localhost:4421/stripe/webhook. */
  webhookUrl: string;
  webhookSecret: string;
  port?: number;
}

/** Stripe's bracketed form keys (line_items[0][price_data][unit_amount]) back into objects. */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Json = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else node = (node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}) as Json;
    });
  }
  return root;
}

const newId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(8).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An event as Stripe sends it to a webhook endpoint. */
export function stripeEventOf(type: string, object: Json, created = nowSeconds()): Json {
  return {
    id: newId("evt"),
    object: "event",
    api_version: Stripe.API_VERSION,
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** The body and Stripe-Signature header of a delivery, signed as Stripe signs. */
export function signedDelivery(event: Json, secret: string) {
  const payload = JSON.stringify(event);
  const signature = new Stripe("sk_test_unused").webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}

/** What a paid checkout session makes, as Stripe's events describe them. */
export function paidCheckoutEvents(session: Json, baseUrl: string, created = nowSeconds()): Json[] {
  const monthly = session.mode === "subscription";
  const line = (session.line_items as Json[])[0]!;
  const amount = Number((line.price_data as Json).unit_amount);
  const metadata = session.metadata as Json;
  const subscriptionId = monthly ? newId("sub") : null;
  const paymentIntent = monthly ? null : newId("pi");
  const invoiceId = newId("in");
  const periodEnd = new Date(created * 1000);
  periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
  const completed = {
    ...session,
    status: "complete",
    payment_status: "paid",
    amount_total: amount,
    subscription: subscriptionId,
    payment_intent: paymentIntent,
  };
  const invoice = {
    id: invoiceId,
    object: "invoice",
    customer: session.customer,
    amount_due: amount,
    amount_paid: amount,
    attempt_count: 1,
    status: "paid",
    hosted_invoice_url: `${baseUrl}/invoices/${invoiceId}`,
    metadata: monthly ? {} : metadata,
    parent: monthly
      ? {
          type: "subscription_details",
          quote_details: null,
          subscription_details: { subscription: subscriptionId, metadata },
        }
      : null,
    lines: {
      object: "list",
      data: [
        { id: newId("il"), object: "line_item", amount, period: { start: created, end: periodEnd.getTime() / 1000 } },
      ],
    },
  };
  return [
    stripeEventOf("checkout.session.completed", completed, created),
    stripeEventOf("invoice.paid", invoice, created),
  ];
}

export async function startStripePeer({ webhookUrl, webhookSecret, port = 0 }: StripePeerOptions) {
  const sessions = new Map<string, Json>();
  /** Subscriptions made by paid checkouts, for the portal's cancel and the tests' failed renewal. */
  const subscriptions = new Map<string, { customer: string; name: string; amount: number; metadata: Json }>();
  const customers = new Map<string, Json>();
  const requests: { method: string; path: string; body: Json }[] = [];
  let baseUrl = "";

  async function deliver(event: Json) {
    const { payload, signature } = signedDelivery(event, webhookSecret);
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    if (!response.ok) throw new Error(`the webhook answered ${response.status}`);
  }

  const api: Record<string, (body: Json) => Json> = {
    "POST /v1/customers": (body) => {
      const customer = {
        id: newId("cus"),
        object: "customer",
        email: body.email ?? null,
        metadata: body.metadata ?? {},
      };
      customers.set(customer.id, customer);
      return customer;
    },
    "POST /v1/checkout/sessions": (body) => {
      const id = newId("cs");
      const session = { ...body, id, object: "checkout.session", status: "open", payment_status: "unpaid" };
      sessions.set(id, { ...session, url: `${baseUrl}/pay/${id}` });
      return sessions.get(id)!;
    },
    "POST /v1/billing_portal/sessions": (body) => ({
      id: newId("bps"),
      object: "billing_portal.session",
      customer: body.customer,
      return_url: body.return_url,
      url: `${baseUrl}/portal/${String(body.customer)}?return=${encodeURIComponent(String(body.return_url))}`,
    }),
  };

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      void (async () => {
        const url = new URL(req.url ?? "/", baseUrl);
        const route = `${req.method} ${url.pathname}`;
        const handler = api[route];
        if (handler) {
          if (!/^Bearer sk_test_/.test(req.headers.authorization ?? "")) {
            res.writeHead(401, { "content-type": "application/json" });
            res.end(JSON.stringify({ error: { type: "invalid_request_error", message: "Invalid API Key provided" } }));
            return;
          }
          const body = parseStripeForm(raw);
          requests.push({ method: req.method!, path: url.pathname, body });
          res.writeHead(200, { "content-type": "application/json", "request-id": newId("req") });
          res.end(JSON.stringify(handler(body)));
          return;
        }
        const paying = /^\/pay\/([\w]+)$/.exec(url.pathname);
        const session = paying ? sessions.get(paying[1]!) : undefined;
        if (session && req.method === "GET") {
          const line = (session.line_items as Json[])[0]!;
          const price = line.price_data as Json;
          const amount = (Number(price.unit_amount) / 100).toFixed(2);
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          res.end(
            page(
              "Stub checkout",
              `<p>${String((price.product_data as Json).name)}: £${amount}${price.recurring ? " a month" : ""}</p>` +
                `<form method="post"><button type="submit">Pay £${amount}</button></form>`,
            ),
          );
          return;
        }
        if (session && req.method === "POST") {
          const events = paidCheckoutEvents(session, baseUrl);
          const completed = (events[0]!.data as { object: Json }).object;
          if (completed.subscription) {
            const price = (session.line_items as Json[])[0]!.price_data as Json;
            subscriptions.set(String(completed.subscription), {
              customer: String(session.customer),
              name: String((price.product_data as Json).name),
              amount: Number(price.unit_amount),
              metadata: session.metadata as Json,
            });
          }
          for (const event of events) await deliver(event);
          res.writeHead(303, { location: String(session.success_url) });
          res.end();
          return;
        }
        const portal = /^\/portal\/(\w+)(?:\/cancel\/(\w+))?$/.exec(url.pathname);
        if (portal && req.method === "POST" && portal[2] && subscriptions.get(portal[2])?.customer === portal[1]) {
          // The portal's cancel, at once: Stripe then says the subscription is deleted.
          const { metadata } = subscriptions.get(portal[2])!;
          const object = {
            id: portal[2],
            object: "subscription",
            status: "canceled",
            ended_at: nowSeconds(),
            metadata,
          };
          await deliver(
            stripeEventOf("customer.subscription.deleted", { ...object, items: { object: "list", data: [] } }),
          );
          subscriptions.delete(portal[2]);
          res.writeHead(303, { location: `/portal/${portal[1]}${url.search}` });
          res.end();
          return;
        }
        if (portal && req.method === "GET" && !portal[2]) {
          const back = url.searchParams.get("return");
          const own = [...subscriptions].filter(([, sub]) => sub.customer === portal[1]);
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          res.end(
            page(
              "Stub billing portal",
              own
                .map(
                  ([id, sub]) =>
                    `<form method="post" action="/portal/${portal[1]}/cancel/${id}${url.search}"><button type="submit">Cancel ${sub.name}</button></form>`,
                )
                .join("") + (back ? `<a href="${back}">Return to HBS</a>` : ""),
            ),
          );
          return;
        }
        const renewal = /^\/_peer\/subscriptions\/(\w+)\/fail-renewal$/.exec(url.pathname);
        const failing = renewal ? subscriptions.get(renewal[1]!) : undefined;
        if (failing && req.method === "POST") {
          // For tests: the next month's invoice is declined.
          const invoiceId = newId("in");
          await deliver(
            stripeEventOf("invoice.payment_failed", {
              id: invoiceId,
              object: "invoice",
              customer: failing.customer,
              amount_due: failing.amount,
              amount_paid: 0,
              attempt_count: 1,
              status: "open",
              hosted_invoice_url: `${baseUrl}/invoices/${invoiceId}`,
              metadata: {},
              parent: {
                type: "subscription_details",
                subscription_details: { subscription: renewal![1], metadata: failing.metadata },
              },
            }),
          );
          res.writeHead(204);
          res.end();
          return;
        }
        if (req.method === "GET" && url.pathname.startsWith("/invoices/")) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          res.end(page("Stub receipt", `<p>${url.pathname.slice("/invoices/".length)}</p>`));
          return;
        }
        const known = /^\/_peer\/sessions\/(\w+)$/.exec(url.pathname);
        if (known && req.method === "GET" && sessions.has(known[1]!)) {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(sessions.get(known[1]!)));
          return;
        }
        if (route === "GET /_peer/subscriptions") {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify([...subscriptions].map(([id, sub]) => ({ id, ...sub }))));
          return;
        }
        if (route === "GET /_peer/requests") {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(JSON.stringify(requests));
          return;
        }
        res.writeHead(404, { "content-type": "application/json" });
        res.end(
          JSON.stringify({ error: { type: "invalid_request_error", message: `Unrecognized request URL (${route})` } }),
        );
      })().catch((error: unknown) => {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(String(error));
      });
    });
  });
  const listen = (at: number) => new Promise<void>((resolve) => server.listen(at, "127.0.0.1", resolve));
  await listen(port);
  const boundPort = (server.address() as AddressInfo).port;
  baseUrl = `http://127.0.0.1:${boundPort}`;
  return {
    url: baseUrl,
    requests,
    sessions,
    subscriptions,
    deliver,
    /** Stops answering, as Stripe out of reach; the library's kept-alive connections are cut too. */
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    /** Answers again on the same port. */
    reopen: () => listen(boundPort),
  };
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;
