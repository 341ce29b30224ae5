/**
 * /admin/rechecks/:checkId (issue 15 §2 "Ongoing monitoring": the daily job "queues a re-check";
 * the `rechecks` queue of /admin links here): one check due within 30 days or lapsed, and the
 * moderator's decision: re-confirm it against the register (verified with new dates, method,
 * source, link; checked_by = the moderator) or confirm the lapse, with a reason. Audited
 * (`verification.rechecked`, before → after, reason, IP) and rate-limited under 'staff-write'
 * (server/verification/recheck.ts). Staff only (requireStaff in the loader and again in the
 * action); unknown or malformed ids answer 404.
 */
import { data, useActionData, useLoaderData, useSearchParams } from "react-router";
import { type CheckMethod, isoDay } from "../../lib/verification.ts";
import type { RecheckDecision } from "../../server/verification/recheck.ts";
import { servicesContext } from "../context";
import { retryAfterHeaders } from "../domain-error";
import { AdminShell, RecheckView } from "../features/admin";
import { clientIp, requireStaff } from "../features/admin/admin-guard.server";
import { readPageForm } from "../form-input";
import { runPageForm } from "../form-result";
import { getT } from "../i18n/i18n";
import { localizedRedirect } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/admin.rechecks";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** The id of the path, or 0 (never a check) when it is not a positive integer. */
function checkIdOf(raw: string | undefined): number {
  return raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
}

/**
 * Guard, then the check and the clock's day.
 * @throws redirect (signed out, second factor pending), 403 (not staff), 404 (unknown id)
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const services = context.get(servicesContext);
  const check = await services.rechecks.view(checkIdOf(params.checkId));
  if (!check) throw data({ message: "admin:rechecks.notFound" }, { status: 404 });
  return { email: user.email, role: user.role, check, today: isoDay(services.clock.now()) };
}

const FIELDS = ["method", "source", "sourceUrl", "checkedOn", "nextCheckDue", "reason"] as const;

/**
 * Applies the decision of the submitted form (`outcome` verified|lapsed), then redirects back
 * with `?done=verified|lapsed` (post/redirect/get). Invalid fields answer 400 with the typed
 * values and a message per field; a check that is neither verified nor lapsed answers 409 with
 * the message above the form; 429 past the rate limit.
 * @throws redirect (signed out, second factor pending), 403 (not staff), 404 (unknown id)
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const form = await readPageForm(request);
  const text = (name: string) => form.text(name) ?? "";
  const outcome = text("outcome") === "lapsed" ? "lapsed" : "verified";
  const values = Object.fromEntries(FIELDS.map((f) => [f, text(f)])) as Record<string, string>;
  const decision: RecheckDecision =
    outcome === "lapsed"
      ? { outcome, reason: text("reason") }
      : {
          outcome,
          method: text("method") as CheckMethod,
          source: text("source"),
          sourceUrl: text("sourceUrl").trim() === "" ? null : text("sourceUrl").trim(),
          checkedOn: text("checkedOn"),
          nextCheckDue: text("nextCheckDue"),
          reason: text("reason"),
        };
  const checkId = checkIdOf(params.checkId);
  // A refused form (400, 409) is shown next to its fields; any other refusal is the error page.
  const refuse = (err: { status: number; message: string; retryAfterSeconds?: number }) => {
    if (err.status === 400 || err.status === 409) return undefined;
    throw data({ message: err.message }, { status: err.status, headers: retryAfterHeaders(err) });
  };
  return runPageForm({ form, values, intent: outcome, refuse }, async () => {
    await context.get(servicesContext).rechecks.decide(user, checkId, decision, { ip: clientIp(context) });
    return localizedRedirect(request, `/admin/rechecks/${checkId}?done=${outcome}`);
  });
}

/** Title: the listing's name; noindex. */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "admin");
  return pageMeta(site, {
    title: `${loaderData?.check.listingName ?? t("rechecks.notFound")} | ${t("rechecks.title")}`,
    description: t("meta.description"),
    path: "/admin",
    noindex: true,
  });
}

/** One check of the re-check queue with its two decision forms. */
export default function AdminRecheck() {
  const { email, role, check, today } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() ?? null;
  const [params] = useSearchParams();
  return (
    <AdminShell current="queues" email={email} role={role}>
      <RecheckView
        check={check}
        today={today}
        notice={failure ? null : params.get("done")}
        failure={failure}
      />
    </AdminShell>
  );
}
