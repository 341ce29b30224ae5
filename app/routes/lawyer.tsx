/**
 * Lawyer profile (/lawyer/:id; spec §2 "Lawyer profile"): the page is features/profile/
 * ProfilePage.tsx, its data features/profile/profile-page.server.ts. A missing lawyer or a
 * non-numeric id answers 404 with 'Lawyer Not Found'; a listing a moderator hid answers 410 with
 * a page that says it was removed and why in general terms (issue 15 §3). Send Message and Submit
 * Case are links to forms shown in the page (`?form=message`, `?form=case`), posted to this
 * route's action, so they work without JavaScript; once the page is hydrated they open the
 * dialogs instead (issue 13 §4), which post to the same action (issue 30).
 */

import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { data, isRouteErrorResponse, type ShouldRevalidateFunctionArgs, useRouteError } from "react-router";
import { logBoundaryError } from "../boundary-error";
import { submitCaseFromPage } from "../features/cases/case-page-action.server";
import { isMessageDialogPost, messageDialogClientAction } from "../features/messages";
import { sendMessageFromPage } from "../features/messages/message-page-action.server";
import { HiddenListingPage } from "../features/moderation";
import { ProfilePage } from "../features/profile/ProfilePage";
import { profileMeta } from "../features/profile/profile";
import { lawyerIdOf, loadProfilePage } from "../features/profile/profile-page.server";
import { readPageForm } from "../form-input";
import { getT } from "../i18n/i18n";
import { pageHeaders } from "../route-headers";
import { originFromMatches, pageMeta, siteFromMatches } from "../seo";
import { ErrorFallback } from "../ui/ErrorFallback";
import { ListingGonePage } from "../ui/ListingGonePage";
import type { Route } from "./+types/lawyer";

/**
 * The profile's data (features/profile/profile-page.server.ts loadProfilePage): 404 for a
 * non-numeric id or an unknown lawyer, 410 for a hidden listing; counts the view (issue 6).
 */
export const loader = ({ params, request, context }: Route.LoaderArgs) =>
  loadProfilePage({ params, request, context });

/**
 * Server middleware: a success view (`&sent=1`) is the visitor's own (a case summary from their
 * cookie), so it is answered `private, no-store`: no shared or back-forward cache keeps it.
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    const response = (await next()) as Response;
    if (new URL(request.url).searchParams.has("sent"))
      response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
];

/**
 * The loader's `Cache-Control: no-store` of a hidden listing's 410 (issue 15 §3), and `Vary:
 * Accept-Language` on every answer: the phone is written for the visitor's region (issue 14 §2),
 * so a cache must not hand a German visitor's national "030 1234567" to a visitor from France;
 * the in-page forms' 429 Retry-After passes through pageHeaders (app/route-headers.ts).
 */
export const headers = pageHeaders(({ errorHeaders }) => {
  const headers = new Headers({ Vary: "Accept-Language" });
  // Issue 15 §3: the 410 of a hidden listing is never cached (it may be restored).
  const noStore = errorHeaders?.get("Cache-Control");
  if (noStore) headers.set("Cache-Control", noStore);
  return headers;
});

/**
 * The profile's two in-page forms (issue 13 §4; spec §5, §9), by `intent`: "case" (Submit Case,
 * multipart/form-data with `documents`, streamed through the case intake: submitCaseFromPage)
 * and "message" (Send Message, url-encoded: sendMessageFromPage). A multipart post is always the
 * case form. Both validate with the shared schemas of lib/ and call the same domain functions as
 * the API, rate limited the same way ('case-ip', 'message-ip'); success redirects (303) to the
 * success view, a failure answers the page with its errors and what was typed. 404 for an
 * unknown listing; 400 for a post that is neither form.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const id = lawyerIdOf(params.id);
  const type = request.headers.get("Content-Type") ?? "";
  if (/^multipart\/form-data/i.test(type)) return submitCaseFromPage({ request, context, lawyerId: id });
  const form = await readPageForm(request).catch(() => null);
  const intent = form?.text("intent");
  if (form && intent === "case") return submitCaseFromPage({ request, context, lawyerId: id, form });
  if (form && intent === "message") return sendMessageFromPage({ request, context, lawyerId: id, form });
  throw data({ message: "Unknown form." }, { status: 400 });
}

/**
 * Every post goes to the server action; the Send Message dialog's (a fetcher, `?dialog=1`) gets
 * the spec's failure text when the server cannot be reached (features/messages/message-dialog.ts).
 */
export const clientAction = ({ request, serverAction }: Route.ClientActionArgs) =>
  messageDialogClientAction(request, serverAction);

/** A message sent from the dialog changes nothing the profile shows: no reload (and no second counted view). */
export function shouldRevalidate({ formAction, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isMessageDialogPost(formAction) ? false : defaultShouldRevalidate;
}

/** Title and description from the lawyer's name, firm and city, the canonical profile URL; noindex when not found. */
export const meta: Route.MetaFunction = ({ matches, loaderData, params, error }) => {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "profile");
  if (isRouteErrorResponse(error) && error.status === 410) {
    const tm = getT(site.locale, "moderation");
    return pageMeta(site, {
      title: tm("hidden.title"),
      description: tm("hidden.text"),
      path: `/lawyer/${encodeURIComponent(params.id ?? "")}`,
      noindex: true,
    });
  }
  if (!loaderData) {
    return pageMeta(site, {
      title: t("meta.notFoundTitle"),
      description: t("meta.notFoundDescription"),
      path: `/lawyer/${encodeURIComponent(params.id ?? "")}`,
      noindex: true,
    });
  }
  const l = loaderData.lawyer;
  return pageMeta(site, { ...profileMeta(l, site.locale), path: `/lawyer/${l.id}` });
};

/** The profile page (features/profile/ProfilePage.tsx). */
export default function LawyerProfile({ loaderData, actionData, matches }: Route.ComponentProps) {
  return <ProfilePage data={loaderData} actionData={actionData} origin={originFromMatches(matches)} />;
}

/**
 * 'Lawyer Not Found' for 404s (spec §2); the removal page for a listing a moderator hid (410,
 * issue 15 §3); other errors go to the root boundary's fallback.
 */
export function ErrorBoundary() {
  const { t } = useTranslation("profile");
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 410) {
    return (
      <HiddenListingPage reason={(error.data as { hiddenReason?: string } | null)?.hiddenReason ?? null} />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ListingGonePage title={t("page.notFoundTitle")} back={t("page.backToDirectory")}>
        <Text c="dimmed">{t("page.notFoundText")}</Text>
      </ListingGonePage>
    );
  }
  logBoundaryError(error);
  return <ErrorFallback />;
}
