/**
 * /admin/reviews/:id (issue 16 §1): one review held for moderation or reported, and the
 * moderator's decision: publish, reject or remove with a reason from the published policy
 * (REVIEW_REMOVAL_REASONS). Audited (review.published / review.rejected / review.removed, before
 * -> after) with the rating recompute in the same transaction (server/reviews). Staff only
 * (requireStaff in the loader and again in the action); unknown ids answer 404.
 */
import { data, useActionData, useLoaderData, useSearchParams } from "react-router";
import { servicesContext } from "../context";
import { AdminShell } from "../features/admin/AdminShell";
import { clientIp, requireStaff } from "../features/admin/admin-guard.server";
import { AdminReviewScreen } from "../features/reviews/AdminReviewScreen";
import { reviewFailureOf } from "../features/reviews/forms";
import { runReviewForm } from "../features/reviews/review-action.server";
import { getT } from "../i18n/i18n";
import { localizedRedirect } from "../i18n/locale";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/admin.review";

/** Guard, then the review. @throws redirect (signed out, second factor pending), 403 (not staff), 404 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const review = await context.get(servicesContext).reviews.moderation(user, params.id);
  if (!review) throw data({ message: "errors:reviews.notFound" }, { status: 404 });
  return { email: user.email, role: user.role, review };
}

/**
 * Decides (`decision` publish | reject | remove, `reason` for the last two), then redirects back
 * with `?done=1`; a failure answers the form again (400 no reason, 404, 409 not possible, 429).
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const failed = await runReviewForm(request, context, ["decision", "reason"], (values) =>
    context
      .get(servicesContext)
      .reviews.decide(
        user,
        params.id,
        { decision: values.decision, ...(values.reason ? { reason: values.reason } : {}) },
        { ip: clientIp(context) },
      ),
  );
  return failed ?? localizedRedirect(request, `/admin/reviews/${params.id}?done=1`, 303);
}

/** Title; noindex. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "reviews");
  return pageMeta(site, {
    title: t("admin.title"),
    description: t("admin.title"),
    path: "/admin",
    noindex: true,
  });
}

/** One review with its decision form. */
export default function AdminReview() {
  const { email, role, review } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <AdminShell current="queues" email={email} role={role}>
      <AdminReviewScreen
        review={review}
        failure={reviewFailureOf(useActionData())}
        done={params.get("done") === "1"}
      />
    </AdminShell>
  );
}
