/**
 * /lawyer/:id/report (issue 15 §3 "Report a listing"): the report form of a listing, server
 * rendered, so it works without JavaScript. Anyone may report (no sign-in); the action is rate
 * limited per client IP ('report-ip') and validated with per-field messages in the page's
 * language, keeping what was typed. A report lands in listing_reports and the `reports` queue.
 * Unknown or hidden listings answer 404.
 */
import { useActionData, useLoaderData } from "react-router";
import { failureOf, ReportPage } from "../features/moderation";
import { listingRequestMeta } from "../features/moderation/listing-request";
import { listingOf, submitListingRequest } from "../features/moderation/listing-request.server";
import { pageHeaders } from "../route-headers";
import type { Route } from "./+types/lawyer.report";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** The listing's id and name, and `sent` after a report (`?sent=1`). @throws 404 unknown or hidden listing */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const listing = await listingOf(context, params.id);
  return {
    listing: { id: listing.id, name: listing.name },
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

/**
 * Stores the report (reason, details, optional email), then redirects to `?sent=1`; a failure
 * answers the form again with its messages (400, 404, 429 with Retry-After).
 */
export async function action(args: Route.ActionArgs) {
  return submitListingRequest("report", args);
}

/** Title with the listing's name; noindex. */
export function meta(args: Route.MetaArgs) {
  return listingRequestMeta("report", args);
}

/** The report page. */
export default function LawyerReport() {
  const { listing, sent } = useLoaderData<typeof loader>();
  return <ReportPage listing={listing} failure={failureOf(useActionData())} sent={sent} />;
}
