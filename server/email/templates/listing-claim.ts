/** The listing claim email (issue 3 "Lawyer onboarding"; see listing-link.ts for what it may say). */
import type { Locale } from "./catalog.ts";
import type { EmailContent, RenderedEmail } from "./layout.ts";
import { renderEmail } from "./layout.ts";
import { type LinkEmailParams, linkContent } from "./listing-link.ts";

/** What the claim email adds: the listing as "Name, Firm, Location" (the listing's own text). */
export interface ListingClaimParams extends LinkEmailParams {
  listing: string;
}

/** The claim email's content: the listing it is about and the link to confirm it. */
export function listingClaimContent(p: ListingClaimParams, locale: Locale = "en"): EmailContent {
  return linkContent("claim", p, locale);
}

/** The claim email as `{ subject, html, text }`. */
export function listingClaimEmail(p: ListingClaimParams, locale: Locale = "en"): Promise<RenderedEmail> {
  return renderEmail(listingClaimContent(p, locale), locale);
}
