/**
 * The product's one redirect off the site (issue 27 §2; lib/redirects.ts offSiteRedirect): the
 * dashboard's Subscribe form sends the browser to the payment provider's checkout page, whose
 * address came from Stripe's API (a local stand-in here, tests/doubles/stripe-stand-in.ts), and
 * only when it is an https URL without credentials; anything else is the upgrade view's payment
 * error on this site. Real accounts and billing services on a real database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { type StripeStandIn, startStripeStandIn } from "../../tests/doubles/stripe-stand-in.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { pageContext, pageRequests, routeOutcome } from "../../tests/support/page-routes.ts";
import { action as billingAction } from "./dashboard.billing.tsx";

const ORIGIN = "https://lexatlas.example";

type ActionArgs = Parameters<typeof billingAction>[0];

describe(`the Subscribe form's redirect to the checkout page (${TEST_ENGINE})`, () => {
  let database: Database;
  let services: Services;
  let stand: StripeStandIn;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    stand = await startStripeStandIn();
    dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-billing-redirect-"));
    services = createServices({
      clock: systemClock,
      db: database.db,
      config: loadConfig({
        LOG_LEVEL: "silent",
        DATA_DIR: dataDir,
        PUBLIC_URL: ORIGIN,
        STRIPE_SECRET_KEY: "sk_test_standin",
        STRIPE_WEBHOOK_SECRET: "whsec_test",
        STRIPE_PRICE_ID: "price_premium",
        STRIPE_API_URL: stand.url,
      }),
      logger: createLogger("silent"),
    });
    const session = await services.accounts.signUp(
      {
        email: `billing-redirect-${Date.now()}@example.com`,
        password: "correct horse battery",
        firstName: "Ada",
        lastName: "Lovelace",
        role: "lawyer",
      },
      { ip: "10.27.0.1", origin: ORIGIN },
    );
    token = session.token;
  });
  afterAll(async () => {
    await services?.mailer.close();
    await stand?.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Where POST /de/dashboard/billing with intent=subscribe sends the signed-in lawyer. */
  async function subscribe(): Promise<{ status: number; location: string | null }> {
    const { post } = pageRequests(ORIGIN);
    const request = post("/de/dashboard/billing", { intent: "subscribe" }, token);
    const outcome = await routeOutcome(() =>
      billingAction({
        request,
        context: pageContext(services, "10.27.0.2"),
        params: {},
      } as unknown as ActionArgs),
    );
    return { status: outcome.status, location: outcome.location };
  }

  it("sends the browser to Stripe's https checkout page", async () => {
    stand.checkoutUrl = null;
    const { status, location } = await subscribe();
    expect(status).toBe(302);
    expect(location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
  });

  it("refuses a checkout address that is not https or carries credentials: the payment error, on this site", async () => {
    for (const url of [
      "http://checkout.stripe.test/c/pay/x",
      "javascript:alert(1)",
      "https://u:p@evil.example/",
    ]) {
      stand.checkoutUrl = url;
      const { status, location } = await subscribe();
      expect(status, url).toBe(302);
      expect(location, url).toBe("/de/dashboard?view=upgrade&billing=payment-error");
    }
    stand.checkoutUrl = null;
  });
});
