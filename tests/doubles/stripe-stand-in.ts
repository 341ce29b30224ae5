/**
 * A local HTTP server standing in for Stripe's API in tests (issue 6 "Tests": the official SDK is
 * pointed at it with STRIPE_API_URL, i.e. the SDK's host, port and protocol settings). Answers
 * what billing calls: customers.create, checkout.sessions.create, subscriptions.retrieve and
 * subscriptions.update, and records every request so a test can check what was sent. Test code
 * only; never imported by the app.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the stand-in saw it: method, path, form fields (bracket keys kept) and headers. */
export interface RecordedRequest {
  method: string;
  path: string;
  form: Record<string, string>;
  headers: IncomingMessage["headers"];
}

/** The running stand-in. */
export interface StripeStandIn {
  /** http://127.0.0.1:PORT, for STRIPE_API_URL. */
  url: string;
  requests: RecordedRequest[];
  /** Subscriptions by id, as subscriptions.retrieve answers them (tests put them here). */
  subscriptions: Map<string, Record<string, unknown>>;
  /** When set, every request answers this HTTP status with a Stripe error body. */
  failWith: number | null;
  /** When set, a new checkout session's `url` is this instead of https://checkout.stripe.test/… */
  checkoutUrl: string | null;
  close(): Promise<void>;
}

/** Starts the stand-in on 127.0.0.1 with an ephemeral port. */
export async function startStripeStandIn(): Promise<StripeStandIn> {
  let counter = 0;
  const state: Omit<StripeStandIn, "url" | "close"> = {
    requests: [],
    subscriptions: new Map(),
    failWith: null,
    checkoutUrl: null,
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString("utf8")));
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      state.requests.push({ method: req.method ?? "GET", path, form, headers: req.headers });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json", "Request-Id": `req_${counter}` });
        res.end(JSON.stringify(body));
      };
      if (state.failWith) {
        send(state.failWith, { error: { type: "api_error", message: "Stand-in failure" } });
        return;
      }
      counter += 1;
      if (req.method === "POST" && path === "/v1/customers") {
        send(200, { id: `cus_test${counter}`, object: "customer", email: form.email ?? null });
        return;
      }
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${counter}`;
        send(200, {
          id,
          object: "checkout.session",
          mode: form.mode,
          customer: form.customer,
          client_reference_id: form.client_reference_id,
          url: state.checkoutUrl ?? `https://checkout.stripe.test/c/pay/${id}`,
        });
        return;
      }
      const sub = /^\/v1\/subscriptions\/([A-Za-z0-9_]+)$/.exec(path);
      if (sub?.[1]) {
        const found = state.subscriptions.get(sub[1]);
        if (!found) {
          send(404, { error: { type: "invalid_request_error", message: "No such subscription" } });
          return;
        }
        if (req.method === "POST" && form.cancel_at_period_end !== undefined)
          found.cancel_at_period_end = form.cancel_at_period_end === "true";
        send(200, found);
        return;
      }
      send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/**
 * A Stripe subscription object as recent API versions send it (period dates on the first item),
 * for `id` of `customer` with `status`; `extra` overrides fields.
 */
export function subscriptionObject(
  id: string,
  customer: string,
  status: string,
  period: { start: number; end: number },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    object: "subscription",
    customer,
    status,
    cancel_at_period_end: false,
    cancel_at: null,
    items: {
      object: "list",
      data: [
        {
          id: `si_${id}`,
          object: "subscription_item",
          current_period_start: period.start,
          current_period_end: period.end,
        },
      ],
    },
    ...extra,
  };
}
