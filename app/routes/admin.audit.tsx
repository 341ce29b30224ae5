/**
 * /admin/audit (issue 15 §1 "a searchable audit log"): the audit log, searched by actor email,
 * action, subject (type and id) and date range (dates are whole UTC days; "to" is inclusive),
 * newest first, 50 a page. Read-only: no control changes an entry (there is no code path that
 * could). Staff only (requireStaff); IP addresses only for administrators.
 */
import { data, useLoaderData } from "react-router";
import { invalidFormFields } from "../../lib/input-boundary.ts";
import type { AuditFilter } from "../../server/audit/index.ts";
import { servicesContext } from "../context";
import { AdminShell } from "../features/admin/AdminShell";
import { AuditLogView, type AuditQuery } from "../features/admin/AuditLogView";
import { requireStaff } from "../features/admin/admin-guard.server";
import { getT } from "../i18n/i18n";
import { requestLocale } from "../i18n/locale";
import { translateFieldErrors } from "../i18n/messages";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/admin.audit";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

const DAY_MS = 24 * 60 * 60 * 1000;

/** A "YYYY-MM-DD" form value as the UTC midnight it names, or undefined. */
function day(value: string): Date | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The search form's values (trimmed, at most 200 characters each) and the filter and page they
 * make: `to` includes its whole day.
 */
export function parseAuditQuery(url: URL): { query: AuditQuery; filter: AuditFilter; page: number } {
  const get = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, 200);
  const query: AuditQuery = {
    actor: get("actor"),
    action: get("action"),
    subjectType: get("subjectType"),
    subjectId: get("subjectId"),
    from: get("from"),
    to: get("to"),
  };
  const from = day(query.from);
  const to = day(query.to);
  const filter: AuditFilter = {
    ...(query.actor ? { actorEmail: query.actor } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.subjectType ? { subjectType: query.subjectType } : {}),
    ...(query.subjectId ? { subjectId: query.subjectId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to: new Date(to.getTime() + DAY_MS) } : {}),
  };
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return { query, filter, page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1 };
}

/**
 * Guard, then one page of the search (server/staff `auditLog`). A search field holding NUL or an
 * unpaired surrogate (issue 27 §2, lib/input-boundary.ts) is not searched: 400 with no rows and
 * the error next to the field, in the page's language, what was typed kept.
 * @throws redirect (signed out, second factor pending), 403 (not staff)
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const url = new URL(request.url);
  const { query, filter, page } = parseAuditQuery(url);
  const view = { email: user.email, role: user.role, query, isAdmin: user.role === "admin" };
  const invalid = invalidFormFields(url.searchParams);
  if (Object.keys(invalid).length > 0) {
    const fieldErrors = translateFieldErrors(requestLocale(request), invalid);
    return data({ ...view, audit: { rows: [], page: 1, hasMore: false }, fieldErrors }, { status: 400 });
  }
  const audit = await context.get(servicesContext).staff.auditLog(user, filter, page);
  return { ...view, audit, fieldErrors: {} as Record<string, string> };
}

/** Title of the audit log; noindex. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "admin");
  return pageMeta(site, {
    title: `${t("audit.title")} | ${t("title")}`,
    description: t("meta.description"),
    path: "/admin/audit",
    noindex: true,
  });
}

/** The audit log page. */
export default function AdminAudit() {
  const { email, role, audit, query, isAdmin, fieldErrors } = useLoaderData<typeof loader>();
  return (
    <AdminShell current="audit" email={email} role={role}>
      <AuditLogView audit={audit} query={query} isAdmin={isAdmin} fieldErrors={fieldErrors} />
    </AdminShell>
  );
}
