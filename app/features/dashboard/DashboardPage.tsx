/**
 * The dashboard page (/dashboard; spec §2 "Dashboard", §4 "Subscription", §6, §9; issue 3
 * "Dashboard shell"; app/routes/dashboard.tsx renders it with dashboard.server.ts's data): tabs
 * Subscription and Analytics for lawyers, Analytics disabled with a lock unless the tier is
 * premium (a client has no Analytics tab and is offered Premium without ads; issue 19 §5); the
 * subscription status card; the premium upgrade view (`?view=upgrade`); a client's 'My cases', a
 * lawyer's 'My listing' and 'Inbox', "Your data" (issue 17 §4). Each panel lives in its feature.
 */
// Only the dashboard uses Tabs: their styles load with it, not on every page.
import "@mantine/core/styles/Tabs.css";
import { Anchor, Container, Stack, Tabs, Text, Title } from "@mantine/core";
import { IconChartBar, IconCrown, IconLock } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { premiumAudience } from "../../../lib/ads.ts";
import { isPremium } from "../../../lib/subscription.ts";
import { useLocaleNavigate, useLocalizePath } from "../../i18n/locale";
import { Section } from "../../ui/dashboard-parts";
import { LocaleLink } from "../../ui/LocaleLink";
import { AnalyticsPanel } from "../analytics";
import { AdSlot, SubscriptionCard, UpgradeView } from "../billing";
import { CasesPanel } from "../cases";
import { ListingHistory, MyListing } from "../listing";
import { InboxPanel } from "../messages";
import { CorrectionsLink } from "../moderation";
import { ReviewsLink } from "../reviews";
import { DataRightsSection } from "../rights";
import type { DashboardData } from "./dashboard.server";

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

/** The dashboard page for the loader's `data` (see the module comment). */
export function DashboardPage({ data }: { data: DashboardData }) {
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
  } = data;
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
