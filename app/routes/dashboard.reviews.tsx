/**
 * /dashboard/reviews (issue 16 §1): the signed-in lawyer's published reviews, with one public
 * reply per review and a report form (a reason from the policy and details; goes to the
 * `reviews` queue, the review stays published). Only the listing's lawyer: signed-out visitors
 * go to /login; clients, staff and lawyers without a listing get 403. Rate limited
 * ('review-write' per user).
 */
import { data, useActionData, useLoaderData } from "react-router";
import type { PublicUser } from "../../lib/account.ts";
import { servicesContext } from "../context";
import { reviewFailureOf } from "../features/reviews/forms";
import { LawyerReviewsPage } from "../features/reviews/LawyerReviewsPage";
import { runReviewForm } from "../features/reviews/review-action.server";
import { getT } from "../i18n/i18n";
import { localizedRedirect } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { requireUser } from "../session.server";
import type { Route } from "./+types/dashboard.reviews";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** The signed-in lawyer with a listing. @throws redirect to /login, 403 for anyone else */
async function requireListingLawyer(
  request: Request,
  context: Route.LoaderArgs["context"],
): Promise<PublicUser> {
  const user = await requireUser(request, context);
  if (user.role !== "lawyer" || user.lawyerId === null)
    throw data({ message: "moderation:errors.noListing" }, { status: 403 });
  return user;
}

/** The lawyer's published reviews, and `done` after a reply or report (`?done=replied|reported`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireListingLawyer(request, context);
  const reviews = await context.get(servicesContext).reviews.forLawyer(user);
  const done = new URL(request.url).searchParams.get("done");
  return { reviews, done: done === "replied" || done === "reported" ? done : null };
}

/** intent=reply (reviewId, reply) or intent=report (reviewId, reason, details); redirects with `?done=`. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireListingLawyer(request, context);
  const { reviews } = context.get(servicesContext);
  let intent = "";
  const failed = await runReviewForm(request, context, ["reply", "reason", "details"], async (values) => {
    intent = values.intent === "report" ? "report" : "reply";
    const id = values.reviewId ?? "";
    if (intent === "report")
      await reviews.report(id, user, { reason: values.reason, details: values.details });
    else await reviews.reply(id, user, { reply: values.reply });
  });
  return (
    failed ??
    localizedRedirect(request, `/dashboard/reviews?done=${intent === "report" ? "reported" : "replied"}`, 303)
  );
}

/** Title; noindex. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "reviews");
  return pageMeta(site, {
    title: t("dashboard.title"),
    description: t("dashboard.intro"),
    path: "/dashboard/reviews",
    noindex: true,
  });
}

/** The reviews page. */
export default function DashboardReviews() {
  const { reviews, done } = useLoaderData<typeof loader>();
  return <LawyerReviewsPage reviews={reviews} failure={reviewFailureOf(useActionData())} done={done} />;
}
