/**
 * /dashboard/data (issue 17 §4; GDPR Art. 15, 17, 20): "Your data" on a page of its own, and the
 * action of its forms (also posted from the dashboard's section): `intent=delete` with the current
 * password schedules the account's deletion (server/rights requestErasure: 403 staff, 400 wrong
 * password next to the field, 429), `intent=cancel` cancels it. Success redirects to the
 * dashboard's section; a failure renders this page with the message in the page's language and
 * the form as it was. Signed-out visitors go to /login. Without JavaScript too.
 */
import { Container } from "@mantine/core";
import { useActionData, useLoaderData } from "react-router";
import { isStaffRole } from "../../lib/account.ts";
import { msg } from "../../lib/i18n/message.ts";
import { DataRightsSection, deletionFailureOf } from "../features/rights/DataRightsSection";
import { readPageForm } from "../form-input";
import { runPageForm } from "../form-result";
import { getT } from "../i18n/i18n";
import { localizedRedirect, requestLocale } from "../i18n/locale";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { requireUserServices } from "../session.server";
import type { Route } from "./+types/dashboard.data";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/** The signed-in person's pending deletion and latest background export. @throws redirect to /login */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = await requireUserServices({ request, context });
  const { rights } = services;
  const [pendingDeletion, latestExport] = await Promise.all([
    rights.pendingErasure(user.id),
    rights.latestExport({ kind: "user", userId: user.id }),
  ]);
  return { view: { pendingDeletion, latestExport, staff: isStaffRole(user.role) } };
}

/**
 * Schedules (`intent=delete`, `password`) or cancels (`intent=cancel`) the account's deletion;
 * a refusal is the one FormResult shape through runPageForm (DeletionFailure, issue 30).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, services } = await requireUserServices({ request, context });
  const form = await readPageForm(request).catch(() => null);
  const intent = form?.text("intent");
  const password = form?.text("password");
  return runPageForm(
    {
      form,
      locale: requestLocale(request),
      extra: { ok: false },
      keepMessage: true,
      unexpected: {
        fallback: msg("errors:http.internal"),
        log: (error) => services.logger.error({ err: error }, "data-rights form failed"),
      },
    },
    async () => {
      if (intent === "cancel") {
        await services.rights.cancelErasure(user);
        return localizedRedirect(request, "/dashboard?data=cancelled#your-data", 303);
      }
      await services.rights.requestErasure(user, typeof password === "string" ? password : "");
      return localizedRedirect(request, "/dashboard#your-data", 303);
    },
  );
}

/** Title; noindex (a private page). */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "rights");
  return pageMeta(site, {
    title: t("metaTitle"),
    description: t("intro"),
    path: "/dashboard/data",
    noindex: true,
  });
}

/** The "Your data" page. */
export default function DashboardData() {
  const { view } = useLoaderData<typeof loader>();
  return (
    <Container size="md" py="xl">
      <DataRightsSection view={view} failure={deletionFailureOf(useActionData())} />
    </Container>
  );
}
