/**
 * Local formats for the page (issue 14 §2): numbers, money, dates and times in the visitor's
 * time zone, relative times, lists and distances, all through `Intl` for the page's locale.
 * Components call `useFormats()`; loaders and tests call `formatsFor(locale, timeZone)`.
 */
import { useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { type CalendarDateOptions, formatCalendarDate } from "../../lib/i18n/calendar-date.ts";
import { dateTimeFormat, numberFormat } from "../../lib/i18n/intl-cache.ts";
import type { Locale } from "../../lib/i18n/locales.ts";
import { browserTimeZone, DEFAULT_TIME_ZONE } from "../../lib/i18n/time-zone.ts";
import { useLocale } from "./locale";

/** Countries whose people read road distances in miles (issue 14 §2): US, GB, LR, MM. */
export const MILE_COUNTRIES: ReadonlySet<string> = new Set(["US", "GB", "LR", "MM"]);

/** Kilometres per mile (international mile). */
const KM_PER_MILE = 1.609344;

/** The formatters of one locale and time zone. */
export interface Formats {
  locale: Locale;
  timeZone: string;
  /** 1234.5 -> "1.234,5" (de). */
  number(value: number, options?: Intl.NumberFormatOptions): string;
  /** (29.99, "USD") -> "29,99 $" (fr); the code is shown where the symbol is ambiguous. */
  money(amount: number, currency: string, options?: Intl.NumberFormatOptions): string;
  /** A date (ISO string or Date) in the visitor's zone, medium style by default (formatInstant: never throws). */
  date(value: string | Date, options?: Intl.DateTimeFormatOptions): string;
  /**
   * A calendar date ("YYYY-MM-DD": a check's date, a due date, Date Needed) as the same day in
   * every zone, medium style by default (lib/i18n/calendar-date.ts, issue 28 §5); free text as it is.
   */
  day(value: string | null | undefined, options?: CalendarDateOptions): string;
  /** A date and time in the visitor's zone. */
  dateTime(value: string | Date, options?: Intl.DateTimeFormatOptions): string;
  /** "3 days ago" / "vor 3 Tagen" for `value` relative to `now`. */
  relative(value: string | Date, now?: Date): string;
  /** ["a", "b", "c"] -> "a, b and c" / "a, b und c" / "a、b、c". */
  list(items: string[], type?: "conjunction" | "disjunction"): string;
  /** A distance given in km, in miles for US, GB, LR and MM visitors ("12 mi"), km otherwise. */
  distance(km: number, visitorCountry?: string | null): string;
}

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * `value` (an ISO 8601 string or a Date) written with `format`; when it is no valid instant —
 * free text stored in a date field, such as a case's "Date needed" sent through the API ("as
 * soon as possible") — the text itself as stored ("" for an invalid Date). Intl's `format`
 * throws a RangeError on an invalid date, and one such value in a page's render answered 500
 * for every reader of that page (issue 27 §2: the case page's sporadic 500). Never throws.
 */
export function formatInstant(format: Intl.DateTimeFormat, value: string | Date): string {
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return typeof value === "string" ? value : "";
  return format.format(date);
}

/** Formatters for a locale and an IANA time zone. */
export function formatsFor(locale: Locale, timeZone: string = DEFAULT_TIME_ZONE): Formats {
  return {
    locale,
    timeZone,
    number: (value, options) => numberFormat(locale, options).format(value),
    money: (amount, currency, options) =>
      numberFormat(locale, {
        style: "currency",
        currency,
        currencyDisplay: "symbol",
        ...options,
      }).format(amount),
    date: (value, options) =>
      formatInstant(dateTimeFormat(locale, { dateStyle: "medium", timeZone, ...options }), value),
    day: (value, options) => formatCalendarDate(value, locale, options),
    dateTime: (value, options) =>
      formatInstant(
        dateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone, ...options }),
        value,
      ),
    relative: (value, now = new Date()) => {
      const seconds = Math.round((toDate(value).getTime() - now.getTime()) / 1000);
      const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
      const abs = Math.abs(seconds);
      if (abs < 60) return rtf.format(seconds, "second");
      if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
      if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), "hour");
      if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), "day");
      if (abs < 365 * 86_400) return rtf.format(Math.round(seconds / (30 * 86_400)), "month");
      return rtf.format(Math.round(seconds / (365 * 86_400)), "year");
    },
    list: (items, type = "conjunction") => new Intl.ListFormat(locale, { style: "long", type }).format(items),
    distance: (km, visitorCountry) => {
      const miles = visitorCountry ? MILE_COUNTRIES.has(visitorCountry.toUpperCase()) : false;
      const value = miles ? km / KM_PER_MILE : km;
      return numberFormat(locale, {
        style: "unit",
        unit: miles ? "mile" : "kilometer",
        unitDisplay: "short",
        maximumFractionDigits: value < 10 ? 1 : 0,
      }).format(value);
    },
  };
}

/** The zone never changes while a page lives: nothing to subscribe to. */
const noSubscription = () => () => {};

/** The browser's zone, read once (undefined: not read yet). */
let runtimeZone: string | null | undefined;
const browserZoneOnce = () => {
  if (runtimeZone === undefined) runtimeZone = browserTimeZone();
  return runtimeZone;
};

/**
 * The visitor's time zone (issue 14 §2; issue 28 §5). On the server and while React hydrates:
 * the root loader's zone (the `lexatlas_tz` cookie, UTC before the browser has reported one), so
 * the hydrated HTML matches the server's. Right after hydration: the browser's own zone, so a
 * first visit without the cookie (a case page opened from an email link) shows the visitor's
 * times at once instead of UTC until a reload. React re-renders from the server snapshot to the
 * browser's without a hydration mismatch (useSyncExternalStore's getServerSnapshot is used for
 * hydration, getSnapshot afterwards). Without JavaScript the server's rendering stays, the zone
 * named (docs/i18n.md "Local formats").
 */
export function useTimeZone(): string {
  const root = useRouteLoaderData("root") as { timeZone?: string } | undefined;
  const reported = root?.timeZone ?? DEFAULT_TIME_ZONE;
  return useSyncExternalStore(
    noSubscription,
    () => browserZoneOnce() ?? reported,
    () => reported,
  );
}

/** The page's formatters: its locale and the visitor's time zone. */
export function useFormats(): Formats {
  return formatsFor(useLocale(), useTimeZone());
}
