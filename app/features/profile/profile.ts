/**
 * Pure helpers of the lawyer profile (spec §2 "Lawyer profile"; issue 2 §4 JSON-LD).
 */
import type { LawyerDTO } from "../../../lib/lawyer.ts";

/** Working hours with the office's time zone, e.g. "Mon-Fri 9:00-17:00 (America/Toronto)". */
export function workingHoursText(l: Pick<LawyerDTO, "workingHours" | "timeZone">): string | null {
  if (!l.workingHours) return null;
  return l.timeZone ? `${l.workingHours} (${l.timeZone})` : l.workingHours;
}

/** A `tel:` URI for a displayed phone number: keeps a leading + and the digits. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith("+") ? "+" : ""}${trimmed.replace(/\D/g, "")}`;
}

/**
 * schema.org LegalService JSON-LD for a lawyer (issue 2 §4), serialised with `<` escaped so the
 * text cannot close the script element.
 */
export function legalServiceJsonLd(l: LawyerDTO, url: string): string {
  const doc: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "LegalService",
    "@id": url,
    url,
    name: l.name,
    description: l.bio,
    telephone: l.phone,
    email: l.email,
    address: {
      "@type": "PostalAddress",
      streetAddress: l.business_address ?? undefined,
      addressLocality: l.city,
      addressRegion: l.state ?? undefined,
      addressCountry: l.countryCode,
    },
    areaServed: { "@type": "Country", name: l.country },
    knowsAbout: l.practiceAreas,
  };
  // schema.org Organization.knowsLanguage takes IETF BCP 47 tags; ISO 639-1 codes are such tags.
  if (l.languages.length > 0) doc.knowsLanguage = l.languages;
  if (l.latitude !== null && l.longitude !== null) {
    doc.geo = { "@type": "GeoCoordinates", latitude: l.latitude, longitude: l.longitude };
  }
  if (l.reviewCount > 0) {
    doc.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: l.rating,
      reviewCount: l.reviewCount,
      bestRating: 5,
      worstRating: 0,
    };
  }
  // An uploaded logo is a site path (/media/logos/7?v=…); schema.org wants an absolute URL.
  if (l.business_logo)
    doc.logo = URL.canParse(l.business_logo, url) ? new URL(l.business_logo, url).href : l.business_logo;
  if (l.website) doc.sameAs = [l.website];
  return JSON.stringify(doc).replace(/</g, "\\u003c");
}
