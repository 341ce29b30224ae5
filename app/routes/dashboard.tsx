/**
 * /dashboard (spec §2 "Dashboard", §4 "Subscription", §6, §9 "Subscription and accounts"; issue 3
 * "Dashboard shell"): for signed-in users only (others go to /login and come back). Tabs
 * Subscription and Analytics, Analytics disabled with a lock unless the tier is premium; the
 * subscription status card (plan, status, current period start and end); the premium upgrade view
 * (`?view=upgrade`, with Cancel going back); a client's 'My cases', a lawyer's 'My listing' and
 * 'Inbox'. Billing (issue 6), analytics (issue 6) and cases and messages (issue 4) fill these in;
 * until then each says so instead of offering a button that fails. Not indexed, never cached
 * publicly (root middleware).
 */
// Only the dashboard uses Tabs: their styles load with it, not on every page.
import "@mantine/core/styles/Tabs.css";
import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import {
  IconBriefcase,
  IconChartBar,
  IconCheck,
  IconCrown,
  IconInbox,
  IconLock,
  IconSearch,
} from "@tabler/icons-react";
import { Link, useLoaderData } from "react-router";
import type { PublicUser } from "../../lib/account.ts";
import { displayedSubscriptionStatus, isPremium } from "../../lib/subscription.ts";
import { MyListing } from "../components/MyListing";
import { servicesContext } from "../context";
import { originFromMatches, pageMeta } from "../seo";
import { requireUser } from "../session";
import type { Route } from "./+types/dashboard";

/**
 * Requires sign-in (DESIGN.md §3: the loader's own guard). Answers the user (their own record;
 * PublicUser carries no secrets), whether the upgrade view is open (`?view=upgrade`, only for
 * non-premium users) and, for a lawyer, what 'My listing' shows (ListingsService.ownerView).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const upgrade =
    new URL(request.url).searchParams.get("view") === "upgrade" && !isPremium(user.subscriptionTier);
  const listing = user.role === "lawyer" ? await context.get(servicesContext).listings.ownerView(user) : null;
  return { user, upgrade, listing };
}

/** Title of the dashboard; noindex (a private page). */
export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(originFromMatches(matches), {
    title: "Dashboard",
    description: "Your LexAtlas dashboard: subscription, analytics, cases and listing.",
    path: "/dashboard",
    noindex: true,
  });
}

/** Premium's price and promises (spec §9 "Subscription and accounts"). */
const PREMIUM = {
  price: "$29.99",
  features: [
    "Advanced analytics",
    "Client insights",
    "Performance tracking",
    "Priority support",
    "Enhanced features",
  ],
} as const;

/** How each displayed status reads (spec §4: active, canceled, past_due; anything else inactive). */
const STATUS_LABELS = {
  active: { label: "Active", color: "green" },
  canceled: { label: "Canceled", color: "gray" },
  past_due: { label: "Past due", color: "orange" },
  inactive: { label: "Inactive", color: "gray" },
} as const;

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/**
 * A stored date for the status card: "Mar 4, 2026" (UTC, so server and browser agree), or "—"
 * when unknown or unreadable.
 */
function formatPeriodDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : DATE_FORMAT.format(date);
}

/** One labelled value of the status card. */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text component="dd" m={0} mt={4} fw={500}>
        {children}
      </Text>
    </div>
  );
}

/** The subscription status card (spec §2: plan, status, current period start and end). */
function SubscriptionCard({ user }: { user: PublicUser }) {
  const premium = isPremium(user.subscriptionTier);
  const status = STATUS_LABELS[displayedSubscriptionStatus(user.subscriptionStatus)];
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" mb="md">
        <Title order={2} fz="h3">
          Subscription status
        </Title>
        {!premium && (
          <Button component={Link} to="?view=upgrade" leftSection={<IconCrown size={18} aria-hidden />}>
            Upgrade to Premium
          </Button>
        )}
      </Group>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0}>
        <Fact label="Plan">{premium ? "Premium" : "Free"}</Fact>
        <Fact label="Status">
          <Badge color={status.color} variant="light" size="lg">
            {status.label}
          </Badge>
        </Fact>
        <Fact label="Current period start">{formatPeriodDate(user.subscriptionStartDate)}</Fact>
        <Fact label="Current period end">{formatPeriodDate(user.subscriptionEndDate)}</Fact>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="md">
        {premium
          ? "Premium: no ads, and analytics for lawyers."
          : "Free plan: search, profiles, the assessment and case submission. Premium removes ads and adds analytics for lawyers."}
      </Text>
    </Card>
  );
}

/**
 * The premium upgrade view (spec §2 "A premium upgrade view with a Cancel action that goes back";
 * §9 price and features). Payment arrives with billing (issue 6): until then there is no Subscribe
 * button that could fail, only a note.
 */
function UpgradeView() {
  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="upgrade-title">
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon size={40} radius="md" color="yellow" variant="light">
          <IconCrown size={24} aria-hidden />
        </ThemeIcon>
        <Title order={2} id="upgrade-title">
          Upgrade to Premium
        </Title>
      </Group>
      <Text>
        <Text span fz={32} fw={800}>
          {PREMIUM.price}
        </Text>{" "}
        <Text span c="dimmed">
          per month
        </Text>
      </Text>
      <List
        mt="md"
        spacing="xs"
        icon={
          <ThemeIcon size={22} radius="xl" color="green" variant="light">
            <IconCheck size={14} aria-hidden />
          </ThemeIcon>
        }
      >
        {PREMIUM.features.map((f) => (
          <List.Item key={f}>{f}</List.Item>
        ))}
      </List>
      <Text size="sm" mt="md">
        Cancel anytime. 30-day money-back guarantee.
      </Text>
      <Card withBorder bg="gray.0" mt="lg" padding="md" id="billing-soon">
        <Text size="sm">
          <strong>Online subscriptions open soon.</strong> Payment is not available yet, so nothing can be
          charged. Your account stays on the free plan until then.
        </Text>
      </Card>
      <Group mt="lg">
        <Button component={Link} to="/dashboard" variant="default">
          Cancel
        </Button>
      </Group>
    </Card>
  );
}

/** An empty state: an icon, a heading-less line and a hint, optionally an action. */
function EmptyState({
  icon,
  title,
  children,
  action,
}: {
  icon: React.ReactNode;
  title: string;
  children: React.ReactNode;
  action?: React.ReactNode;
}) {
  return (
    <Stack align="center" ta="center" gap="xs" py="lg">
      <ThemeIcon size={48} radius="xl" variant="light" color="gray">
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      <Text size="sm" c="dimmed" maw={460}>
        {children}
      </Text>
      {action}
    </Stack>
  );
}

/** A titled dashboard section (h2) in a card. */
function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} fz="h3" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/** A client's cases (issue 4 fills it). */
function MyCases() {
  return (
    <Section id="my-cases" title="My cases">
      <EmptyState
        icon={<IconBriefcase size={26} aria-hidden />}
        title="No cases yet"
        action={
          <Button
            component={Link}
            to="/browse-lawyers"
            mt="xs"
            leftSection={<IconSearch size={16} aria-hidden />}
          >
            Browse lawyers
          </Button>
        }
      >
        When you submit a case to a lawyer, you can follow its status here.
      </EmptyState>
    </Section>
  );
}

/** A lawyer's inbox (issue 4 fills it). */
function Inbox() {
  return (
    <Section id="inbox" title="Inbox">
      <EmptyState icon={<IconInbox size={26} aria-hidden />} title="No messages yet">
        Cases and messages that clients send you through your listing will show here.
      </EmptyState>
    </Section>
  );
}

/** The dashboard page. */
export default function Dashboard() {
  const { user, upgrade, listing } = useLoaderData<typeof loader>();
  const premium = isPremium(user.subscriptionTier);
  const lawyer = user.role === "lawyer";
  return (
    <Container size="lg" py="xl">
      <Stack gap="xl">
        <div>
          <Title order={1} fz={{ base: 28, sm: 34 }}>
            Welcome, {user.firstName} {user.lastName}
          </Title>
          <Text c="dimmed" mt={4}>
            {lawyer ? "Lawyer account" : "Client account"} · {user.email}
          </Text>
        </div>

        {upgrade ? (
          <UpgradeView />
        ) : (
          <Tabs defaultValue="subscription" keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="subscription" leftSection={<IconCrown size={16} aria-hidden />}>
                Subscription
              </Tabs.Tab>
              <Tabs.Tab
                value="analytics"
                disabled={!premium}
                leftSection={
                  premium ? <IconChartBar size={16} aria-hidden /> : <IconLock size={16} aria-hidden />
                }
                aria-describedby={premium ? undefined : "analytics-locked"}
              >
                Analytics
              </Tabs.Tab>
            </Tabs.List>
            {!premium && (
              <Text size="sm" c="dimmed" id="analytics-locked" mb="md">
                <IconLock size={14} aria-hidden style={{ verticalAlign: "-2px" }} /> Analytics is part of
                Premium
                {lawyer ? ": profile views, clicks and the click-through rate of your listing." : "."}{" "}
                <Anchor component={Link} to="?view=upgrade" size="sm" underline="always">
                  See Premium
                </Anchor>
              </Text>
            )}
            <Tabs.Panel value="subscription">
              <SubscriptionCard user={user} />
            </Tabs.Panel>
            {premium && (
              <Tabs.Panel value="analytics">
                <Section id="analytics" title="Analytics">
                  <EmptyState icon={<IconChartBar size={26} aria-hidden />} title="Analytics arrive soon">
                    {lawyer
                      ? "Profile views, clicks and the click-through rate of your listing will show here."
                      : "Analytics describe how clients find a lawyer's listing; there is nothing to show for a client account yet."}
                  </EmptyState>
                </Section>
              </Tabs.Panel>
            )}
          </Tabs>
        )}

        {lawyer ? (
          <>
            {listing && (
              <Section id="my-listing" title="My listing">
                <MyListing view={listing} />
              </Section>
            )}
            <Inbox />
          </>
        ) : (
          <MyCases />
        )}
      </Stack>
    </Container>
  );
}
