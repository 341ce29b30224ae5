/**
 * Support hours and contact channels shown on the about and contact pages and in the footer
 * (spec §2 "Static pages": Mon-Fri 8-8 EST, Sat 9-5, Sun 10-4, emergency 24/7); the support
 * phones as written for the visitor (issue 14 §2).
 */
import { useRouteLoaderData } from "react-router";
import { type CompanyContact, companyContact, EXAMPLE_CONTACT } from "../../../lib/company.ts";
import { SUPPORT } from "../../../lib/constants.ts";
import { dateTimeFormat } from "../../../lib/i18n/intl-cache.ts";
import { timeRange } from "../../../lib/i18n/time-range.ts";
import type { PhoneDisplay } from "../../../lib/phone.ts";

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
  const format = dateTimeFormat(locale, { hour: "numeric", minute: "2-digit", timeZone: "UTC" });
  return timeRange(format, Date.UTC(2026, 0, 5, from), Date.UTC(2026, 0, 5, to));
}

/** LexAtlas's support lines as a page shows them (app/i18n/phone.server.ts SupportPhones). */
export interface SupportPhones {
  phone: PhoneDisplay;
  emergencyPhone: PhoneDisplay;
}

/**
 * The support phone numbers as the root loader wrote them for this visitor (issue 14 §2:
 * "(212) 555-0100" in the US, "+1 212 555 0100" elsewhere; `href` the E.164 `tel:` link). Where
 * the root loader's data is missing (an error render without it), the stored E.164 form, which
 * every visitor can dial. Show them with `dir="ltr"` so the "+" stays in front on RTL pages.
 */
export function useSupportPhones(): SupportPhones {
  const root = useRouteLoaderData("root") as { supportPhones?: SupportPhones } | undefined;
  return (
    root?.supportPhones ?? {
      phone: asStored(SUPPORT.phone),
      emergencyPhone: asStored(SUPPORT.emergencyPhone),
    }
  );
}

/** An E.164 number shown as stored, with its `tel:` link. */
function asStored(e164: string): PhoneDisplay {
  return { text: e164, href: `tel:${e164}` };
}

/**
 * The demo's contact details (lib/company.ts EXAMPLE_CONTACT), for renders without the root
 * loader's data (error pages) and as the root loader's fallback.
 */
export const DEFAULT_COMPANY: CompanyContact = companyContact({
  ...EXAMPLE_CONTACT,
  SUPPORT_EMAIL: SUPPORT.support,
});

/** The company's address and support hours as pages show them (issue 19 §5: from configuration). */
export type SiteCompany = Omit<CompanyContact, "phone" | "emergencyPhone">;

/**
 * The configured address, support hours with their time zone, and whether they are the demo's
 * examples (issue 19 §5), from the root loader; DEFAULT_COMPANY where its data is missing.
 */
export function useCompany(): SiteCompany {
  const root = useRouteLoaderData("root") as { company?: SiteCompany } | undefined;
  return root?.company ?? DEFAULT_COMPANY;
}

/**
 * The time zone of the support hours in `locale`'s words ("Eastern Time", "Nordamerikanische
 * Ostküstenzeit"), by Intl's generic long name; the zone id when the runtime has no name for it.
 */
export function zoneName(timeZone: string, locale: string): string {
  try {
    const part = dateTimeFormat(locale, { timeZone, timeZoneName: "longGeneric" })
      .formatToParts(Date.UTC(2026, 0, 5))
      .find((p) => p.type === "timeZoneName");
    return part?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/** Email addresses and phones of LexAtlas (from lib/constants.ts SUPPORT). */
export { SUPPORT };
