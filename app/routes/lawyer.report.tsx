/**
 * /lawyer/:id/report (issue 15 §3 "Report a listing"): the report form of a listing, server
 * rendered, so it works without JavaScript. Anyone may report (no sign-in); the action is rate
 * limited per client IP ('report-ip') and validated with per-field messages in the page's
 * language, keeping what was typed. A report lands in listing_reports and the `reports` queue.
 * Unknown or hidden listings answer 404.
 */
import { data, useActionData, useLoaderData } from "react-router";
import { lawyerIdFromPath } from "../../lib/ids.ts";
import { REPORT_FIELDS } from "../../lib/moderation.ts";
import { servicesContext } from "../context";
import { failureOf, ReportPage } from "../features/moderation";
import { runForm } from "../features/moderation/moderation-action.server";
import { getT } from "../i18n/i18n";
import { localizedRedirect, requestLocale } from "../i18n/locale";
import { pageMeta, siteFromMatches } from "../seo";
import { getOptionalUser } from "../session";
import type { Route } from "./+types/lawyer.report";

/** The visible listing of the address, or a 404 response. */
async function listingOf(context: Route.LoaderArgs["context"], idParam: string) {
  const id = lawyerIdFromPath(idParam);
  const listing = id === null ? null : await context.get(servicesContext).moderation.publicListing(id);
  if (!listing) throw data({ message: "Lawyer not found" }, { status: 404 });
  return listing;
}

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
export async function action({ params, request, context }: Route.ActionArgs) {
  const listing = await listingOf(context, params.id);
  const services = context.get(servicesContext);
  const user = await getOptionalUser(request, context);
  const failed = await runForm(request, context, REPORT_FIELDS, (values) =>
    services.moderation.submitReport(listing.id, values, {
      ip: services.clientIp(context),
      locale: requestLocale(request),
      userId: user?.id ?? null,
    }),
  );
  return failed ?? localizedRedirect(request, `/lawyer/${listing.id}/report?sent=1`, 303);
}

/** Title with the listing's name; noindex. */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "moderation");
  return pageMeta(site, {
    title: t("report.title", { name: loaderData?.listing.name ?? "" }),
    description: t("report.intro"),
    path: `/lawyer/${loaderData?.listing.id ?? ""}/report`,
    noindex: true,
  });
}

/** The report page. */
export default function LawyerReport() {
  const { listing, sent } = useLoaderData<typeof loader>();
  return <ReportPage listing={listing} failure={failureOf(useActionData())} sent={sent} />;
}
