/**
 * /admin/corrections/:id (issue 15 §3): one correction or removal request, and its action that
 * answers it (accept / decline with a required reason; audited correction.accepted /
 * correction.declined; emailed in the requester's locale; accepting a removal hides the listing,
 * audited listing.hidden). Staff only; unknown ids answer 404.
 */
import { data, useActionData, useLoaderData, useSearchParams } from "react-router";
import { servicesContext } from "../context";
import { AdminShell } from "../features/admin/AdminShell";
import { clientIp, requireStaff } from "../features/admin/admin-guard.server";
import { CorrectionScreen, failureOf } from "../features/moderation";
import { runForm } from "../features/moderation/moderation-action.server";
import { getT } from "../i18n/i18n";
import { localizedRedirect } from "../i18n/locale";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/admin.correction";

/** Guard, then the request. @throws redirect (signed out, second factor pending), 403 (not staff), 404 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const found = await context.get(servicesContext).moderation.correction(user, params.id);
  if (!found) throw data({ message: "moderation:errors.correctionGone" }, { status: 404 });
  return { email: user.email, role: user.role, request: found };
}

/**
 * Answers the request (`outcome` accept | decline, `note` required), then redirects back with
 * `?done=1`; a failure answers the form again (400 no reason, 404, 409 answered, 429).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const failed = await runForm(request, context, ["outcome", "note"], (values) =>
    context
      .get(servicesContext)
      .moderation.answerCorrection(
        user,
        params.id,
        { outcome: values.outcome === "accept" ? "accept" : "decline", note: values.note },
        { ip: clientIp(context) },
      ),
  );
  return failed ?? localizedRedirect(request, `/admin/corrections/${params.id}?done=1`, 303);
}

/** Title; noindex. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "moderation");
  return pageMeta(site, {
    title: t("admin.correctionPage"),
    description: t("admin.correctionPage"),
    path: "/admin",
    noindex: true,
  });
}

/** One correction or removal request with its answer form. */
export default function AdminCorrection() {
  const { email, role, request } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <AdminShell current="queues" email={email} role={role}>
      <CorrectionScreen
        request={request}
        failure={failureOf(useActionData())}
        notice={params.get("done") === "1"}
      />
    </AdminShell>
  );
}
