/**
 * /lawyer/:id/removal (issue 15 §3 "Corrections and removal"): anyone, signed in or by email,
 * asks for the removal of an UNCLAIMED listing about them (a claimed listing's lawyer edits it
 * from the dashboard; the page says so and the action answers 409). Server rendered, works
 * without JavaScript; rate limited per client IP ('correction-ip'); the request goes to the
 * `corrections` queue. Unknown or hidden listings answer 404.
 */
import { data, useActionData, useLoaderData } from "react-router";
import { lawyerIdFromPath } from "../../lib/ids.ts";
import { REMOVAL_FIELDS } from "../../lib/moderation.ts";
import { servicesContext } from "../context";
import { failureOf, RemovalPage } from "../features/moderation";
import { runForm } from "../features/moderation/moderation-action.server";
import { getT } from "../i18n/i18n";
import { localizedRedirect, requestLocale } from "../i18n/locale";
import { pageMeta, siteFromMatches } from "../seo";
import { getOptionalUser } from "../session";
import type { Route } from "./+types/lawyer.removal";

/** The visible listing of the address, or a 404 response. */
async function listingOf(context: Route.LoaderArgs["context"], idParam: string) {
  const id = lawyerIdFromPath(idParam);
  const listing = id === null ? null : await context.get(servicesContext).moderation.publicListing(id);
  if (!listing) throw data({ message: "Lawyer not found" }, { status: 404 });
  return listing;
}

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
export async function action({ params, request, context }: Route.ActionArgs) {
  const listing = await listingOf(context, params.id);
  const services = context.get(servicesContext);
  const user = await getOptionalUser(request, context);
  const failed = await runForm(request, context, REMOVAL_FIELDS, (values) =>
    services.moderation.submitRemoval(listing.id, values, {
      ip: services.clientIp(context),
      locale: requestLocale(request),
      userId: user?.id ?? null,
    }),
  );
  return failed ?? localizedRedirect(request, `/lawyer/${listing.id}/removal?sent=1`, 303);
}

/** Title with the listing's name; noindex. */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "moderation");
  return pageMeta(site, {
    title: t("removal.title", { name: loaderData?.listing.name ?? "" }),
    description: t("removal.intro"),
    path: `/lawyer/${loaderData?.listing.id ?? ""}/removal`,
    noindex: true,
  });
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
