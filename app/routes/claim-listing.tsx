/**
 * /claim-listing?token=… and /claim-listing?verify=… (issue 3 "Lawyer onboarding": "claim the
 * listing whose contact email is its own, after proving the address with an emailed link"; and,
 * since the security review of issue 3, the link that verifies a lawyer account's email before it
 * creates a listing): where the emailed links land. It requires sign-in (a signed-out visitor goes
 * to /login and comes back here with the token), confirms the claim (`token`) or the email
 * (`verify`) for the signed-in account, and sends the user to their dashboard with the notice
 * "Your listing is now linked…" or "Your email address is verified…". A link that is unknown,
 * used, expired or was sent to another account, or a listing already linked, shows why, with a
 * way back to the dashboard.
 *
 * The address carries a one-time secret, so the page is answered with `Referrer-Policy:
 * same-origin` (also as a meta tag) and `Cache-Control: no-store`, and once in the browser the
 * token is taken out of the address bar (history.replaceState). Not indexed.
 */
import { Button, Group } from "@mantine/core";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { data, useLoaderData } from "react-router";
import { LISTING_MESSAGES } from "../../lib/listing-owner.ts";
import { servicesContext } from "../context";
import { AccountShell } from "../features/accounts/AccountForm";
import { getT } from "../i18n/i18n";
import { localizedRedirect } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { requireUser } from "../session.server";
import { FormAlert, useTranslateMessage } from "../ui/form";
import { LocaleLink } from "../ui/LocaleLink";
import type { Route } from "./+types/claim-listing";

/**
 * Headers of every answer of this page (security review of issue 3): its address holds a
 * one-time token, which must not leave in a Referer header or stay in a cache.
 */
export const TOKEN_PAGE_HEADERS = {
  "Referrer-Policy": "same-origin",
  "Cache-Control": "no-store",
} as const;

/** The query parameters that carry a token: `token` (claim) and `verify` (email). */
const TOKEN_PARAMS = ["token", "verify"] as const;

/** Which link this is: `verify` when the address has `?verify=`, else `claim`. */
type Purpose = "claim" | "verify";

/**
 * Confirms the claim of `?token=` (or, with `?verify=`, the account's email) for the signed-in
 * user and redirects to /dashboard?listing=claimed (or =email-verified), in the page's locale
 * (issue 14 §1). Signed out: a redirect to
 * /login that comes back here. On failure answers `{ purpose, message }` with the service's status
 * as the page's HTTP status (400 bad link, 403 a client account, 409 already linked) for the page
 * to show. Every answer carries TOKEN_PAGE_HEADERS.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const params = new URL(request.url).searchParams;
  const verify = params.get("verify");
  const purpose: Purpose = verify !== null ? "verify" : "claim";
  const token = verify ?? params.get("token") ?? "";
  const fail = (message: string, status: number) =>
    data({ purpose, message }, { status, headers: TOKEN_PAGE_HEADERS });
  if (!token) return fail(LISTING_MESSAGES.claimNoToken, 400);
  const { listings } = context.get(servicesContext);
  try {
    if (purpose === "verify") await listings.confirmEmailVerification(user, token);
    else await listings.confirmClaim(user, token);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (error instanceof Error && typeof status === "number" && status < 500) {
      return fail(error.message, status);
    }
    throw error;
  }
  const notice = purpose === "verify" ? "email-verified" : "claimed";
  throw localizedRedirect(request, `/dashboard?listing=${notice}#my-listing`, {
    headers: TOKEN_PAGE_HEADERS,
  });
}

/** The page's response headers: TOKEN_PAGE_HEADERS (no Referer, no caching). */
export const headers = pageHeaders(TOKEN_PAGE_HEADERS);

/** The page title; noindex (a private, one-time link) and no Referer from this page. */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const verify = loaderData?.purpose === "verify";
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "listing");
  return [
    ...pageMeta(site, {
      title: verify ? t("verify.title") : t("claim.pageTitle"),
      description: verify ? t("verify.metaDescription") : t("claim.metaDescription"),
      path: "/claim-listing",
      noindex: true,
    }),
    { name: "referrer", content: "same-origin" },
  ];
}

/**
 * Takes the one-time token out of the address bar once the page runs in the browser, keeping
 * React Router's history state, so it is not shared, bookmarked or shown over a shoulder.
 */
function useTokenOutOfAddressBar(): void {
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!TOKEN_PARAMS.some((p) => url.searchParams.has(p))) return;
    for (const p of TOKEN_PARAMS) url.searchParams.delete(p);
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}`);
  }, []);
}

/** Why the link did not work, with the way back to the dashboard. */
export default function ClaimListing() {
  const { purpose, message } = useLoaderData<typeof loader>();
  useTokenOutOfAddressBar();
  const { t } = useTranslation("listing");
  const translate = useTranslateMessage();
  return (
    <AccountShell title={purpose === "verify" ? t("verify.title") : t("claim.pageTitle")}>
      <FormAlert tone="error" title={t("claim.linkFailed")}>
        {translate(message)}
      </FormAlert>
      <Group>
        <Button component={LocaleLink} to="/dashboard#my-listing">
          {t("claim.toDashboard")}
        </Button>
      </Group>
    </AccountShell>
  );
}
