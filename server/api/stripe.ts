/**
 * /api/stripe routes (spec §7). For now only GET /api/stripe/subscription-status, which the
 * dashboard's subscription card shows (issue 3 "Dashboard shell"); checkout, the webhook and
 * cancel arrive with billing (issue 6). The page loader of /dashboard calls the same domain
 * function (server/billing/status.ts).
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { SUBSCRIPTION_STATUSES, SUBSCRIPTION_TIERS } from "../../lib/constants.ts";
import { getSubscriptionStatus } from "../billing/status.ts";
import type { CoreServices } from "../services.ts";
import { requireUser, signedIn } from "./auth-middleware.ts";

const MessageSchema = z.object({ message: z.string() }).openapi("StripeError");

const SubscriptionStatusSchema = z
  .object({
    subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
    subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
    stripeSubscription: z
      .object({
        status: z.enum(SUBSCRIPTION_STATUSES),
        current_period_start: z.number().int().openapi({ description: "Epoch seconds" }),
        current_period_end: z.number().int().openapi({ description: "Epoch seconds" }),
      })
      .nullable(),
  })
  .openapi("SubscriptionStatus");

const statusRoute = createRoute({
  method: "get",
  path: "/api/stripe/subscription-status",
  tags: ["billing"],
  summary: "The caller's subscription: tier, status and current period (spec §3, §7)",
  middleware: [signedIn()] as const,
  security: [{ bearer: [] }, { cookie: [] }],
  responses: {
    200: {
      description: "Tier, status and the current period in epoch seconds (null when there is none)",
      content: { "application/json": { schema: SubscriptionStatusSchema } },
    },
    401: { description: "Not signed in", content: { "application/json": { schema: MessageSchema } } },
  },
});

/**
 * Registers GET /api/stripe/subscription-status: 200 with the spec's shape for the signed-in
 * caller (bearer or cookie), 401 `{ message }` when signed out; `Cache-Control: private, no-store`.
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerStripeRoutes(app: OpenAPIHono<any>, services: CoreServices): void {
  app.openapi(statusRoute, async (c) => {
    const { user } = requireUser(c);
    const status = await getSubscriptionStatus(services.db, user.id);
    c.header("Cache-Control", "private, no-store");
    if (!status) return c.json({ message: "Please sign in to continue." }, 401);
    return c.json(status, 200);
  });
}
