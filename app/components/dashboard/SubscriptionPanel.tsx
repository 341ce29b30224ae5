/**
 * The dashboard's Subscription panel (spec §2 "Dashboard", §4 "Subscription", §9; issue 6
 * "Dashboard"): the status card (plan, status with the spec's label rules, period start and end)
 * and the premium upgrade view (price, features, cancel anytime, 30-day money-back guarantee,
 * Cancel goes back). Billing (issue 6) adds Subscribe and Cancel Subscription.
 */
import { Badge, Button, Card, Group, List, SimpleGrid, Text, ThemeIcon, Title } from "@mantine/core";
import { IconCheck, IconCrown } from "@tabler/icons-react";
import { Link } from "react-router";
import type { PublicUser } from "../../../lib/account.ts";
import { displayedSubscriptionStatus, isPremium } from "../../../lib/subscription.ts";

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
export function SubscriptionCard({ user }: { user: PublicUser }) {
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
export function UpgradeView() {
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
