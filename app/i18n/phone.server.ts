/**
 * Phones as a visitor reads them (issue 14 §2 "displayed nationally or internationally as
 * appropriate"). Server-only: libphonenumber-js's full metadata stays out of the browser, the
 * loaders format and the pages show strings.
 */
import { SUPPORT } from "../../lib/constants.ts";
import { formatPhone, listingPhoneDisplay, type PhoneDisplay, phoneDisplay } from "../../lib/phone.ts";
import { regionFromAcceptLanguage } from "../../lib/region.ts";

/**
 * The viewer's country for phone display: the region named in the request's `Accept-Language`
 * ("de-DE,de;q=0.9" -> "DE", lib/region.ts, the same region that is the default country of the
 * phone inputs); null when no tag names one ("de", "en"): numbers are then shown internationally,
 * which every visitor can dial.
 */
export function phoneViewerCountry(request: Request): string | null {
  return regionFromAcceptLanguage(request.headers.get("Accept-Language"));
}

/**
 * A stored number for this request's visitor: `{ text, href }` with the text national when the
 * visitor's region is the number's country and international otherwise, the `tel:` link always
 * E.164 (lib/phone.ts phoneDisplay). Example, for a request with `Accept-Language: de-DE`:
 * viewerPhone("+49 30 1234567", request) -> { text: "030 1234567", href: "tel:+49301234567" }.
 */
export function viewerPhone(stored: string, request: Request): PhoneDisplay {
  return phoneDisplay(stored, phoneViewerCountry(request));
}

/**
 * A listing's number for this request's visitor (viewerPhone), or null for a fictional demo
 * listing whose number lies in no range reserved for fiction (issue 28 §4, lib/phone.ts
 * listingPhoneDisplay): the page then shows no number, no `tel:` link and no Call Now.
 */
export function listingPhone(
  listing: { phone: string; demo: boolean },
  request: Request,
): PhoneDisplay | null {
  return listingPhoneDisplay(listing, phoneViewerCountry(request));
}

/**
 * A stored number (E.164, "+49301234567") as a form field's value: the international form
 * ("+49 30 1234567"), which reads the same whoever edits it and which the listing's own country
 * reads back to the same E.164 (issue 14 §2). Text that is no valid number (an older row) is
 * returned as it is; never throws. Used by the dashboard loader for the listing's edit form.
 */
export function editablePhone(stored: string): string {
  return formatPhone(stored, null);
}

/** LexAtlas's support lines as a page shows them (the footer, the about and contact pages). */
export interface SupportPhones {
  /** The support line (SUPPORT.phone). */
  phone: PhoneDisplay;
  /** The 24/7 emergency line (SUPPORT.emergencyPhone). */
  emergencyPhone: PhoneDisplay;
}

/**
 * The support phone numbers (lib/constants.ts SUPPORT, E.164) for this request's visitor, as
 * every other phone (issue 14 §2): "(212) 555-0100" for a visitor whose Accept-Language region
 * is US, "+1 212 555 0100" for everyone else, `tel:+12125550100` always. The root loader
 * writes them once for the footer, the about and the contact page (useSupportPhones in
 * app/ui/static/support.ts). `numbers`: the configured lines (issue 19 §5, server/site/company.ts),
 * by default the demo's. Never throws.
 */
export function supportPhones(
  request: Request,
  numbers: { phone: string; emergencyPhone: string } = SUPPORT,
): SupportPhones {
  return {
    phone: viewerPhone(numbers.phone, request),
    emergencyPhone: viewerPhone(numbers.emergencyPhone, request),
  };
}

export type { PhoneDisplay };
