/**
 * /lawyer/:id/removal (issue 15 §3 "Corrections and removal"): anyone, signed in or by email,
 * asks for the removal of an UNCLAIMED listing about them (a claimed listing's lawyer edits it
 * from the dashboard; the page says so and the action answers 409). Server rendered, works
 * without JavaScript; rate limited per client IP ('correction-ip'); the request goes to the
 * `corrections` queue. Unknown or hidden listings answer 404.
 */
import { useActionData, useLoaderData } from "react-router";
import { failureOf, RemovalPage } from "../features/moderation";
import { listingRequestMeta } from "../features/moderation/listing-request";
import { listingOf, submitListingRequest } from "../features/moderation/listing-request.server";
import { pageHeaders } from "../route-headers";
import { getOptionalUser } from "../session.server";
import type { Route } from "./+types/lawyer.removal";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** The listing, whether it is claimed, the signed-in visitor's email and `sent` (`?sent=1`). @throws 404 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const listing = await listingOf(context, params.id);
  const user = await getOptionalUser(request, context);
  return {
    listing: { id: listing.id, name: listing.name },
    claimed: listing.claimed,
    email: user?.email ?? "",
    sent: new URL(request.url).searchParams.get("sent") === "1",
  };
}

/**
 * Stores the removal request (email, details), then redirects to `?sent=1`; a failure answers the
 * form again with its messages (400, 404, 409 claimed, 429 with Retry-After).
 */
export async function action(args: Route.ActionArgs) {
  return submitListingRequest("removal", args);
}

/** Title with the listing's name; noindex. */
export function meta(args: Route.MetaArgs) {
  return listingRequestMeta("removal", args);
}

/** The removal request page. */
export default function LawyerRemoval() {
  const { listing, claimed, email, sent } = useLoaderData<typeof loader>();
  return (
    <RemovalPage
      listing={listing}
      claimed={claimed}
      email={email}
      failure={failureOf(useActionData())}
      sent={sent}
    />
  );
}
