/**
 * /admin/contact/:id (issue 15 §1): one contact message, and its action that marks it handled
 * or new again (audited: contact.marked_handled / contact.reopened, with the staff member, the
 * before → after status and the IP; rate-limited under 'staff-write'). Staff only (requireStaff,
 * in the loader and again in the action). Unknown ids answer 404.
 */
import { data, useLoaderData, useSearchParams } from "react-router";
import { servicesContext } from "../context";
import { isDomainError, retryAfterHeaders } from "../domain-error";
import { AdminShell } from "../features/admin/AdminShell";
import { clientIp, requireStaff } from "../features/admin/admin-guard.server";
import { ContactMessage } from "../features/admin/ContactMessage";
import { readPageForm } from "../form-input";
import { getT } from "../i18n/i18n";
import { localizedRedirect, requestLocale } from "../i18n/locale";
import { translateFor } from "../i18n/messages";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/admin.contact-message";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/**
 * Guard, then the message.
 * @throws redirect (signed out, second factor pending), 403 (not staff), 404 (unknown id)
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const message = await context.get(servicesContext).staff.contactMessage(params.id);
  if (!message) throw data({ message: "admin:contact.notFound" }, { status: 404 });
  return { email: user.email, role: user.role, message };
}

/**
 * Marks the message handled (`status=handled`) or new (`status=new`), then redirects back to it
 * with `?done=handled|reopened` (post/redirect/get). A bad status answers 400.
 * @throws redirect (signed out, second factor pending), 403 (not staff), 404 (unknown id), 429
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireStaff(request, context);
  const form = await readPageForm(request);
  const status = form.text("status");
  if (status !== "handled" && status !== "new") throw data({ message: "bad status" }, { status: 400 });
  try {
    await context
      .get(servicesContext)
      .staff.setContactStatus(user, params.id, status, { ip: clientIp(context) });
  } catch (err) {
    if (isDomainError(err)) {
      throw data(
        { message: translateFor(requestLocale(request), err.message) },
        { status: err.status, headers: retryAfterHeaders(err) },
      );
    }
    throw err;
  }
  const done = status === "handled" ? "handled" : "reopened";
  return localizedRedirect(request, `/admin/contact/${params.id}?done=${done}`);
}

/** Title: the message's subject; noindex. */
export function meta({ matches, loaderData }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "admin");
  return pageMeta(site, {
    title: `${loaderData?.message.subject ?? t("contact.notFound")} | ${t("contact.title")}`,
    description: t("meta.description"),
    path: "/admin/contact",
    noindex: true,
  });
}

/** One contact message with its mark-handled form. */
export default function AdminContactMessage() {
  const { email, role, message } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  return (
    <AdminShell current="contact" email={email} role={role}>
      <ContactMessage message={message} notice={params.get("done")} />
    </AdminShell>
  );
}
