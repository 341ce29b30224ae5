/**
 * /admin (issue 15 §1 "Staff roles and the back office"): the back office's overview, the four
 * queues (verification requests, re-checks due, listing reports, corrections) and the number of
 * new contact messages. Staff only (moderator or admin, second factor passed): signed-out
 * visitors go to /login and back, a staff session without its second factor to
 * /login/second-factor, clients and lawyers get the 403 page (requireStaff). Server-rendered,
 * works without JavaScript, in every locale (/de/admin …); never indexed or cached publicly.
 */
import { useLoaderData } from "react-router";
import { servicesContext } from "../context";
import { AdminShell } from "../features/admin/AdminShell";
import { requireStaff } from "../features/admin/admin-guard.server";
import { QueuesOverview } from "../features/admin/QueuesOverview";
import { getT } from "../i18n/i18n";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import type { Route } from "./+types/admin";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** How many items of each queue the overview lists. */
const QUEUE_PREVIEW = 20;

/**
 * Guard, then the queues (server/staff `queues`) and the count of new contact messages.
 * @throws redirect (signed out, second factor pending), 403 (not staff)
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context);
  const staff = context.get(servicesContext).staff;
  const [queues, inbox] = await Promise.all([
    staff.queues(QUEUE_PREVIEW),
    staff.contactInbox({ status: "new" }, 1),
  ]);
  return { email: user.email, role: user.role, queues, newContact: inbox.total };
}

/** Title of the back office; noindex (a private page). */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "admin");
  return pageMeta(site, {
    title: t("meta.title"),
    description: t("meta.description"),
    path: "/admin",
    noindex: true,
  });
}

/** The back office's overview page. */
export default function AdminOverview() {
  const { email, role, queues, newContact } = useLoaderData<typeof loader>();
  return (
    <AdminShell current="queues" email={email} role={role}>
      <QueuesOverview queues={queues} newContact={newContact} />
    </AdminShell>
  );
}
