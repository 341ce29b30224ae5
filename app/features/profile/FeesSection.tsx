/**
 * Fees and first meeting (issue 19 §1): the profile's section (the first meeting, each fee model
 * offered, the country's rule on result-based fees in plain words and a worked example computed
 * from the terms by lib/fees.ts feeExample) and the cards' "Free consultation" / "No win, no
 * fee" badges. Money through Intl in the page's locale and the terms' currency (lib/budget-
 * currency.ts formatMoney); the country named in the page's language. Renders on the server
 * (no JavaScript needed).
 */
import { Card, List, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isolateIn } from "../../../lib/bidi.ts";
import { formatMoney } from "../../../lib/budget-currency.ts";
import { FEE_RULES, feeRule } from "../../../lib/fee-rules.ts";
import { type FeeTerms, feeExample, offersNoWinNoFee } from "../../../lib/fees.ts";
import { dirOf } from "../../../lib/i18n/locales.ts";
import { regionNameIn } from "../../../lib/i18n/message.ts";
import { useLocale } from "../../i18n/locale";
import { Icon } from "../../ui/icons";
import type { BadgeSize } from "./badges";
import classes from "./parts.module.css";

/** The cards' fee badges: "Free consultation" and "No win, no fee", each only when true. */
export function FeeBadges({ fees, size = "sm" }: { fees: FeeTerms | undefined; size?: BadgeSize }) {
  const { t } = useTranslation("fees");
  if (!fees) return null;
  const free = fees.freeConsultation;
  const noWin = offersNoWinNoFee(fees);
  if (!free && !noWin) return null;
  return (
    <div className={classes.row}>
      {free && (
        <span
          className={`${classes.badge} ${classes.free}`}
          data-size={size === "md" ? size : undefined}
          data-testid="badge-free-consultation"
        >
          <Icon name="message-circle" size={12} />
          <span className={classes.badgeLabel}>{t("badges.freeConsultation")}</span>
        </span>
      )}
      {noWin && (
        <span
          className={`${classes.badge} ${classes.noWin}`}
          data-size={size === "md" ? size : undefined}
          data-testid="badge-no-win-no-fee"
        >
          <Icon name="coin" size={12} />
          <span className={classes.badgeLabel}>{t("badges.noWinNoFee")}</span>
        </span>
      )}
    </div>
  );
}

/**
 * The profile's "Fees and first meeting" card for a listing in `countryCode`: what the lawyer
 * stated, or a plain "not stated yet" with advice to ask.
 */
export function FeesSection({ fees, countryCode }: { fees: FeeTerms; countryCode: string }) {
  const { t } = useTranslation("fees");
  const locale = useLocale();
  const region = regionNameIn(countryCode, locale);
  // An amount keeps its own order inside a right-to-left sentence ("$US 29.99"; issue 28 §2).
  const money = (amount: number | string, currency: string | null) =>
    isolateIn(currency ? formatMoney(Number(amount), currency, locale) : String(amount), dirOf(locale));
  const stated = fees.freeConsultation || fees.models.length > 0;
  const rule = feeRule(countryCode);
  const cap = FEE_RULES[countryCode]?.capPercent ?? 0;
  const lines = feeExample(fees, countryCode);
  return (
    <Card
      withBorder
      padding="xl"
      component="section"
      aria-labelledby="fees-heading"
      data-testid="fees-section"
    >
      <Title order={2} size="h3" id="fees-heading" mb="sm">
        {t("profile.title")}
      </Title>
      {stated ? (
        <Stack gap="sm">
          <List spacing={4} data-testid="fee-terms">
            <List.Item>
              {fees.freeConsultation
                ? t("profile.consultationFree", { minutes: fees.consultationMinutes ?? 0 })
                : t("profile.consultationNotFree")}
            </List.Item>
            {fees.models.map((m) => (
              <List.Item key={m.kind}>
                {m.kind === "contingency"
                  ? t("profile.contingency", { minPercent: m.minPercent, maxPercent: m.maxPercent })
                  : m.kind === "legalAid"
                    ? t("profile.legalAid")
                    : t(`profile.${m.kind}`, {
                        low: money(m.minAmount ?? 0, m.currency),
                        high: money(m.maxAmount ?? 0, m.currency),
                      })}
              </List.Item>
            ))}
          </List>
          {lines.length > 0 && (
            <div>
              <Title order={3} size="h5" mb={4}>
                {t("profile.exampleTitle")}
              </Title>
              <Stack gap={4} data-testid="fee-example">
                {lines.map((line) => (
                  <Text key={line.key} size="sm">
                    {t(line.key, {
                      ...line.values,
                      ...(line.currency
                        ? {
                            received: money(line.values.received ?? 0, line.currency),
                            low: money(line.values.low ?? 0, line.currency),
                            high: money(line.values.high ?? 0, line.currency),
                          }
                        : {}),
                    })}
                  </Text>
                ))}
              </Stack>
              <Text size="xs" c="dimmed" mt={4}>
                {t("profile.exampleNote")}
              </Text>
            </div>
          )}
        </Stack>
      ) : (
        <Text c="dimmed">{t("profile.none")}</Text>
      )}
      <Text size="sm" c="dimmed" mt="sm" data-testid="fee-rule">
        {rule === "allowed"
          ? t("profile.ruleAllowed", { region })
          : rule === "capped"
            ? t("profile.ruleCapped", { region, cap })
            : rule === "restricted"
              ? t("profile.ruleRestricted", { region })
              : t("profile.ruleBanned", { region })}
      </Text>
    </Card>
  );
}
