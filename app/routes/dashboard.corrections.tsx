/**
 * /dashboard/corrections (issue 15 §3 "Corrections and removal"): the signed-in lawyer asks for a
 * correction of their own listing's facts they cannot edit (bar admissions, the discipline
 * statement) and reads their own requests and answers; never anyone else's. Signed-out visitors
 * go to /login; clients, staff and lawyers without a listing get 403. Rate limited per client IP
 * ('correction-ip'); the request goes to the `corrections` queue.
 */
import { data, useActionData, useLoaderData } from "react-router";
import type { PublicUser } from "../../lib/account.ts";
import { CORRECTION_FORM_FIELDS } from "../../lib/moderation.ts";
import { servicesContext } from "../context";
import { CorrectionsPage, failureOf } from "../features/moderation";
import { runForm } from "../features/moderation/moderation-action.server";
import { getT } from "../i18n/i18n";
import { localizedRedirect, requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { requireUser } from "../session.server";
import type { Route } from "./+types/dashboard.corrections";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** The signed-in lawyer with a listing. @throws redirect to /login, 403 for anyone else */
async function requireListingLawyer(
  request: Request,
  context: Route.LoaderArgs["context"],
): Promise<PublicUser> {
  const user = await requireUser(request, context);
  if (user.role !== "lawyer" || user.lawyerId === null) {
    throw data({ message: "moderation:errors.noListing" }, { status: 403 });
  }
  return user;
}

/** The lawyer's own requests, and `sent` after one (`?sent=1`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireListingLawyer(request, context);
  const requests = await context.get(servicesContext).moderation.myCorrections(user);
  return { requests, sent: new URL(request.url).searchParams.get("sent") === "1" };
}

/** Stores the request (field, details), then redirects to `?sent=1`; a failure answers the form again (400, 429). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireListingLawyer(request, context);
  const services = context.get(servicesContext);
  const failed = await runForm(request, context, CORRECTION_FORM_FIELDS, (values) =>
    services.moderation.submitCorrection(user, values, {
      ip: services.clientIp(context),
      locale: requestLocale(request),
    }),
  );
  return failed ?? localizedRedirect(request, "/dashboard/corrections?sent=1", 303);
}

/** Title; noindex. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "moderation");
  return pageMeta(site, {
    title: t("corrections.title"),
    description: t("corrections.intro"),
    path: "/dashboard/corrections",
    noindex: true,
  });
}

/** The corrections page. */
export default function DashboardCorrections() {
  const { requests, sent } = useLoaderData<typeof loader>();
  return <CorrectionsPage requests={requests} failure={failureOf(useActionData())} sent={sent} />;
}
