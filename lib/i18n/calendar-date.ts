import { dateTimeFormat } from "./intl-cache.ts";

/**
 * Dates without a time (issue 28 §5): a calendar date — a check's `checkedOn` and `nextCheckDue`,
 * a disciplinary record's date, a case's Date Needed, an analytics day — is stored as SQL `date`
 * and travels as "YYYY-MM-DD" (ISO 8601 calendar date). It names a day, not an instant, so it is
 * never moved into the visitor's time zone: "2026-03-01" is 1 March 2026 in Los Angeles and in
 * Auckland. Read as an instant (`new Date("2026-03-01")` is UTC midnight) and written in
 * America/Los_Angeles it became 28 February on the staff screens while the public profile,
 * written in UTC, said 1 March. Every screen formats such a date with this one function.
 */

/** "YYYY-MM-DD", optionally followed by a time ("2026-03-01T00:00:00.000Z"): the date part is the day meant. */
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})(?=$|T)/;

/** Intl options of a calendar date; `timeZone` is not among them (the day has none). */
export type CalendarDateOptions = Omit<Intl.DateTimeFormatOptions, "timeZone" | "timeZoneName">;

/**
 * The day `value` names as a Date at UTC midnight, or null when `value` is no real calendar date
 * ("2026-02-30", free text). Years 1 to 9999.
 */
export function calendarDateOf(value: string): Date | null {
  const m = CALENDAR_DATE.exec(value);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? date
    : null;
}

/**
 * A calendar date ("YYYY-MM-DD", or an ISO timestamp whose date part is the day meant) written for
 * `locale`: "Mar 1, 2026" (en), "01‏/03‏/2026" or "١‏/٣‏/٢٠٢٦" (ar, per the runtime's CLDR), the
 * same day in every time zone (formatted in UTC, where the date was made). `options` default to
 * `{ dateStyle: "medium" }`. Text that is no calendar date is answered as it is ("" for null or
 * undefined), never a RangeError. Pure; never throws.
 */
export function formatCalendarDate(
  value: string | null | undefined,
  locale: string,
  options: CalendarDateOptions = { dateStyle: "medium" },
): string {
  if (value === null || value === undefined) return "";
  const date = calendarDateOf(value);
  if (!date) return value;
  return dateTimeFormat(locale, { ...options, timeZone: "UTC" }).format(date);
}
