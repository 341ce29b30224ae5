/**
 * The dashboard's Subscription panel (spec §2 "Dashboard", §4 "Subscription", §8 toasts, §9;
 * issue 6 "Dashboard"): the status card (plan, status with the spec's label rules, period start
 * and end), Cancel Subscription with a confirmation step (premium and active only), and the
 * premium upgrade view (price, features, cancel anytime, 30-day money-back guarantee, Subscribe,
 * Cancel going back). The forms post to /dashboard/billing and work without JavaScript; outcomes
 * come back as `?billing=…` / `?upgraded=1` and show as the spec's toasts (an inline notice until
 * JavaScript runs). A subscription canceled at period end reads "Canceled" with the plan still
 * Premium and "Premium until {date}" (docs/spec-deviations.md). Texts come from the catalog
 * "billing" (the English one keeps the spec's toasts verbatim), dates and the price are written
 * the page locale's way (issue 14 §1).
 */
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconAlertTriangle, IconCheck, IconCrown, IconInfoCircle } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation, useRevalidator, useSearchParams } from "react-router";
import type { PublicUser } from "../../../lib/account.ts";
import { PREMIUM_PRICE_CENTS } from "../../../lib/constants.ts";
import { dateTimeFormat } from "../../../lib/i18n/intl-cache.ts";
import {
  billingNoticeOf,
  canCancelSubscription,
  displayedSubscriptionStatus,
  isPremium,
} from "../../../lib/subscription.ts";
import { useLocale, useLocalizePath } from "../../i18n/locale";
import { IntentButton } from "../../ui/IntentButton";
import { LocaleLink } from "../../ui/LocaleLink";
import { ResponsiveGrid } from "../../ui/ResponsiveGrid";
import { ThemeIcon } from "../../ui/ThemeIcon";
import { useToastA11y } from "../../ui/toast";
import { formatUsd, PremiumFeatureList, PremiumPrice } from "./PremiumOffer";

/**
 * How each displayed status reads (spec §4: active, canceled, past_due; anything else inactive):
 * its label's key in the catalog "billing" and its colour.
 */
const STATUS_LABELS = {
  active: { label: "status.active", color: "green" },
  canceled: { label: "status.canceled", color: "gray" },
  past_due: { label: "status.pastDue", color: "orange" },
  inactive: { label: "status.inactive", color: "gray" },
} as const;

/** The path the billing forms post to (app/routes/dashboard.billing.tsx), before localizing. */
const BILLING_ACTION = "/dashboard/billing";

/** How often, and how many times, the dashboard re-reads the status while a payment is confirmed. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_POLLS = 15;

/**
 * A stored date for the status card in `locale`: "Mar 4, 2026", "04.03.2026" (medium style, UTC,
 * so server and browser agree), or "—" when unknown or unreadable.
 */
export function formatPeriodDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "—";
  return dateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** The status card's date formatter for the page's locale. */
function usePeriodDate(): (iso: string | null | undefined) => string {
  const locale = useLocale();
  return (iso) => formatPeriodDate(iso, locale);
}

/** True after the first render in the browser (false on the server and while hydrating). */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The toast (spec §8) for a billing outcome in the URL, or null: its key under "toasts." in the
 * catalog "billing" (title and message) and colour.
 */
function toastOf(notice: string | null, upgradedAndPremium: boolean) {
  if (upgradedAndPremium) return { key: "upgraded", color: "green" };
  switch (billingNoticeOf(notice)) {
    case "payment-error":
      return { key: "subscribeFailed", color: "red" };
    case "cancel-failed":
      return { key: "cancelFailed", color: "red" };
    case "canceled":
      return { key: "canceled", color: "green" };
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
  const { t } = useTranslation("billing");
  const toastA11y = useToastA11y();
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const polls = useRef(0);
  const upgraded = params.get("upgraded") === "1";
  const outcome = toastOf(params.get("billing"), upgraded && premium);
  const toast = outcome && {
    key: outcome.key,
    color: outcome.color,
    title: t(`toasts.${outcome.key}.title`),
    message: t(`toasts.${outcome.key}.message`),
  };
  const waiting = upgraded && !premium && polls.current < CONFIRM_POLLS;

  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!toast) {
      shown.current = null;
      return;
    }
    if (!hydrated || shown.current === toast.key) return;
    shown.current = toast.key;
    notifications.show({
      title: toast.title,
      message: toast.message,
      color: toast.color,
      closeButtonProps: toastA11y.closeButtonProps,
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
  }, [hydrated, toast, setParams, toastA11y]);

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
        {waiting ? t("confirming") : t("notConfirmed")}
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

/**
 * What the card says under the facts, by plan and status: the key under "notes." in the catalog
 * "billing"; `end` is the period's end date for "Premium until {end}".
 */
function planNoteKey(user: PublicUser): string {
  if (!isPremium(user.subscriptionTier)) return "notes.free";
  switch (displayedSubscriptionStatus(user.subscriptionStatus)) {
    case "canceled":
      return "notes.canceled";
    case "past_due":
      return "notes.pastDue";
    default:
      return "notes.premium";
  }
}

/**
 * The confirmation step of Cancel Subscription (`?billing=confirm-cancel`): what happens, a form
 * that cancels, and a way back that keeps Premium.
 */
function CancelConfirmation({ end }: { end: string }) {
  const { t } = useTranslation("billing");
  const action = useLocalizePath()(BILLING_ACTION);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Card withBorder mt="md" padding="md" bg="red.0" component="section" aria-labelledby="cancel-title">
      <Title order={3} fz="md" id="cancel-title">
        {t("cancel.title")}
      </Title>
      <Text size="sm" mt={4}>
        {t("cancel.text", { end })}
      </Text>
      <Group mt="md" gap="sm">
        <IntentButton action={action} intent="cancel" color="red" loading={busy}>
          {t("cancel.confirm")}
        </IntentButton>
        <Button component={LocaleLink} to="/dashboard" variant="default" preventScrollReset>
          {t("cancel.keep")}
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
  const { t } = useTranslation("billing");
  const periodDate = usePeriodDate();
  const premium = isPremium(user.subscriptionTier);
  const status = STATUS_LABELS[displayedSubscriptionStatus(user.subscriptionStatus)];
  const cancelable = canCancelSubscription(user.subscriptionTier, user.subscriptionStatus);
  const confirming = cancelable && params.get("billing") === "confirm-cancel";
  return (
    <Card withBorder padding="lg" radius="md">
      <BillingOutcome premium={premium} />
      <Group justify="space-between" align="flex-start" mb="md">
        <Title order={2} fz="h3">
          {t("card.title")}
        </Title>
        {!premium && (
          <Button component={LocaleLink} to="?view=upgrade" leftSection={<IconCrown size={18} aria-hidden />}>
            {t("upgrade.title")}
          </Button>
        )}
      </Group>
      <ResponsiveGrid component="dl" cols={{ base: 2, sm: 4 }} spacing="md" m={0}>
        <Fact label={t("card.plan")}>{premium ? t("plan.premium") : t("plan.free")}</Fact>
        <Fact label={t("card.status")}>
          <Badge color={status.color} variant="dot" size="lg">
            {t(status.label)}
          </Badge>
        </Fact>
        <Fact label={t("card.periodStart")}>{periodDate(user.subscriptionStartDate)}</Fact>
        <Fact label={t("card.periodEnd")}>{periodDate(user.subscriptionEndDate)}</Fact>
      </ResponsiveGrid>
      <Text size="sm" c="dimmed" mt="md">
        {t(planNoteKey(user), { end: periodDate(user.subscriptionEndDate) })}
      </Text>
      {cancelable && !confirming && (
        <Group mt="md">
          <Button
            component={LocaleLink}
            to="?billing=confirm-cancel"
            variant="outline"
            color="red"
            preventScrollReset
          >
            {t("card.cancel")}
          </Button>
        </Group>
      )}
      {confirming && <CancelConfirmation end={periodDate(user.subscriptionEndDate)} />}
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
export function UpgradeView({
  paymentsMode,
  audience = "lawyer",
}: {
  paymentsMode: "stripe" | "test" | "off";
  /** Issue 19 §5: a client is offered Premium without ads, a lawyer the lawyers' plan. */
  audience?: "client" | "lawyer";
}) {
  const { t } = useTranslation("billing");
  const locale = useLocale();
  const action = useLocalizePath()(BILLING_ACTION);
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  return (
    <Card withBorder padding="xl" radius="md" component="section" aria-labelledby="upgrade-title">
      <BillingOutcome premium={false} />
      <Group gap="sm" mb="xs" wrap="nowrap">
        <ThemeIcon size={40} radius="md" color="yellow" variant="light">
          <IconCrown size={24} aria-hidden />
        </ThemeIcon>
        <Title order={2} id="upgrade-title">
          {audience === "client" ? t("upgrade.clientTitle") : t("upgrade.title")}
        </Title>
      </Group>
      <PremiumPrice price={formatUsd(PREMIUM_PRICE_CENTS, locale)} fz={32} />
      <PremiumFeatureList audience={audience} />
      <Stack gap={2} mt="md">
        <Text size="sm">{t("upgrade.cancelAnytime")}</Text>
        <Text size="sm">{t("upgrade.moneyBack")}</Text>
      </Stack>
      <Group mt="lg" gap="sm">
        {paymentsMode === "off" ? (
          <Text size="sm" role="note">
            {t("upgrade.paymentsOff")}
          </Text>
        ) : (
          <IntentButton
            action={action}
            intent="subscribe"
            leftSection={<IconCrown size={18} aria-hidden />}
            loading={busy}
          >
            {t("upgrade.subscribe")}
          </IntentButton>
        )}
        <Button component={LocaleLink} to="/dashboard" variant="default">
          {t("upgrade.cancel")}
        </Button>
      </Group>
    </Card>
  );
}
