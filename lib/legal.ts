/**
 * Dates on which the text of each legal page last changed (issue 2 §4). The spec shows the
 * current date as "Last updated" (spec §2 "Static pages"); that tells a reader nothing, so we
 * show the date the text really changed (docs/spec-deviations.md). Change the date in the same
 * commit that changes the text.
 */

import { calendarDateOf, formatCalendarDate } from "./i18n/calendar-date.ts";

/** ISO date (YYYY-MM-DD) of the last change to the privacy policy text. */
export const PRIVACY_POLICY_UPDATED = "2026-12-07";

/** ISO date (YYYY-MM-DD) of the last change to the terms of service text. */
export const TERMS_OF_SERVICE_UPDATED = "2026-11-21";

/**
 * Formats an ISO date (YYYY-MM-DD) for display in `locale` (issue 14 §1), e.g. "2026-11-21" →
 * "November 21, 2026" (en), "21. November 2026" (de). Uses UTC so the day never shifts with the
 * server's or browser's time zone.
 * @throws RangeError when `iso` is not a valid YYYY-MM-DD date.
 */
export function formatLegalDate(iso: string, locale = "en-US"): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso) || calendarDateOf(iso) === null)
    throw new RangeError(`Not an ISO date: ${iso}`);
  return formatCalendarDate(iso, locale, { dateStyle: "long" });
}
