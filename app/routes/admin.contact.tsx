/**
 * /admin/contact (issue 15 §1 "the contact-form inbox"): the contact form's messages (stored in
 * contact_messages), newest first, filtered by status and category, 20 a page. Staff only
 * (requireStaff); the filters are a GET form, so it works without JavaScript.
 */
import { useLoaderData } from "react-router";
import { CONTACT_CATEGORIES } from "../../lib/constants.ts";
import type { ContactFilter } from "../../server/staff/service.ts";
import { servicesContext } from "../context";
import { AdminShell } from "../features/admin/AdminShell";
import { requireStaff } from "../features/admin/admin-guard.server";
import { ContactInbox } from "../features/admin/ContactInbox";
import { getT } from "../i18n/i18n";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/admin.contact";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** The inbox's filter and page from the URL; unknown values are ignored. */
export function parseInboxQuery(url: URL): { filter: ContactFilter; page: number } {
  const status = url.searchParams.get("status");
  const category = url.searchParams.get("category");
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return {
    filter: {
      ...(status === "new" || status === "handled" ? { status } : {}),
      ...(category && (CONTACT_CATEGORIES as readonly string[]).includes(category) ? { category } : {}),
    },
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 100_000) : 1,
  };
}

/**
 * Guard, then one page of the inbox (server/staff `contactInbox`).
 * @throws redirect (signed out, second factor pending), 403 (not staff)
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const { filter, page } = parseInboxQuery(new URL(request.url));
  const inbox = await context.get(servicesContext).staff.contactInbox(filter, page);
  return { email: user.email, role: user.role, inbox, filter };
}

/** Title of the inbox; noindex. */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "admin");
  return pageMeta(site, {
    title: `${t("contact.title")} | ${t("title")}`,
    description: t("meta.description"),
    path: "/admin/contact",
    noindex: true,
  });
}

/** The contact inbox page. */
export default function AdminContact() {
  const { email, role, inbox, filter } = useLoaderData<typeof loader>();
  return (
    <AdminShell current="contact" email={email} role={role}>
      <ContactInbox inbox={inbox} filter={filter} />
    </AdminShell>
  );
}
