/**
 * The lawyer profile's data (/lawyer/:id; spec §2 "Lawyer profile"), gathered on the server for
 * app/routes/lawyer.tsx: the listing in the page's language, its checks, reviews, opening state,
 * formatted address and phone, the managed lawyers nearby of a listing nobody manages, and the
 * in-page forms' state (issue 13 §4). Server-only: the address formatter and phone metadata stay
 * out of the page's JavaScript (issue 14 §2).
 */
import { data, type RouterContextProvider } from "react-router";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import { timeZoneFromCookie } from "../../../lib/i18n/time-zone.ts";
import { lawyerIdFromPath } from "../../../lib/ids.ts";
import { mapTilesOf } from "../../../lib/map-tiles.ts";
import { openingState } from "../../../lib/opening-hours.ts";
import { displayName } from "../../../lib/person.ts";
import { servicesContext } from "../../context";
import { requestLocale } from "../../i18n/locale";
import { listingPhone } from "../../i18n/phone.server";
import { getOptionalUser } from "../../session.server";
import { clickSourceOf, isPrefetchRequest } from "../analytics";
import { readCaseFlash } from "../cases";
import { type ProfileReviewsData, profileReviewQuery } from "../reviews";
import { distanceUnitFor, toCardData } from "../search";
import { businessAddressLines } from "./address.server";

/**
 * The listing id of the address `id` (the `:id` of /lawyer/:id).
 * @throws Response 404 `{ message }` for anything that is not a listing id
 */
export function lawyerIdOf(id: string): number {
  const lawyerId = lawyerIdFromPath(id);
  if (lawyerId === null) throw data({ message: "Lawyer not found" }, { status: 404 });
  return lawyerId;
}

/** Which in-page form the address asks for (`?form=case` or `?form=message`; issue 13 §4), else null. */
function inPageFormOf(url: URL): "case" | "message" | null {
  const form = url.searchParams.get("form");
  return form === "case" || form === "message" ? form : null;
}

/**
 * Loads the lawyer, and the signed-in visitor's name and email to prefill Send Message and Submit
 * Case (null when signed out). Counts the profile view, and a click when the visitor came from a
 * search or match result (issue 6; services.analytics, not awaited: the page never waits for it).
 *
 * Issue 13 §4: `?form=case` or `?form=message` shows that form in the page (it works without
 * JavaScript); with `&sent=1` its success view: for a case, the summary the action left in the
 * flash cookie (case-flash.ts; without it, the empty form), answered `private, no-store` (the
 * route's middleware).
 * @throws Response 404 for a non-numeric id or an unknown lawyer; 410 `{ message, hiddenReason }`
 *   with `Cache-Control: no-store` for a listing a moderator hid (issue 15 §3)
 */
export async function loadProfilePage({
  params,
  request,
  context,
}: {
  params: { id: string };
  request: Request;
  context: Readonly<RouterContextProvider>;
}) {
  const id = lawyerIdOf(params.id);
  const url = new URL(request.url);
  const services = context.get(servicesContext);
  const { directory } = services;
  const lawyer = await directory.getLawyer(id);
  if (!lawyer) {
    // Issue 15 §3: a listing a moderator hid answers 410 with its general reason.
    const hidden = await directory.hiddenListing(id);
    // 410 is cacheable by default (RFC 9110 §15.5.11); a moderator may restore the listing, so
    // no cache may keep this answer.
    if (hidden) {
      throw data(
        { message: "Listing removed", hiddenReason: hidden.reason },
        { status: 410, headers: { "Cache-Control": "no-store" } },
      );
    }
    throw data({ message: "Lawyer not found" }, { status: 404 });
  }
  // Issue 15 §2: the checks behind the tick, shown in "What we checked".
  const { verification, disciplinaryRecords } = await directory.getVerification(id);
  const user = await getOptionalUser(request, context);
  // Issue 6: a view (and a result click, by the Referer), counted without waiting; a prefetch is no visit.
  if (!isPrefetchRequest(request)) {
    void services.analytics.recordView(
      lawyer.id,
      { ip: services.clientIp(context), userAgent: request.headers.get("User-Agent") },
      { source: clickSourceOf(request), viewerUserId: user?.id ?? null },
    );
  }
  const visitor = user ? { name: displayName(user, requestLocale(request)), email: user.email } : null;
  const form = inPageFormOf(url);
  const sent = url.searchParams.get("sent") === "1";
  const caseSent = form === "case" && sent ? readCaseFlash(request, id) : null;
  const messageSent = form === "message" && sent;
  // Issue 14 §2: the business address in the country's order and the phone nationally or
  // internationally for this visitor, formatted here (server-only formatter and phone metadata).
  // The postal address is the country's, the same in every locale, never losing a stored part
  // (issue 28 §2); it may write the city as its country does ("80331 München"), so it is read
  // with the city's names in every locale. The page shows the city and region in its own language
  // (issue 14 §1, server/search/place-names.ts).
  const cityNames = LOCALES.map((l) => directory.localizePlaces([lawyer], l)[0]?.city ?? lawyer.city);
  const addressLines = businessAddressLines(lawyer, cityNames);
  const [shown = lawyer] = directory.localizePlaces([lawyer], requestLocale(request));
  // Issue 16 §1: the published reviews' figures and one page of them (`?reviewSort=&reviewPage=`).
  const reviewQuery = profileReviewQuery(url);
  const [reviewSummary, reviewPage] = await Promise.all([
    services.reviews.summary(id),
    services.reviews.listPublished(id, reviewQuery),
  ]);
  const reviews: ProfileReviewsData = { summary: reviewSummary, page: reviewPage, sort: reviewQuery.sort };
  // Issue 19 §1: open now / opens next from the hours in the office's zone at this request's
  // time (the injectable clock); the visitor's zone decides whether the zone's name is shown.
  const opening = openingState(lawyer.workingHours, lawyer.timeZone, services.clock.now());
  // Issue 28 §4: a listing nobody manages offers the managed lawyers nearby instead of a promise.
  const nearby = lawyer.managed
    ? null
    : directory
        .localizePlaces((await directory.managedNearby(id)) ?? [], requestLocale(request))
        .map(toCardData);
  return {
    opening,
    visitorZone: timeZoneFromCookie(request.headers.get("Cookie")),
    mapTiles: mapTilesOf(services.config),
    lawyer: shown,
    verification,
    disciplinaryRecords,
    visitor,
    form,
    caseSent,
    messageSent,
    addressLines,
    // Issue 28 §4: null for a demo listing whose made-up number is in no range reserved for fiction.
    phone: listingPhone(lawyer, request),
    reviews,
    nearby,
    distanceUnit: distanceUnitFor(request.headers.get("Accept-Language")),
  };
}

/** What the profile page shows: the loader's answer (see loadProfilePage). */
export type ProfilePageData = Awaited<ReturnType<typeof loadProfilePage>>;
