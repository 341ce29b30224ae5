/**
 * /admin/listings/:id (issue 15 §3): one listing's visibility, and its action that hides it (a
 * general public reason and the moderator's note, both required) or restores it (note required).
 * Audited listing.hidden / listing.restored with before -> after visibility. A hidden listing's
 * profile answers 410 and it leaves search, the sitemap, matches and the API; a restore brings it
 * back. Staff only; unknown ids answer 404.
 */
import { data, useActionData, useLoaderData, useSearchParams } from "react-router";
import { lawyerIdFromPath } from "../../lib/ids.ts";
import { servicesContext } from "../context";
import { AdminShell } from "../features/admin/AdminShell";
import { clientIp, requireStaff } from "../features/admin/admin-guard.server";
import { failureOf, ListingScreen } from "../features/moderation";
import { runForm } from "../features/moderation/moderation-action.server";
import { getT } from "../i18n/i18n";
import { localizedRedirect } from "../i18n/locale";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/admin.listing";

/** Guard, then the listing's moderation state. @throws redirect, 403 (not staff), 404 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const id = lawyerIdFromPath(params.id);
  const listing = id === null ? null : await context.get(servicesContext).moderation.listing(user, id);
  if (!listing) throw data({ message: "moderation:errors.listingGone" }, { status: 404 });
  return { email: user.email, role: user.role, listing };
}

/**
 * Hides (`visibility=hide`, `reason`, `note`) or restores (`visibility=restore`, `note`) the
 * listing, then redirects back with `?done=hidden|restored`; a failure answers the form again
 * (400, 404, 409 already in that state, 429).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const id = lawyerIdFromPath(params.id);
  if (id === null) throw data({ message: "moderation:errors.listingGone" }, { status: 404 });
  let hidden = false;
  const failed = await runForm(request, context, ["visibility", "reason", "note"], (values) => {
    hidden = values.visibility === "hide";
    return context
      .get(servicesContext)
      .moderation.setVisibility(
        user,
        id,
        { hidden, reason: values.reason, note: values.note },
        { ip: clientIp(context) },
      );
  });
  const done = hidden ? "hidden" : "restored";
  return failed ?? localizedRedirect(request, `/admin/listings/${id}?done=${done}`, 303);
}

/** Title; noindex. */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "moderation");
  return pageMeta(site, {
    title: `${loaderData?.listing.name ?? ""} | ${t("admin.listingPage")}`,
    description: t("admin.listingPage"),
    path: "/admin",
    noindex: true,
  });
}

/** One listing's visibility screen. */
export default function AdminListing() {
  const { email, role, listing } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <AdminShell current="queues" email={email} role={role}>
      <ListingScreen listing={listing} failure={failureOf(useActionData())} notice={params.get("done")} />
    </AdminShell>
  );
}
