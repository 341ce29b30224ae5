/**
 * The premium plan as the upgrade view and the test checkout both show it (spec §9 "Premium":
 * price per month and its features, lib/subscription.ts): the price line and the list of
 * features with green checks, in the page's language; the price in US dollars written the page
 * locale's way ("$29.99", "29,99 $", "US$ 29,99"; issue 14 §1).
 */
import { List, Text } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { PREMIUM_FEATURES } from "../../../lib/subscription.ts";
import { Bidi } from "../../ui/Bidi";
import { ThemeIcon } from "../../ui/ThemeIcon";

/**
 * The catalog key ("billing", under "features.") of each of PREMIUM_FEATURES, in the same order;
 * the English catalog holds the spec's words.
 */
const FEATURE_KEYS: Record<(typeof PREMIUM_FEATURES)[number], string> = {
  "Advanced analytics": "advancedAnalytics",
  "Client insights": "clientInsights",
  "Performance tracking": "performanceTracking",
  "Priority support": "prioritySupport",
  "Enhanced features": "enhancedFeatures",
};

/**
 * An amount of US cents as money in `locale`: formatUsd(2999, "en") -> "$29.99", "de" ->
 * "29,99 $", "ja" -> "$29.99" (Intl.NumberFormat, currency USD: the spec's price is in dollars).
 */
export function formatUsd(cents: number, locale: string): string {
  return numberFormat(locale, { style: "currency", currency: "USD" }).format(cents / 100);
}

/** "$X per month", the amount large (`fz`: 32 in the upgrade view, 28 on the checkout). */
export function PremiumPrice({ price, fz, mt }: { price: string; fz: number; mt?: "xs" }) {
  const { t } = useTranslation("billing");
  return (
    <Text mt={mt}>
      <Text span fz={fz} fw={800}>
        <Bidi>{price}</Bidi>
      </Text>{" "}
      <Text span c="dimmed">
        {t("perMonth")}
      </Text>
    </Text>
  );
}

/** What Premium gives a client (issue 19 §5): no ads, and the catalog key of each line. */
const CLIENT_FEATURE_KEYS = ["clientFeatures.noAds", "features.prioritySupport"] as const;

/**
 * The premium features, each with a check; `compact` (the checkout) sets them smaller and closer;
 * `audience` "client" lists the client Premium's (no ads) instead of the lawyers' plan (issue 19 §5).
 */
export function PremiumFeatureList({
  compact,
  audience = "lawyer",
}: {
  compact?: boolean;
  audience?: "client" | "lawyer";
}) {
  const { t } = useTranslation("billing");
  return (
    <List
      mt="md"
      spacing={compact ? 4 : "xs"}
      size={compact ? "sm" : undefined}
      icon={
        <ThemeIcon size={compact ? 20 : 22} radius="xl" color="green" variant="light">
          <IconCheck size={compact ? 12 : 14} aria-hidden />
        </ThemeIcon>
      }
    >
      {audience === "client"
        ? CLIENT_FEATURE_KEYS.map((k) => <List.Item key={k}>{t(k)}</List.Item>)
        : PREMIUM_FEATURES.map((f) => <List.Item key={f}>{t(`features.${FEATURE_KEYS[f]}`)}</List.Item>)}
    </List>
  );
}
