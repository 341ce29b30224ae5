/**
 * The two public requests about a listing (issue 15 §3): "Report a listing" (/lawyer/:id/report)
 * and "Ask for removal" of an unclaimed one (/lawyer/:id/removal). Their routes differ only in the
 * fields posted and the moderation call; this module holds what they share: the visible listing of
 * the address (404 otherwise) and the action (runForm, then the redirect to `?sent=1`).
 * Server-only: the routes' loaders and actions call it.
 */
import { data, type RouterContextProvider } from "react-router";
import { lawyerIdFromPath } from "../../../lib/ids.ts";
import { REMOVAL_FIELDS, REPORT_FIELDS } from "../../../lib/moderation.ts";
import { servicesContext } from "../../context";
import { localizedRedirect, requestLocale } from "../../i18n/locale";
import { getOptionalUser } from "../../session.server";
import type { ListingRequestKind } from "./listing-request";
import { runForm } from "./moderation-action.server";

/**
 * The visible listing of the address `idParam` (the route's `:id`).
 * @throws a 404 response when the id is malformed, unknown or the listing hidden
 */
export async function listingOf(context: Readonly<RouterContextProvider>, idParam: string) {
  const id = lawyerIdFromPath(idParam);
  const listing = id === null ? null : await context.get(servicesContext).moderation.publicListing(id);
  if (!listing) throw data({ message: "Lawyer not found" }, { status: 404 });
  return listing;
}

/**
 * Stores a report (reason, details, optional email) or a removal request (email, details) about
 * the listing `idParam`, with the client IP, the page's locale and the signed-in user if any, then
 * redirects to the page's `?sent=1` (303); a failure answers the form again with its messages
 * (FormResult: 400, 404, 409 claimed listing for a removal, 429 with Retry-After).
 * @throws a 404 response when the listing is not visible
 */
export async function submitListingRequest(
  kind: ListingRequestKind,
  {
    params,
    request,
    context,
  }: { params: { id: string }; request: Request; context: Readonly<RouterContextProvider> },
) {
  const listing = await listingOf(context, params.id);
  const services = context.get(servicesContext);
  const user = await getOptionalUser(request, context);
  const submit = kind === "report" ? services.moderation.submitReport : services.moderation.submitRemoval;
  const failed = await runForm(
    request,
    context,
    kind === "report" ? REPORT_FIELDS : REMOVAL_FIELDS,
    (values) =>
      submit(listing.id, values, {
        ip: services.clientIp(context),
        locale: requestLocale(request),
        userId: user?.id ?? null,
      }),
  );
  return failed ?? localizedRedirect(request, `/lawyer/${listing.id}/${kind}?sent=1`, 303);
}
