/**
 * /dashboard/billing (issue 6 "Dashboard"; spec §4 "Subscription", §8): the action behind the
 * dashboard's Subscribe and Cancel Subscription forms (app/features/billing/SubscriptionPanel).
 * Plain forms, so they work without JavaScript: every outcome is a redirect, and the dashboard
 * shows the spec's toast for it from the `billing` query parameter.
 * - subscribe: starts a checkout (services.billing.createCheckout) and redirects the browser to
 *   its URL (Stripe Checkout, or the test provider's /test-checkout/{id}); on failure back to the
 *   upgrade view with 'Payment Error'. Already premium: back to /dashboard. Stripe's page is the
 *   product's one redirect off the site (lib/redirects.ts offSiteRedirect: https only).
 * - cancel: cancels at period end (services.billing.cancel); back to /dashboard with
 *   'Subscription Canceled', or 'Cancellation Failed'.
 * GET goes to /dashboard.
 */
import { offSiteRedirect } from "../../lib/redirects.ts";
import type { BillingNotice } from "../../lib/subscription.ts";
import { servicesContext } from "../context";
import { readPageForm } from "../form-input";
import { localizedRedirect, requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { requireUser } from "../session.server";
import type { Route } from "./+types/dashboard.billing";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** GET /dashboard/billing has nothing to show: the forms live on the dashboard (in the page's locale). */
export function loader({ request }: Route.LoaderArgs) {
  return localizedRedirect(request, "/dashboard");
}

/** The status of the billing service's expected failures (a DomainError 4xx), checked by shape: app/ imports no server code. */
function statusOf(error: unknown): number | null {
  if (!(error instanceof Error)) return null;
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 500 ? status : null;
}

/** The dashboard in the request's locale with a billing notice (and the upgrade view when `upgrade`). */
function back(request: Request, notice: BillingNotice | null, upgrade = false): Response {
  const params = new URLSearchParams();
  if (upgrade) params.set("view", "upgrade");
  if (notice) params.set("billing", notice);
  const query = params.toString();
  return localizedRedirect(request, query ? `/dashboard?${query}` : "/dashboard");
}

/**
 * Runs one billing form (field `intent`: subscribe or cancel) for the signed-in user; signed-out
 * visitors go to /login and back (requireUser). Always answers a redirect (see the module's doc);
 * an unknown intent goes back to /dashboard. Unexpected failures are logged and shown as the
 * spec's failure toast, never as a 500 page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { billing, logger, emailLinkOrigin } = context.get(servicesContext);
  let intent: string | null = null;
  try {
    intent = (await readPageForm(request)).text("intent");
  } catch {
    return back(request, null);
  }
  if (intent === "subscribe") {
    try {
      const { url } = await billing.createCheckout(user, requestLocale(request));
      // The test provider's page is on this site: stay on the host the visitor uses, in their locale.
      if (url.startsWith(`${emailLinkOrigin}/`))
        return localizedRedirect(request, url.slice(emailLinkOrigin.length));
      return offSiteRedirect(url);
    } catch (error) {
      const status = statusOf(error);
      if (status === 409) return back(request, null);
      if (status === null) logger.error({ err: error }, "subscribe failed");
      return back(request, "payment-error", true);
    }
  }
  if (intent === "cancel") {
    try {
      await billing.cancel(user.id);
      return back(request, "canceled");
    } catch (error) {
      if (statusOf(error) === null) logger.error({ err: error }, "cancel failed");
      return back(request, "cancel-failed");
    }
  }
  return back(request, null);
}
