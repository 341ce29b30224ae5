/**
 * Small display helpers shared by the case page (app/routes/case.tsx), the dashboard's cases
 * panel, the case form and the inbox (issue 4; issue 14 §1–2): the status badge, the labels of
 * the spec's option lists in the page's language (the stored values stay the spec's), budget
 * bands in the lawyer's currency, and dates and file sizes formatted for the page's locale.
 */
import { Badge, type BadgeProps, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { isolateIn } from "../../../lib/bidi.ts";
import { budgetBand, currencyForCountry, formatMoney } from "../../../lib/budget-currency.ts";
import type { CaseStatus } from "../../../lib/constants.ts";
import { feeAdviceFor, fundingKindOf } from "../../../lib/fee-advice.ts";
import { dateTimeFormat, numberFormat } from "../../../lib/i18n/intl-cache.ts";
import { dirOf, type Locale } from "../../../lib/i18n/locales.ts";
import { optionKey } from "../../../lib/option-key.ts";
import { formatInstant, useTimeZone } from "../../i18n/format";
import { useLocale } from "../../i18n/locale";
import { Bidi } from "../../ui/Bidi";

/**
 * Badge background per status: pending yellow (dark text), reviewing blue, accepted green,
 * engaged violet (issue 16 §1), declined red, closed gray (white text); every pair passes WCAG AA contrast (4.5:1) for small text.
 */
export const CASE_STATUS_COLORS: Record<CaseStatus, { bg: string; text: string }> = {
  pending: { bg: "#ffd43b", text: "#212529" },
  reviewing: { bg: "#1864ab", text: "#ffffff" },
  accepted: { bg: "#1e6b30", text: "#ffffff" },
  engaged: { bg: "#5f3dc4", text: "#ffffff" },
  declined: { bg: "#c92a2a", text: "#ffffff" },
  closed: { bg: "#495057", text: "#ffffff" },
};

/** The status of a case as a badge with its label in the page's language ("Pending", "Under review", …). */
export function CaseStatusBadge({ status, ...props }: { status: CaseStatus } & BadgeProps) {
  const { t } = useTranslation("cases");
  return (
    <Badge
      color={CASE_STATUS_COLORS[status].bg}
      c={CASE_STATUS_COLORS[status].text}
      variant="filled"
      {...props}
    >
      {caseOptionLabel(t, "statuses", status)}
    </Badge>
  );
}

/** "medium" → "Medium", "in-person" → "In person": a stored option value in English (the fallback label). */
export function optionLabel(value: string): string {
  const spaced = value.replace(/-/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** The option lists of the case form whose labels the "cases" catalog holds (spec §9). */
export type CaseOptionList = "caseTypes" | "priorities" | "communication" | "statuses";

/**
 * The label of a stored option value in `t`'s language: `cases:<list>.<optionKey(value)>`, e.g.
 * ("caseTypes", "Car Accident") → "Verkehrsunfall" in German; a value without a key (an old row)
 * shows as optionLabel(value).
 */
export function caseOptionLabel(t: TFunction, list: CaseOptionList, value: string): string {
  return t(`${list}.${optionKey(value)}`, { ns: "cases", defaultValue: optionLabel(value) });
}

/**
 * A stored budget value as the page shows it (issue 14 §2, issue 28 §3): a way of paying
 * (lib/fee-advice.ts, "Contingency Fee Only" included) in the wording of the lawyer's country
 * ("Covered by the other side's insurer (RVG)" for a German lawyer; the general wording where
 * the country's row does not offer it, e.g. a case stored before issue 28), an amount band in the
 * lawyer's currency for the page's locale: ("$1,000 - $5,000", "JP", "ja") → "￥100,000～￥500,000".
 * An unknown value is shown as stored.
 * @param countryCode the lawyer's ISO 3166-1 alpha-2 country (lib/budget-currency.ts picks the currency)
 */
export function budgetLabel(
  t: TFunction,
  value: string,
  countryCode: string | null | undefined,
  locale: string,
) {
  const kind = fundingKindOf(value);
  if (kind) {
    const row = feeAdviceFor(countryCode);
    const key = row.funding.includes(kind) ? (row.labels?.[kind] ?? kind) : kind;
    return t(`budget.option.${key}`, { ns: "cases" });
  }
  const band = budgetBand(value, currencyForCountry(countryCode));
  if (!band || band.kind === "contingency") return value;
  // An amount keeps its own order inside a right-to-left sentence (issue 28 §2).
  const money = (n: number) => isolateIn(formatMoney(n, band.currency, locale), dirOf(locale as Locale));
  if (band.kind === "under") return t("budget.under", { ns: "cases", max: money(band.max) });
  if (band.kind === "over") return t("budget.over", { ns: "cases", min: money(band.min) });
  return t("budget.range", { ns: "cases", min: money(band.min), max: money(band.max) });
}

/** Date and time with the zone named ("Jan 5, 2026, 3:04 PM UTC", "2026年1月5日 15:04 UTC"). */
const DATE_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/**
 * An ISO 8601 instant for the page's locale in the visitor's time zone (issue 14 §2; the root
 * loader's `timeZone`, so server and browser render the same), the zone named: "Jan 5, 2026,
 * 3:04 PM UTC" (en, UTC), "5. Jan. 2026, 16:04 MEZ" (de, Europe/Berlin). Text that is no
 * instant is answered as it is (never a RangeError).
 */
export function formatCaseDate(iso: string, locale = "en", timeZone = "UTC"): string {
  return formatInstant(dateTimeFormat(locale, { ...DATE_TIME, timeZone }), iso);
}

/**
 * An instant of the case (sent, a status step, a message) as `<time datetime>`: the machine-readable
 * instant, and formatCaseDate's text in the visitor's zone. The server writes the zone it knows
 * (UTC on a first visit from an email link, before the zone cookie exists); right after hydration
 * useTimeZone gives the browser's zone and the text is written again there, without a hydration
 * mismatch (issue 28 §5, docs/i18n.md "Local formats").
 */
export function CaseTime({ at }: { at: string }) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  return (
    <time dateTime={at} data-zone={timeZone}>
      {formatCaseDate(at, locale, timeZone)}
    </time>
  );
}

/**
 * An ISO 8601 instant as a date only for the locale: "Jan 5, 2026" (en), "2026/01/05" (ja), in
 * the visitor's zone (when a case was sent). A calendar date (Date Needed, the incident's date) is
 * no instant: it goes through lib/i18n/calendar-date.ts formatCalendarDate (issue 28 §5). Text
 * that is no date is answered as it is (Intl throws a RangeError on an invalid date, which was a
 * 500 of the case page, issue 27); app/i18n/format.ts formatInstant does this for every date formatter.
 */
export function formatCaseDay(iso: string, locale = "en", timeZone = "UTC"): string {
  return formatInstant(dateTimeFormat(locale, { timeZone, dateStyle: "medium" }), iso);
}

/** Bytes as "812 B", "14 KB" or "2.4 MB" with the locale's digits and decimal sign ("2,4 MB" in de). */
export function formatFileSize(bytes: number, locale = "en"): string {
  const n = (v: number, digits = 0) =>
    numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(v);
  if (bytes < 1024) return `${n(bytes)} B`;
  if (bytes < 1024 * 1024) return `${n(Math.round(bytes / 1024))} KB`;
  return `${n(bytes / 1024 / 1024, 1)} MB`;
}

/**
 * One labelled value of a case's summary, as a `dt`/`dd` pair inside the caller's `dl`: `value`,
 * or `empty` ("—" by default) when there is none; `ltr` keeps a phone number left to right on a
 * right-to-left page (issue 14 §1).
 */
export function CaseField({
  label,
  value,
  ltr = false,
  empty = "—",
}: {
  label: string;
  value: string | null;
  ltr?: boolean;
  empty?: string;
}) {
  return (
    <div>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} style={{ overflowWrap: "anywhere" }}>
        {value ? <Bidi dir={ltr ? "ltr" : undefined}>{value}</Bidi> : empty}
      </Text>
    </div>
  );
}
