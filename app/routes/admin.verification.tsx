/**
 * /admin/verification/:id (issue 15 §2 "a moderator reviews against the register and approves or
 * rejects with a reason the lawyer sees"): one verification request with the listing's
 * admissions (and a link to each regulator's register), its current checks, the details and
 * note the lawyer sent, the proofs (authorised download, /verification/proofs/{id}), and the
 * approve and reject forms. Staff only (requireStaff in the loader and again in the action);
 * unknown ids 404. Decisions are audited and recomputed by the service (server/verification/requests.ts).
 */
import { data, useActionData, useLoaderData, useSearchParams } from "react-router";
import { servicesContext } from "../context";
import { AdminShell } from "../features/admin/AdminShell";
import { clientIp, requireStaff } from "../features/admin/admin-guard.server";
import { VerificationReview } from "../features/verification/VerificationReview";
import { readPageForm } from "../form-input";
import { type FormResult, runPageForm } from "../form-result";
import { getT } from "../i18n/i18n";
import { localizedRedirect, requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/admin.verification";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** The request id of the URL, or NaN. */
const idOf = (raw: string | undefined) => (/^\d{1,9}$/.test(raw ?? "") ? Number(raw) : Number.NaN);

/**
 * Guard, then the request with each admission's register search page when known.
 * @throws redirect (signed out, second factor pending), 403 (not staff), 404 (unknown id)
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const view = await context.get(servicesContext).verification.staffView(idOf(params.id));
  if (!view) throw data({ message: "admin:verification.notFound" }, { status: 404 });
  return { email: user.email, role: user.role, view, registers: view.registers };
}

/**
 * Approves or rejects (`decision`), then redirects back with `?done=approved|rejected`
 * (post/redirect/get). A failure (no reason, no register URL, already decided, 429) answers the
 * form's values with the errors next to their fields (FormResult, `intent` the decision).
 * @throws redirect (signed out, second factor pending), 403 (not staff), 404 (unknown id)
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const form = await readPageForm(request);
  const values = form.fields;
  const id = idOf(params.id);
  const spec = {
    form,
    values,
    intent: values.decision ?? "",
    locale: requestLocale(request),
    keepMessage: true,
    refuse: (err: { status: number }) => {
      if (err.status === 404) throw data({ message: "admin:verification.notFound" }, { status: 404 });
      return undefined;
    },
  };
  return runPageForm(spec, async () => {
    await context.get(servicesContext).verification.decide(user, id, values, { ip: clientIp(context) });
    const done = values.decision === "approve" ? "approved" : "rejected";
    return localizedRedirect(request, `/admin/verification/${id}?done=${done}`);
  });
}

/** Title: the listing's name; noindex. */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "admin");
  return pageMeta(site, {
    title: `${loaderData?.view.listingName ?? t("verification.notFound")} | ${t("verification.title")}`,
    description: t("meta.description"),
    path: "/admin",
    noindex: true,
  });
}

/** One verification request with its decision forms. */
export default function AdminVerification() {
  const { email, role, view, registers } = useLoaderData<typeof loader>();
  const failure = useActionData<typeof action>() as FormResult | undefined;
  const [params] = useSearchParams();
  return (
    <AdminShell current="queues" email={email} role={role}>
      <VerificationReview
        view={view}
        registers={registers}
        notice={failure ? null : params.get("done")}
        failure={failure ?? null}
      />
    </AdminShell>
  );
}
