/**
 * /test-checkout/{sessionId} (issue 6 "Billing"; docs/design.md §2 "Payments"): the checkout page of
 * the local test-payments provider, used when no Stripe key is configured. It says plainly that
 * this is test mode and no card is charged, shows the plan ($29.99/month, spec §9) and offers
 * "Pay $29.99 (test)" and "Cancel". Paying completes the checkout once (it expires after 30
 * minutes) with the same change as Stripe's checkout.session.completed, then goes to
 * /dashboard?upgraded=1 ('Welcome to Premium!'); Cancel goes back to the upgrade view. Only the
 * signed-in owner sees it (others: 404; signed out: /login and back). Never cached, not indexed.
 * The page itself: app/features/billing/TestCheckoutPage.tsx.
 */
import { data, useActionData, useLoaderData } from "react-router";
import { msg } from "../../lib/i18n/message.ts";
import { servicesContext } from "../context";
import { TestCheckoutPage } from "../features/billing/TestCheckoutPage";
import { getT } from "../i18n/i18n";
import { localizedRedirect } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { requireUser } from "../session.server";
import type { Route } from "./+types/test-checkout";

/** The page is private and single-use: never stored by a cache. */
export const headers = pageHeaders({ "Cache-Control": "no-store" });

/**
 * The signed-in owner's checkout (services.billing.testCheckout); 404 for an unknown id, another
 * user's checkout, or when Stripe is configured (no test checkouts then).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const { billing } = context.get(servicesContext);
  const checkout = billing.mode === "test" ? await billing.testCheckout(user.id, params.sessionId) : null;
  if (!checkout) throw data({ message: msg("billing:checkout.notFound") }, { status: 404 });
  return { checkout, email: user.email };
}

/**
 * Pays the checkout (services.billing.payTestCheckout) and redirects to /dashboard?upgraded=1 in
 * the page's locale.
 * A refused payment (already paid, expired, already premium: 409; not found: 404) answers
 * `{ message }` with its status, shown on the page.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  const { billing, logger } = context.get(servicesContext);
  try {
    await billing.payTestCheckout(user.id, params.sessionId);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (error instanceof Error && typeof status === "number" && status >= 400 && status < 500)
      return data({ message: error.message }, { status });
    logger.error({ err: error }, "test checkout payment failed");
    return data({ message: msg("billing:checkout.failed") }, { status: 500 });
  }
  return localizedRedirect(request, "/dashboard?upgraded=1");
}

/** Title of the page; noindex (a private, single-use page). */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "billing");
  return pageMeta(site, {
    title: t("checkout.metaTitle"),
    description: t("checkout.metaDescription"),
    path: "/test-checkout",
    noindex: true,
  });
}

/** The test checkout page. */
export default function TestCheckout() {
  const { checkout, email } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return <TestCheckoutPage checkout={checkout} email={email} failed={failed} />;
}
