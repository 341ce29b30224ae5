/**
 * /admin/reports/:id (issue 15 §3): one listing report, and its action that closes it with a
 * required reason: dismiss, or hide the listing (audited: report.dismissed / report.hidden and
 * listing.hidden, before -> after; the reporter gets the answer by email when they left one).
 * Staff only (requireStaff in the loader and again in the action); unknown ids answer 404.
 */
import { data, useActionData, useLoaderData, useSearchParams } from "react-router";
import { servicesContext } from "../context";
import { AdminShell } from "../features/admin/AdminShell";
import { clientIp, requireStaff } from "../features/admin/admin-guard.server";
import { failureOf, ReportScreen } from "../features/moderation";
import { runForm } from "../features/moderation/moderation-action.server";
import { getT } from "../i18n/i18n";
import { localizedRedirect } from "../i18n/locale";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/admin.report";

/** Guard, then the report. @throws redirect (signed out, second factor pending), 403 (not staff), 404 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const report = await context.get(servicesContext).moderation.report(user, params.id);
  if (!report) throw data({ message: "moderation:errors.reportGone" }, { status: 404 });
  return { email: user.email, role: user.role, report };
}

/**
 * Resolves the report (`outcome` dismiss | hide, `note` required), then redirects back with
 * `?done=1`; a failure answers the form again (400 no reason, 404, 409 closed, 429).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const failed = await runForm(request, context, ["outcome", "note"], (values) =>
    context
      .get(servicesContext)
      .moderation.resolveReport(
        user,
        params.id,
        { outcome: values.outcome === "hide" ? "hide" : "dismiss", note: values.note },
        { ip: clientIp(context) },
      ),
  );
  return failed ?? localizedRedirect(request, `/admin/reports/${params.id}?done=1`, 303);
}

/** Title; noindex. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "moderation");
  return pageMeta(site, {
    title: t("admin.reportPage"),
    description: t("admin.reportPage"),
    path: "/admin",
    noindex: true,
  });
}

/** One report with its resolution form. */
export default function AdminReport() {
  const { email, role, report } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <AdminShell current="queues" email={email} role={role}>
      <ReportScreen
        report={report}
        failure={failureOf(useActionData())}
        notice={params.get("done") === "1"}
      />
    </AdminShell>
  );
}
