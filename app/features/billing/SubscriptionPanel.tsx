/**
 * The dashboard's Subscription panel (spec §2 "Dashboard", §4 "Subscription", §8 toasts, §9;
 * issue 6 "Dashboard"): the status card (plan, status with the spec's label rules, period start
 * and end), Cancel Subscription with a confirmation step (premium and active only), and the
 * premium upgrade view (price, features, cancel anytime, 30-day money-back guarantee, Subscribe,
 * Cancel going back). The forms post to /dashboard/billing and work without JavaScript; outcomes
 * come back as `?billing=…` / `?upgraded=1` and show as the spec's toasts (an inline notice until
 * JavaScript runs). A subscription canceled at period end reads "Canceled" with the plan still
 * Premium and "Premium until {date}" (docs/spec-deviations.md).
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck, IconCrown, IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { PublicUser } from "../../../lib/account.ts";
import {
  BILLING_TOASTS,
  billingNoticeOf,
  canCancelSubscription,
  displayedSubscriptionStatus,
  isPremium,
  PREMIUM_PRICE_LABEL,
} from "../../../lib/subscription.ts";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { ThemeIcon } from "../../ui/ThemeIcon";
import { PremiumFeatureList, PremiumPrice } from "./PremiumOffer";

/** How each displayed status reads (spec §4: active, canceled, past_due; anything else inactive). */
const STATUS_LABELS = {
  active: { label: "Active", color: "green" },
  canceled: { label: "Canceled", color: "gray" },
  past_due: { label: "Past due", color: "orange" },
  inactive: { label: "Inactive", color: "gray" },
} as const;

const DATE_FORMAT = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** How often, and how many times, the dashboard re-reads the status while a payment is confirmed. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_POLLS = 15;

/**
 * A stored date for the status card: "Mar 4, 2026" (UTC, so server and browser agree), or "—"
 * when unknown or unreadable.
 */
function formatPeriodDate(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "—" : DATE_FORMAT.format(date);
}

/** True after the first render in the browser (false on the server and while hydrating). */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The toast (spec §8) for a billing outcome in the URL, or null. */
function toastOf(notice: string | null, upgradedAndPremium: boolean) {
  if (upgradedAndPremium) return { ...BILLING_TOASTS.upgraded, color: "green" };
  switch (billingNoticeOf(notice)) {
    case "payment-error":
      return { ...BILLING_TOASTS.subscribeFailed, color: "red" };
    case "cancel-failed":
      return { ...BILLING_TOASTS.cancelFailed, color: "red" };
    case "canceled":
      return { ...BILLING_TOASTS.canceled, color: "green" };
    default:
      return null;
  }
}

/**
 * The outcome of a billing form, from the URL (`billing`, `upgraded`): once JavaScript runs, a
 * toast, and the parameter leaves the address (a reload does not repeat it); before that, an
 * inline notice. After an upgrade that the provider has not confirmed yet (Stripe's webhook may
 * arrive a moment after the browser), the status is re-read every 2 s for 30 s (spec §4: "the
 * status is refetched").
 */
function BillingOutcome({ premium }: { premium: boolean }) {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const polls = useRef(0);
  const upgraded = params.get("upgraded") === "1";
  const toast = toastOf(params.get("billing"), upgraded && premium);
  const waiting = upgraded && !premium && polls.current < CONFIRM_POLLS;

  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!toast) {
      shown.current = null;
      return;
    }
    if (!hydrated || shown.current === toast.title) return;
    shown.current = toast.title;
    notifications.show({
      title: toast.title,
      message: toast.message,
      color: toast.color,
      closeButtonProps: { "aria-label": "Close notification" },
      // Mantine's dimmed description under a title is below the WCAG AA contrast ratio.
      styles: { description: { color: "var(--mantine-color-gray-8)" } },
    });
    setParams(
      (p) => {
        p.delete("billing");
        p.delete("upgraded");
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [hydrated, toast, setParams]);

  useEffect(() => {
    if (!hydrated || !waiting || revalidator.state !== "idle") return;
    const timer = setTimeout(() => {
      polls.current += 1;
      void revalidator.revalidate();
    }, CONFIRM_POLL_MS);
    return () => clearTimeout(timer);
  }, [hydrated, waiting, revalidator]);

  if (upgraded && !premium)
    return (
      <Alert color="blue" icon={<IconInfoCircle aria-hidden />} role="status" mb="md">
        {waiting
          ? "Confirming your payment… Your plan changes as soon as the payment provider confirms it."
          : "Your payment has not been confirmed yet. Reload this page in a minute."}
      </Alert>
    );
  if (hydrated || !toast) return null;
  return (
    <Alert
      color={toast.color}
      title={toast.title}
      role={toast.color === "red" ? "alert" : "status"}
      icon={toast.color === "red" ? <IconAlertTriangle aria-hidden /> : <IconCheck aria-hidden />}
      mb="md"
    >
      {toast.message}
    </Alert>
  );
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

/** What the card says under the facts, by plan and status. */
function planNote(user: PublicUser): string {
  const end = formatPeriodDate(user.subscriptionEndDate);
  if (!isPremium(user.subscriptionTier))
    return "Free plan: search, profiles, the assessment and case submission. Premium removes ads and adds analytics for lawyers.";
  switch (displayedSubscriptionStatus(user.subscriptionStatus)) {
    case "canceled":
      return `Premium until ${end}. Your subscription will not renew and you will not be charged again; after that date your account moves to the free plan.`;
    case "past_due":
      return "Your last payment did not go through. Premium stays on while the payment is retried.";
    default:
      return "Premium: no ads, and analytics for lawyers.";
  }
}

/**
 * The confirmation step of Cancel Subscription (`?billing=confirm-cancel`): what happens, a form
 * that cancels, and a way back that keeps Premium.
 */
function CancelConfirmation({ end }: { end: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/dashboard/billing";
  return (
    <Card withBorder mt="md" padding="md" bg="red.0" component="section" aria-labelledby="cancel-title">
      <Title order={3} fz="md" id="cancel-title">
        Cancel your Premium subscription?
      </Title>
      <Text size="sm" mt={4}>
        Premium stays on until {end}, then your account moves to the free plan. You will not be charged again.
      </Text>
      <Group mt="md" gap="sm">
        <Form method="post" action="/dashboard/billing">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" color="red" loading={busy}>
            Yes, cancel subscription
          </Button>
        </Form>
        <Button component={Link} to="/dashboard" variant="default" preventScrollReset>
          Keep Premium
        </Button>
      </Group>
    </Card>
  );
}

/**
 * The subscription status card (spec §2: plan, status, current period start and end; §4: Cancel
 * Subscription only for premium and active), with the outcome of the last billing form.
 */
export function SubscriptionCard({ user }: { user: PublicUser }) {
  const [params] = useSearchParams();
  const premium = isPremium(user.subscriptionTier);
  const status = STATUS_LABELS[displayedSubscriptionStatus(user.subscriptionStatus)];
  const cancelable = canCancelSubscription(user.subscriptionTier, user.subscriptionStatus);
  const confirming = cancelable && params.get("billing") === "confirm-cancel";
  return (
    <Card withBorder padding="lg" radius="md">
      <BillingOutcome premium={premium} />
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
      <ResponsiveGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0}>
        <Fact label="Plan">{premium ? "Premium" : "Free"}</Fact>
        <Fact label="Status">
          <Badge color={status.color} variant="dot" size="lg">
            {status.label}
          </Badge>
        </Fact>
        <Fact label="Current period start">{formatPeriodDate(user.subscriptionStartDate)}</Fact>
        <Fact label="Current period end">{formatPeriodDate(user.subscriptionEndDate)}</Fact>
      </ResponsiveGrid>
      <Text size="sm" c="dimmed" mt="md">
        {planNote(user)}
      </Text>
      {cancelable && !confirming && (
        <Group mt="md">
          <Button
            component={Link}
            to="?billing=confirm-cancel"
            variant="outline"
            color="red"
            preventScrollReset
          >
            Cancel Subscription
          </Button>
        </Group>
      )}
      {confirming && <CancelConfirmation end={formatPeriodDate(user.subscriptionEndDate)} />}
    </Card>
  );
}

/**
 * The premium upgrade view (spec §2 "A premium upgrade view with a Cancel action that goes back";
 * §4 Subscribe: a POST creates the subscription and the browser goes to the returned url; §9
 * price and features). Subscribe posts to /dashboard/billing, which redirects to the checkout.
 * With payments off (`paymentsMode` "off": a public server without Stripe keys) a notice replaces
 * Subscribe.
 */
export function UpgradeView({ paymentsMode }: { paymentsMode: "stripe" | "test" | "off" }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/dashboard/billing";
  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="upgrade-title">
      <BillingOutcome premium={false} />
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon size={40} radius="md" color="yellow" variant="light">
          <IconCrown size={24} aria-hidden />
        </ThemeIcon>
        <Title order={2} id="upgrade-title">
          Upgrade to Premium
        </Title>
      </Group>
      <PremiumPrice price={PREMIUM_PRICE_LABEL} fz={32} />
      <PremiumFeatureList />
      <Stack gap={2} mt="md">
        <Text size="sm">Cancel anytime.</Text>
        <Text size="sm">30-day money-back guarantee.</Text>
      </Stack>
      <Group mt="lg" gap="sm">
        {paymentsMode === "off" ? (
          <Text size="sm" role="note">
            Online subscriptions are not available on this server yet.
          </Text>
        ) : (
          <Form method="post" action="/dashboard/billing">
            <input type="hidden" name="intent" value="subscribe" />
            <Button type="submit" leftSection={<IconCrown size={18} aria-hidden />} loading={busy}>
              Subscribe
            </Button>
          </Form>
        )}
        <Button component={Link} to="/dashboard" variant="default">
          Cancel
        </Button>
      </Group>
    </Card>
  );
}
