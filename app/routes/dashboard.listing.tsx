/**
 * /dashboard/listing (issue 3 "Lawyer onboarding"): the action behind the dashboard's "My
 * listing" forms (app/features/listing/MyListing.tsx): send the claim link, send the link that
 * verifies the account's email, create a listing, edit it, upload a logo
 * (app/features/listing/listing-action.server.ts). GET goes to /dashboard.
 */
import { redirect } from "react-router";
import { runListingForm } from "../features/listing/listing-action.server";
import type { Route } from "./+types/dashboard.listing";

/** GET /dashboard/listing has nothing to show: the forms live on the dashboard. */
export function loader() {
  return redirect("/dashboard");
}

/**
 * Runs one listing form (field `intent`: claim, verify-email, create, update or logo) for the
 * signed-in lawyer; signed-out visitors are sent to /login and back. Answers ListingActionResult
 * with the service's status, or, for a form sent without JavaScript and for a created listing, a
 * redirect to /dashboard?listing=<notice>.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return runListingForm({ request, context });
}
