/**
 * Support hours and contact channels shown on the about and contact pages
 * (spec §2 "Static pages": Mon-Fri 8-8 EST, Sat 9-5, Sun 10-4, emergency 24/7).
 */
import { SUPPORT } from "../../../lib/constants.ts";

/**
 * One row of the support schedule: the catalog key of its days (namespace "pages",
 * `support.<days>`) and its hours in US Eastern time (24-hour clock), or null for all day.
 */
export interface SupportHoursRow {
  days: "weekdays" | "saturday" | "sunday" | "emergencyLine";
  hours: { from: number; to: number } | null;
}

/** The support schedule, in the spec's order. */
export const SUPPORT_HOURS: readonly SupportHoursRow[] = [
  { days: "weekdays", hours: { from: 8, to: 20 } },
  { days: "saturday", hours: { from: 9, to: 17 } },
  { days: "sunday", hours: { from: 10, to: 16 } },
  { days: "emergencyLine", hours: null },
];

/**
 * A range of whole hours in `locale`'s clock, e.g. (8, 20) -> "8:00 AM – 8:00 PM" (en),
 * "08:00–20:00 Uhr" (de).
 */
export function hourRange(from: number, to: number, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  return format.formatRange(Date.UTC(2026, 0, 5, from), Date.UTC(2026, 0, 5, to));
}

/**
 * Turns a display phone number into a `tel:` href, keeping only "+" and digits,
 * e.g. "+1 (212) 555-0199" → "tel:+12125550199".
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** Email addresses and phones of LexAtlas (from lib/constants.ts SUPPORT). */
export { SUPPORT };
