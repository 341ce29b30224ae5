/**
 * The Stripe provider (issue 6 "Billing"; spec §7 /api/stripe/*): Checkout Sessions in
 * subscription mode for STRIPE_PRICE_ID, the user's Stripe customer reused or created, cancel at
 * period end, and signed webhooks as the source of truth (each event applied once). Uses the
 * official `stripe` SDK; STRIPE_API_URL points it elsewhere (tests run a local stand-in).
 */

import Stripe from "stripe";
import type { SubscriptionStatus, SubscriptionTier } from "../../lib/account.ts";
import { DEFAULT_LOCALE, localizePath } from "../../lib/i18n/locales.ts";
import { displayName } from "../../lib/person.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import {
  applySubscriptionChange,
  findBillingUser,
  premiumStarted,
  recordEventOnce,
  type SubscriptionChange,
} from "./apply.ts";
import type { BillingAccount, PaymentProvider } from "./provider.ts";
import { BILLING_MESSAGES } from "./service.ts";

/** What the Stripe provider needs from the process. */
export interface StripeProviderDeps {
  db: Db;
  config: Config;
  logger: Logger;
  /** Origin of the links Stripe sends the browser back to (never the request's Host header). */
  emailLinkOrigin: string;
}

/** The SDK client for the configuration: Stripe's API, or STRIPE_API_URL's host, port and protocol. */
export function stripeClient(config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">): Stripe {
  if (!config.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  const base = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 1,
    timeout: 15_000,
    appInfo: { name: "LexAtlas" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

/** A loose view of a JSON object from Stripe (fields differ between API versions). */
type Obj = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 ? v : null);
/** An id field that may be expanded into an object. */
const idOf = (v: unknown): string | null =>
  str(v) ?? (v && typeof v === "object" ? str((v as Obj).id) : null);
const seconds = (v: unknown): Date | null =>
  typeof v === "number" && Number.isFinite(v) ? new Date(v * 1000) : null;

/**
 * The billing period of a Stripe subscription: `current_period_start`/`_end` on the subscription
 * (API versions before 2025-03-31) or on its first item (later versions). Dates or null.
 */
export function subscriptionPeriod(sub: Obj): { start: Date | null; end: Date | null } {
  const items = (sub.items as Obj | undefined)?.data;
  const item = Array.isArray(items) ? (items[0] as Obj | undefined) : undefined;
  return {
    start: seconds(sub.current_period_start) ?? seconds(item?.current_period_start),
    end: seconds(sub.current_period_end) ?? seconds(item?.current_period_end),
  };
}

/**
 * The change a Stripe subscription's state makes (customer.subscription.updated, and after a
 * checkout or a cancel): active/trialing → premium, active (canceled when it ends at the period
 * end, keeping premium until then); past_due → premium, past_due (Stripe is retrying the card);
 * unpaid → free, past_due (retries exhausted); canceled → free, canceled; incomplete_expired and
 * paused → free, inactive. Null for incomplete (the first payment is still under way): no change.
 */
export function changeFromSubscription(sub: Obj): SubscriptionChange | null {
  const status = str(sub.status);
  const cancelAtPeriodEnd = sub.cancel_at_period_end === true || typeof sub.cancel_at === "number";
  const { start, end } = subscriptionPeriod(sub);
  const base = {
    subscriptionId: str(sub.id) ?? undefined,
    customerId: idOf(sub.customer) ?? undefined,
    periodStart: start ?? undefined,
    periodEnd: end ?? undefined,
  };
  const make = (tier: SubscriptionTier, s: SubscriptionStatus, cancel: boolean): SubscriptionChange => ({
    ...base,
    tier,
    status: s,
    cancelAtPeriodEnd: cancel,
  });
  switch (status) {
    case "active":
    case "trialing":
      return make("premium", cancelAtPeriodEnd ? "canceled" : "active", cancelAtPeriodEnd);
    case "past_due":
      return make("premium", "past_due", cancelAtPeriodEnd);
    case "unpaid":
      return make("free", "past_due", false);
    case "canceled":
      return make("free", "canceled", false);
    case "incomplete_expired":
    case "paused":
      return make("free", "inactive", false);
    default:
      return null;
  }
}

/** Answers a UnprocessableError for a Stripe API failure, logging what Stripe said. */
function providerFailure(logger: Logger, err: unknown, what: string): UnprocessableError {
  logger.error({ err, what }, "stripe request failed");
  return new UnprocessableError(BILLING_MESSAGES.providerFailed);
}

/** Creates the Stripe provider. Throws when STRIPE_SECRET_KEY, _WEBHOOK_SECRET or _PRICE_ID is missing. */
export function createStripeProvider(deps: StripeProviderDeps): PaymentProvider {
  const { db, config, logger } = deps;
  const stripe = stripeClient(config);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  const priceId = config.STRIPE_PRICE_ID;
  if (!webhookSecret || !priceId) throw new Error("STRIPE_WEBHOOK_SECRET and STRIPE_PRICE_ID are required");

  /** The user's Stripe customer: the stored one, else a new one (stored on the user). */
  async function customerFor(account: BillingAccount): Promise<string> {
    if (account.stripeCustomerId) return account.stripeCustomerId;
    const customer = await stripe.customers.create(
      {
        email: account.email,
        name: displayName(account, "en"),
        metadata: { userId: account.id },
      },
      // Two clicks at once make one customer, not two.
      { idempotencyKey: `lexatlas-customer-${account.id}` },
    );
    await applySubscriptionChange(db, account.id, { customerId: customer.id });
    return customer.id;
  }

  /** Applies the event's change in one transaction with its stripe_events row. */
  async function applyOnce(
    event: { id: string; type: string },
    userId: string | null,
    change: SubscriptionChange | null,
    onlySubscription?: string,
  ): Promise<"applied" | "duplicate"> {
    return db.transaction(async (tx) => {
      if (!(await recordEventOnce(tx, event))) return "duplicate";
      if (userId && change) await applySubscriptionChange(tx, userId, change, { onlySubscription });
      else logger.warn({ eventId: event.id, type: event.type }, "stripe event for no known user");
      return "applied";
    });
  }

  return {
    mode: "stripe",

    async createCheckout(account, locale = DEFAULT_LOCALE) {
      try {
        const customer = await customerFor(account);
        const session = await stripe.checkout.sessions.create({
          mode: "subscription",
          customer,
          client_reference_id: account.id,
          line_items: [{ price: priceId, quantity: 1 }],
          metadata: { userId: account.id },
          subscription_data: { metadata: { userId: account.id } },
          // Issue 28 §2: back to the dashboard in the language the visitor upgraded from.
          success_url: `${deps.emailLinkOrigin}${localizePath("/dashboard?upgraded=1", locale)}`,
          cancel_url: `${deps.emailLinkOrigin}${localizePath("/dashboard?view=upgrade", locale)}`,
        });
        if (!session.url) throw new Error("Checkout Session without url");
        return { url: session.url };
      } catch (err) {
        throw providerFailure(logger, err, "create checkout");
      }
    },

    async cancelAtPeriodEnd(account) {
      if (!account.stripeSubscriptionId) throw new ConflictError(BILLING_MESSAGES.notCancelable);
      let sub: Obj;
      try {
        sub = (await stripe.subscriptions.update(account.stripeSubscriptionId, {
          cancel_at_period_end: true,
        })) as unknown as Obj;
      } catch (err) {
        throw providerFailure(logger, err, "cancel subscription");
      }
      // What Stripe answers is the truth; an answer without a state still means "ends at period end".
      return changeFromSubscription(sub) ?? { status: "canceled", cancelAtPeriodEnd: true };
    },

    async handleWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret);
      } catch {
        throw new ValidationError(BILLING_MESSAGES.badSignature);
      }
      const ref = { id: event.id, type: event.type };
      const object = event.data.object as unknown as Obj;
      switch (event.type) {
        case "checkout.session.completed": {
          if (object.mode !== "subscription") return { outcome: "ignored" };
          const subscriptionId = idOf(object.subscription);
          const customerId = idOf(object.customer);
          const metadata = (object.metadata ?? {}) as Obj;
          const userId = await findBillingUser(db, {
            userId: str(object.client_reference_id) ?? str(metadata.userId),
            customerId,
          });
          if (!subscriptionId) return { outcome: "ignored" };
          // The period dates live on the subscription: ask Stripe (network before the transaction).
          let change: SubscriptionChange | null;
          try {
            const sub = (await stripe.subscriptions.retrieve(subscriptionId)) as unknown as Obj;
            change = changeFromSubscription(sub);
          } catch (err) {
            // Stripe retries the delivery while we answer an error; nothing is recorded yet.
            logger.error({ err, eventId: event.id }, "stripe subscription lookup failed");
            throw new UnprocessableError(BILLING_MESSAGES.providerFailed);
          }
          // A first payment still under way (incomplete: an async method, 3-D Secure pending)
          // grants nothing yet: only the ids are kept, and customer.subscription.updated makes
          // the account premium once Stripe says active (security review of issue 6).
          const applied: SubscriptionChange = change
            ? { ...premiumStarted(subscriptionId, null, null, customerId ?? undefined), ...change }
            : { subscriptionId, ...(customerId ? { customerId } : {}) };
          return { outcome: await applyOnce(ref, userId, applied) };
        }
        case "customer.subscription.updated":
        case "customer.subscription.created": {
          const subscriptionId = str(object.id);
          const metadata = (object.metadata ?? {}) as Obj;
          const userId = await findBillingUser(db, {
            subscriptionId,
            customerId: idOf(object.customer),
            userId: str(metadata.userId),
          });
          const change = changeFromSubscription(object);
          if (!change) return { outcome: "ignored" };
          return { outcome: await applyOnce(ref, userId, change, subscriptionId ?? undefined) };
        }
        case "customer.subscription.deleted": {
          const subscriptionId = str(object.id);
          const userId = await findBillingUser(db, { subscriptionId, customerId: idOf(object.customer) });
          const { start, end } = subscriptionPeriod(object);
          const change: SubscriptionChange = {
            tier: "free",
            status: "canceled",
            cancelAtPeriodEnd: false,
            ...(start ? { periodStart: start } : {}),
            ...(seconds(object.ended_at) || end ? { periodEnd: seconds(object.ended_at) ?? end } : {}),
          };
          return { outcome: await applyOnce(ref, userId, change, subscriptionId ?? undefined) };
        }
        case "invoice.payment_failed": {
          const parent = (object.parent ?? {}) as Obj;
          const details = (parent.subscription_details ?? {}) as Obj;
          const subscriptionId = idOf(object.subscription) ?? idOf(details.subscription);
          if (!subscriptionId) return { outcome: "ignored" };
          const userId = await findBillingUser(db, { subscriptionId });
          return {
            outcome: await applyOnce(ref, userId, { status: "past_due" }, subscriptionId),
          };
        }
        default:
          return { outcome: "ignored" };
      }
    },

    async testCheckout() {
      return null;
    },

    async payTestCheckout() {
      throw new NotFoundError(BILLING_MESSAGES.checkoutNotFound);
    },
  };
}
