/**
 * /api/stripe routes (spec §7; issue 6 "Billing"): the subscription status, starting a checkout,
 * cancel at period end, and Stripe's webhook. Handlers are thin: they call the billing service
 * (server/billing), which the dashboard's page actions call too.
 */

import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from "../../lib/constants.ts";
import { msg } from "../../lib/i18n/message.ts";
import { UnauthorizedError } from "../errors.ts";
import { declareBody, errorResponse } from "../http.ts";
import { apiLocale } from "../i18n.ts";
import type { Services } from "../services.ts";
import { requireUser, signedIn } from "./auth-middleware.ts";
import { signedInRoute } from "./openapi.ts";

/** Largest webhook body: 1 MB (Stripe's events are a few KB). */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/** An error answer (the one error body, server/http.ts) described as `description`. */
const message = (description: string) => errorResponse(description);

const SubscriptionStatusSchema = z
  .object({
    subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    stripeSubscription: z
      .object({
        status: z.enum(SUBSCRIPTION_STATUSES),
        current_period_start: z.number().int().openapi({ description: "Epoch seconds" }),
        current_period_end: z.number().int().openapi({ description: "Epoch seconds" }),
        cancel_at_period_end: z
          .boolean()
          .openapi({ description: "The subscription ends at current_period_end and will not renew" }),
      })
      .nullable(),
  })
  .openapi("SubscriptionStatus");

const statusRoute = signedInRoute(signedIn(), {
  method: "get",
  path: "/api/stripe/subscription-status",
  operationId: "getSubscriptionStatus",
  tags: ["billing"],
  summary: "The caller's subscription: tier, status and current period (spec §3, §7)",
  description:
    "A canceled subscription keeps the premium tier until current_period_end, and reads as free after it.",
  responses: {
    200: {
      description: "Tier, status and the current period in epoch seconds (null when there is none)",
      content: { "application/json": { schema: SubscriptionStatusSchema } },
    },
    401: message("Not signed in"),
  },
});

const createRouteDef = signedInRoute(signedIn(), {
  method: "post",
  path: "/api/stripe/create-subscription",
  operationId: "createSubscription",
  tags: ["billing"],
  summary: "Start a premium checkout; answers the URL to send the browser to (spec §7)",
  description:
    "Stripe Checkout (subscription mode, the user's Stripe customer reused or created) when Stripe is configured, else the local test-payments checkout page /test-checkout/{id}. Empty body.",
  responses: {
    200: {
      description: "The checkout URL",
      content: { "application/json": { schema: z.object({ url: z.url() }).openapi("CheckoutUrl") } },
    },
    401: message("Not signed in"),
    409: message("Already premium"),
    422: message("The payment provider refused or could not be reached"),
  },
});

const cancelRoute = signedInRoute(signedIn(), {
  method: "post",
  path: "/api/stripe/cancel-subscription",
  operationId: "cancelSubscription",
  tags: ["billing"],
  summary: "Cancel at the end of the billing period (spec §1, §7)",
  description:
    "Only for premium and active. The status becomes canceled; the tier stays premium until the period end. Empty body.",
  responses: {
    200: {
      description: "The subscription status after the cancel",
      content: { "application/json": { schema: SubscriptionStatusSchema } },
    },
    401: message("Not signed in"),
    409: message("Not a premium, active subscription"),
    422: message("The payment provider refused or could not be reached"),
  },
});

const webhookRoute = createRoute({
  method: "post",
  path: "/api/stripe/webhook",
  operationId: "receiveStripeWebhook",
  tags: ["billing"],
  summary: "Stripe's webhook endpoint: the source of truth for subscriptions (issue 6)",
  description:
    "The raw body is verified against the Stripe-Signature header with STRIPE_WEBHOOK_SECRET. Each event is applied once. Handled: checkout.session.completed, customer.subscription.updated, customer.subscription.deleted, invoice.payment_failed; other types are acknowledged and ignored.",
  request: {
    // The raw event: read as text and verified against Stripe-Signature, not validated by shape.
    body: declareBody(
      {
        content: {
          "application/json": {
            schema: { type: "object", description: "A Stripe event" } as Record<string, unknown>,
          },
        },
        required: true,
      },
      {
        maxBytes: WEBHOOK_BODY_LIMIT_BYTES,
        tooLargeMessage: "The webhook body is too large (at most 1 MB).",
      },
    ),
    headers: z.object({ "stripe-signature": z.string().max(2000).optional() }),
  },
  responses: {
    200: {
      description: "Received (applied, already applied, or ignored)",
      content: {
        "application/json": {
          schema: z
            .object({ received: z.literal(true), outcome: z.enum(["applied", "duplicate", "ignored"]) })
            .openapi("WebhookReceived"),
        },
      },
    },
    400: message("Bad signature or body: nothing changed"),
    404: message("Stripe is not configured (test-payments mode)"),
    413: message("Body over 1 MB"),
    415: message("Not JSON"),
    422: message("Stripe could not be asked for the subscription; Stripe will send the event again"),
  },
});

/**
 * Registers the /api/stripe routes:
 * - GET subscription-status: 200 with the spec's shape (`current_period_start`/`_end` in epoch
 *   seconds), 401 signed out; `Cache-Control: private, no-store`.
 * - POST create-subscription: 200 `{ url }`, 401, 409 already premium, 422 provider failure.
 * - POST cancel-subscription: 200 with the new status, 401, 409 unless premium and active, 422.
 * - POST webhook: 200 `{ received, outcome }`, 400 bad signature (nothing changes), 404 in
 *   test-payments mode, 413 over 1 MB. Carries no cookie, so the cross-site check lets it pass.
 * Errors are DomainErrors, answered as `{ message }` by the app's error handler (server/http.ts).
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerStripeRoutes(app: OpenAPIHono<any>, services: Services): void {
  app.openapi(statusRoute, async (c) => {
    const { user } = requireUser(c);
    const status = await services.billing.status(user.id);
    c.header("Cache-Control", "private, no-store");
    if (!status) throw new UnauthorizedError(msg("errors:auth.signedOut"));
    return c.json(status, 200);
  });

  app.openapi(createRouteDef, async (c) => {
    const { user } = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(
      await services.billing.createCheckout(user, apiLocale(c.req.header("Accept-Language"))),
      200,
    );
  });

  app.openapi(cancelRoute, async (c) => {
    const { user } = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(await services.billing.cancel(user.id), 200);
  });

  app.openapi(webhookRoute, async (c) => {
    const raw = await c.req.text();
    const { outcome } = await services.billing.handleWebhook(raw, c.req.header("stripe-signature"));
    return c.json({ received: true as const, outcome }, 200);
  });
}
