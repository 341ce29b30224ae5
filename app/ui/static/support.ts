/**
 * Support hours and contact channels shown on the about and contact pages
 * (spec §2 "Static pages": Mon-Fri 8-8 EST, Sat 9-5, Sun 10-4, emergency 24/7).
 */
import { SUPPORT } from "../../../lib/constants.ts";

/** One row of the support schedule: days and hours in US Eastern time. */
export interface SupportHoursRow {
  days: string;
  hours: string;
}

/** The support schedule, in the spec's order. */
export const SUPPORT_HOURS: readonly SupportHoursRow[] = [
  { days: "Monday – Friday", hours: "8:00 AM – 8:00 PM EST" },
  { days: "Saturday", hours: "9:00 AM – 5:00 PM EST" },
  { days: "Sunday", hours: "10:00 AM – 4:00 PM EST" },
  { days: "Emergency line", hours: "24 hours a day, 7 days a week" },
];

/**
 * Turns a display phone number into a `tel:` href, keeping only "+" and digits,
 * e.g. "+1 (212) 555-0199" → "tel:+12125550199".
 */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^+\d]/g, "")}`;
}

/** Email addresses and phones of LexAtlas (from lib/constants.ts SUPPORT). */
export { SUPPORT };
