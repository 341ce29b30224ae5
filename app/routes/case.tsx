/**
 * /cases/{id} (issue 4 "Tracking and messages"; spec §1 "track case status and message the
 * lawyer"): the case page for its two parties only: the summary with every field, the documents
 * (downloadable attachments), the status timeline, the message thread with a form for either
 * party and, for the lawyer, the status control, which offers only the moves the case state
 * machine allows now (issue 27 §2, lib/case-states.ts lawyerStatusChoices: none for a pending or a
 * declined case). Works without JavaScript (plain forms; the action redirects back to the page
 * after a change).
 *
 * Access (docs/design.md §3: the loader's own guard): the signed-in client who submitted the case, the
 * lawyer account linked to its listing, or the holder of its tracking cookie. The emailed link
 * `/cases/{id}?token=…` checks the token, stores it in an HttpOnly, Secure, SameSite=Lax cookie
 * (`lexatlas_case_{id}`, Path=/ so the localized pages receive it, one year) and redirects to `/cases/{id}` so the token leaves
 * the address bar. Anyone else, and any malformed id or wrong token, gets the 404 page.
 *
 * Every answer carries CASE_PAGE_HEADERS: `Referrer-Policy: same-origin`, `Cache-Control:
 * private, no-store` and a Content-Security-Policy. Everything a person typed is rendered as
 * React text (escaped).
 *
 * Issue 16 §3: the client of an unanswered case older than 24 h sees the notice and can send the
 * same case to another lawyer (ResendPanel: `?find=` lists listings, intent "resend" posts the
 * choice with the explicit consent; the new case's tracking cookie is set and the page redirects
 * to it).
 *
 * Issue 17 (privacy by design; app/features/cases/CaseIntake.tsx): the conflict-check summary and,
 * for the lawyer of a pending case, Accept for review / Decline (intents "accept", "decline";
 * §2, ABA Model Rule 1.18) — the description, documents, budget, date needed and contact details
 * show to the lawyer only after acceptance (server/cases/visibility.ts; the loader gets them as
 * null before); the consents given (§1); for the client of a case not accepted, "Withdraw and
 * delete this case" (intent "withdraw", §4), which redirects to /cases/withdrawn. A declined case
 * is offered the re-send at once, with the health-data consent.
 * Issue 17 §3: the client sees every download of the case's documents (DocumentDownloads).
 *
 * Issue 14: every text in the page's language (namespace "cases"), option labels from the stored
 * values, dates for the page's locale (in UTC), the budget band in the lawyer's currency, and the
 * redirects keep the locale.
 */

import { CasePage } from "../features/cases/CasePage";
import { CASE_PAGE_HEADERS, casePageAction, loadCasePage } from "../features/cases/case-page.server";
import { getT } from "../i18n/i18n";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/case";

/**
 * With `?token=`: a valid tracking or access token sets the case's cookie and redirects to the
 * clean address (a wrong one is the 404); otherwise the case for one of its parties, or the 404
 * (app/features/cases/case-page.server.ts loadCasePage).
 */
export function loader(args: Route.LoaderArgs) {
  return loadCasePage(args);
}

/** The page's forms by `intent` (casePageAction): a redirect, or FormResult with the form's intent. */
export function action(args: Route.ActionArgs) {
  return casePageAction(args);
}

/** The page's headers: CASE_PAGE_HEADERS on every answer (pages, redirects, 404s). */
export const headers = pageHeaders(CASE_PAGE_HEADERS);

/** Title of the page (the case's title) in the page's language; never indexed. */
export function meta({ matches, loaderData, params }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "cases");
  return pageMeta(site, {
    title: loaderData
      ? t("page.metaTitle", { title: loaderData.case.caseTitle })
      : t("page.metaTitleFallback"),
    description: t("page.metaDescription"),
    path: `/cases/${params.id}`,
    noindex: true,
  });
}

/** The case page (app/features/cases/CasePage.tsx). */
export default CasePage;
