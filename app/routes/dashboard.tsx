/**
 * /dashboard (spec §2 "Dashboard", §4 "Subscription", §6, §9 "Subscription and accounts"; issue 3
 * "Dashboard shell"): for signed-in users only (others go to /login and come back). Tabs
 * Subscription and Analytics for lawyers, Analytics disabled with a lock unless the tier is
 * premium (a client has no Analytics tab and is offered Premium without ads; issue 19 §5); the
 * subscription status card (plan, status, current period start and end); the premium upgrade view
 * (`?view=upgrade`, with Cancel going back); a client's 'My cases', a lawyer's 'My listing' and
 * 'Inbox'. Each panel lives in its feature (app/features/) and gets its data from one domain service
 * through this loader. Not indexed, never cached
 * publicly (root middleware).
 */
// Only the dashboard uses Tabs: their styles load with it, not on every page.
import "@mantine/core/styles/Tabs.css";
import { Anchor, Container, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconChartBar, IconCrown, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useLoaderData, useSearchParams } from "react-router";
import { isStaffRole } from "../../lib/account.ts";
import { premiumAudience } from "../../lib/ads.ts";
import { languageOptions } from "../../lib/languages.ts";
import { mapTilesOf } from "../../lib/map-tiles.ts";
import { isPremium } from "../../lib/subscription.ts";
import { servicesContext } from "../context";
import { AnalyticsPanel } from "../features/analytics/AnalyticsPanel";
import { AdSlot } from "../features/billing/AdSlot";
import { SubscriptionCard, UpgradeView } from "../features/billing/SubscriptionPanel";
import { CasesPanel } from "../features/cases/CasesPanel";
import { ListingHistory } from "../features/listing/ListingHistory";
import { MyListing } from "../features/listing/MyListing";
import { InboxPanel } from "../features/messages/InboxPanel";
import { CorrectionsLink } from "../features/moderation";
import { ReviewsLink } from "../features/reviews";
import { DataRightsSection } from "../features/rights/DataRightsSection";
import { getT } from "../i18n/i18n";
import { requestLocale, useLocaleNavigate, useLocalizePath } from "../i18n/locale";
import { editablePhone } from "../i18n/phone.server";
import { pageHeaders } from "../route-headers";
import { pageMeta, siteFromMatches } from "../seo";
import { requireUser } from "../session";
import { Section } from "../ui/dashboard-parts";
import { LocaleLink } from "../ui/LocaleLink";
import type { Route } from "./+types/dashboard";

/** The page's response headers: a 429's Retry-After passed through (app/route-headers.ts, issue 27 §2). */
export const headers = pageHeaders();

/**
 * Requires sign-in (DESIGN.md §3: the loader's own guard). Answers the user (their own record;
 * PublicUser carries no secrets), whether the upgrade view is open (`?view=upgrade`, only for
 * non-premium users), and each panel's data from its domain service: the cases (a client's own or
 * those sent to a lawyer's listing), a lawyer's listing and message inbox, and a premium user's
 * analytics; a lawyer's listing history (the audit log of their own listing) and, for staff, a
 * link to the back office (issue 15 §1), and "Your data" (issue 17 §4: a pending deletion, the
 * latest background export).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const services = context.get(servicesContext);
  const premium = isPremium(user.subscriptionTier);
  const upgrade = new URL(request.url).searchParams.get("view") === "upgrade" && !premium;
  const lawyer = user.role === "lawyer";
  const [listing, cases, inbox, analytics, history, pendingDeletion, latestExport] = await Promise.all([
    lawyer ? services.listings.ownerView(user) : null,
    services.cases.dashboardView(user),
    lawyer ? services.messages.inboxView(user) : null,
    // Issue 19 §5: analytics are the lawyers' plan; a client has none.
    premium && lawyer ? services.analytics.dashboardView(user) : null,
    lawyer && user.lawyerId !== null ? services.staff.listingHistory(user) : null,
    // Issue 17 §4: "Your data" — a pending deletion and the latest background export.
    services.rights.pendingErasure(user.id),
    services.rights.latestExport({ kind: "user", userId: user.id }),
  ]);
  // The listing's phone is stored as E.164; its edit field shows the international form (issue 14 §2).
  const view =
    listing?.kind === "linked"
      ? { ...listing, listing: { ...listing.listing, phone: editablePhone(listing.listing.phone) } }
      : listing;
  return {
    user,
    upgrade,
    listing: view,
    // Issue 19 §1: the edit form's position picker draws these tiles.
    mapTiles: view?.kind === "linked" ? mapTilesOf(services.config) : null,
    // Issue 28 §5: "Find on map from my address" needs a geocoder (GEOCODER_URL).
    locate: view?.kind === "linked" && Boolean(services.config.GEOCODER_URL),
    // Issue 28 §5: the language picker's names, made here (a browser's ICU may lack some).
    languageOptions:
      view?.kind === "linked" || view?.kind === "create" ? languageOptions(requestLocale(request)) : null,
    cases,
    inbox,
    analytics,
    history,
    staff: isStaffRole(user.role),
    paymentsMode: services.billing.mode,
    dataRights: { pendingDeletion, latestExport, staff: isStaffRole(user.role) },
  };
}

/** Title of the dashboard; noindex (a private page). */
export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches);
  const t = getT(site.locale, "accounts");
  return pageMeta(site, {
    title: t("dashboard.metaTitle"),
    description: t("dashboard.metaDescription"),
    path: "/dashboard",
    noindex: true,
  });
}

/** The dashboard's tabs and their addresses: the tab is in the URL (`?tab=analytics`). */
const TAB_SEARCH = { subscription: "", analytics: "?tab=analytics" } as const;
type DashboardTab = keyof typeof TAB_SEARCH;

/**
 * A tab that is also a link to its address (issue 13 §4): before the page's JavaScript runs, a
 * click loads `?tab=…` and the server renders that tab; afterwards the click is handled by
 * Tabs' onChange (client navigation) and the link's own navigation is prevented. Mantine's
 * Tabs.Tab is a polymorphic UnstyledButton at run time; its type does not say so.
 */
function tabLink(tab: DashboardTab, dashboard: string): object {
  return {
    component: "a",
    href: TAB_SEARCH[tab] || dashboard,
    onClick: (event: { preventDefault(): void }) => event.preventDefault(),
  };
}

/** The dashboard page. */
export default function Dashboard() {
  const {
    user,
    upgrade,
    listing,
    mapTiles,
    locate,
    languageOptions: languages,
    cases,
    inbox,
    analytics,
    history,
    staff,
    paymentsMode,
    dataRights,
  } = useLoaderData<typeof loader>();
  const premium = isPremium(user.subscriptionTier);
  const lawyer = user.role === "lawyer";
  const [searchParams] = useSearchParams();
  const navigate = useLocaleNavigate();
  const { t } = useTranslation("accounts");
  const tAdmin = useTranslation("admin").t;
  const tListing = useTranslation("listing").t;
  const dashboard = useLocalizePath()("/dashboard");
  const tab: DashboardTab =
    lawyer && premium && searchParams.get("tab") === "analytics" ? "analytics" : "subscription";
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            {t("dashboard.welcome", { firstName: user.firstName, lastName: user.lastName })}
          </Title>
          <Text c="dimmed" mt={4}>
            {lawyer
              ? t("dashboard.lawyerAccount")
              : staff
                ? tAdmin("staffAccount", { role: tAdmin(`roles.${user.role}`) })
                : t("dashboard.clientAccount")}{" "}
            · {user.email}
          </Text>
          {staff && (
            <Anchor component={LocaleLink} to="/admin" fw={600}>
              {tAdmin("dashboardLink")}
            </Anchor>
          )}
        </div>

        {upgrade ? (
          <UpgradeView paymentsMode={paymentsMode} audience={premiumAudience(user.role)} />
        ) : !lawyer ? (
          // Issue 19 §5: a client's plan is Premium without ads; no lawyers' Analytics tab.
          <SubscriptionCard user={user} />
        ) : (
          <Tabs
            value={tab}
            onChange={(next) =>
              navigate(
                { search: TAB_SEARCH[next === "analytics" ? "analytics" : "subscription"] },
                { preventScrollReset: true },
              )
            }
            keepMounted={false}
          >
            <Tabs.List mb="md">
              <Tabs.Tab
                value="subscription"
                leftSection={<IconCrown size={16} aria-hidden />}
                {...tabLink("subscription", dashboard)}
              >
                {t("dashboard.tabSubscription")}
              </Tabs.Tab>
              <Tabs.Tab
                value="analytics"
                disabled={!premium}
                leftSection={
                  premium ? <IconChartBar size={16} aria-hidden /> : <IconLock size={16} aria-hidden />
                }
                aria-describedby={premium ? undefined : "analytics-locked"}
                {...(premium ? tabLink("analytics", dashboard) : {})}
              >
                {t("dashboard.tabAnalytics")}
              </Tabs.Tab>
            </Tabs.List>
            {!premium && (
              <Text size="sm" c="dimmed" id="analytics-locked" mb="md">
                <IconLock size={14} aria-hidden style={{ verticalAlign: "-2px" }} />{" "}
                {lawyer ? t("dashboard.analyticsLockedLawyer") : t("dashboard.analyticsLocked")}{" "}
                <Anchor component={LocaleLink} to="?view=upgrade" size="sm" underline="always">
                  {t("dashboard.seePremium")}
                </Anchor>
              </Text>
            )}
            <Tabs.Panel value="subscription">
              <SubscriptionCard user={user} />
            </Tabs.Panel>
            {premium && (
              <Tabs.Panel value="analytics">
                <AnalyticsPanel user={user} analytics={analytics} />
              </Tabs.Panel>
            )}
          </Tabs>
        )}

        {lawyer ? (
          <>
            {listing && (
              <Section id="my-listing" title={t("dashboard.myListing")}>
                <MyListing view={listing} tiles={mapTiles} locate={locate} languages={languages} />
                {user.lawyerId !== null && (
                  <Anchor
                    component={LocaleLink}
                    to="/dashboard/verification"
                    fw={600}
                    mt="md"
                    display="inline-block"
                  >
                    {tListing("verification.dashboardLink")}
                  </Anchor>
                )}
              </Section>
            )}
            {history && <ListingHistory history={history} viewerId={user.id} />}
            {user.lawyerId !== null && <CorrectionsLink />}
            {user.lawyerId !== null && <ReviewsLink />}
            <CasesPanel user={user} cases={cases} />
            <InboxPanel inbox={inbox} />
          </>
        ) : (
          <CasesPanel user={user} cases={cases} />
        )}
        <DataRightsSection
          view={dataRights}
          notice={searchParams.get("data") === "cancelled" ? "cancelled" : null}
        />
        {!premium && <AdSlot placement="dashboard" />}
      </Stack>
    </Container>
  );
}
