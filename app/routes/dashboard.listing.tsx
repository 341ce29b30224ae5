/**
 * /dashboard/listing (issue 3 "Lawyer onboarding"): the action behind the dashboard's "My
 * listing" forms (app/features/listing/MyListing.tsx): send the claim link, send the link that
 * verifies the account's email, create a listing, edit it, upload a logo
 * (app/features/listing/listing-action.server.ts). GET goes to /dashboard.
 */
import { runListingForm } from "../features/listing/listing-action.server";
import { localizedRedirect } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import type { Route } from "./+types/dashboard.listing";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** GET /dashboard/listing has nothing to show: the forms live on the dashboard (in the page's locale). */
export function loader({ request }: Route.LoaderArgs) {
  return localizedRedirect(request, "/dashboard");
}

/**
 * Runs one listing form (field `intent`: claim, verify-email, create, update or logo) for the
 * signed-in lawyer; signed-out visitors are sent to /login and back. Answers ListingActionResult
 * (refused: ListingFormFailure, the one FormResult shape) with the service's status, or, for a form sent without JavaScript and for a created listing, a
 * redirect to /dashboard?listing=<notice> in the page's locale.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runListingForm({ request, context });
}
