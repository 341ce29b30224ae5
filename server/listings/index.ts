/**
 * Lawyer onboarding (issue 3 "Lawyer onboarding"; spec §1 "Lawyers can sign up, have a
 * dashboard"): a lawyer account links to a listing, either by claiming the listing whose contact
 * email is its own after proving the address with an emailed link, or by creating a new one
 * (pending verification); the linked lawyer edits the business fields of spec §3 and uploads a
 * logo. Plain functions over the database, the mailer and the rate limits, shared by the API
 * (server/api/listings.ts) and the dashboard's pages (through `services.listings`).
 *
 * Security review of issue 3: a new listing shows the account's email (also in its JSON-LD), so
 * creating one needs a proven address (users.is_verified, set by an emailed single-use link, or
 * by claiming); emails to an address the account has not proven carry no text the account chose;
 * listing writes (create, edit, logo) are limited per account ('listing-write').
 *
 * After every write to `lawyers` the search caches of this process are invalidated (and a new
 * name, firm or city joins the search vocabulary, search-sync.ts), so the public profile, the API
 * and the search answer the new values at once (other instances within a second through
 * search_state.version; docs/search.md "Caching").
 */
import { EN } from "../email/templates/index.ts";
import { claimOperations } from "./claims.ts";
import { editingOperations } from "./editing.ts";
import { feeOperations } from "./fees.ts";
import { createGeocoder, type Geocoder } from "./geocoder.ts";
import { countryOptions } from "./places.ts";
import type { ListingsDeps, ListingsService } from "./service.ts";
import { specialistTitleOperations } from "./specialist-titles.ts";
import { createListingStore } from "./store.ts";

export type { ListingsDeps, ListingsService, StoredLogo } from "./service.ts";
export { hashClaimToken } from "./store.ts";

/** Subject of the claim email (server/email/templates/listing-link.ts, English). */
export const CLAIM_EMAIL_SUBJECT = EN["claim.subject"];
/** Subject of the email that proves an account's address before it creates a listing (English). */
export const VERIFY_EMAIL_SUBJECT = EN["verify.subject"];

/** Creates the listings service (see ListingsService): the owner's view, claims and editing. */
export function createListingsService(deps: ListingsDeps): ListingsService {
  const store = createListingStore(deps);
  const { account, ownedListing, claimCandidate, lastClaimSent, lastVerificationSent } = store;
  const ownerView: ListingsService["ownerView"] = async (user) => {
    const acct = await account(user).catch(() => null);
    if (acct?.role !== "lawyer") return { kind: "client" };
    if (acct.lawyerId !== null) {
      const listing = await ownedListing(acct.lawyerId);
      if (listing) return { kind: "linked", listing };
    }
    const candidate = await claimCandidate(acct.email);
    if (candidate) {
      const sent = await lastClaimSent(acct.id, candidate.id);
      return { kind: "claimable", email: acct.email, candidate, claimSentAt: sent?.toISOString() ?? null };
    }
    const sent = acct.isVerified ? null : await lastVerificationSent(acct.id, acct.email);
    return {
      kind: "create",
      email: acct.email,
      countries: countryOptions(),
      emailVerified: acct.isVerified,
      verificationSentAt: sent?.toISOString() ?? null,
    };
  };
  return {
    ownerView,
    ...claimOperations(deps, store, ownerView),
    ...editingOperations(deps, store, listingGeocoder(deps)),
    ...feeOperations(deps, store),
    ...specialistTitleOperations(deps, store),
  };
}

/**
 * The geocoder of this listings service (issue 19 §1): one per process, so its 1 request/s window
 * is the instance's; null when GEOCODER_URL is unset.
 */
function listingGeocoder({ config, clock, logger }: ListingsDeps): Geocoder | null {
  if (!config.GEOCODER_URL) return null;
  return createGeocoder({
    url: config.GEOCODER_URL,
    userAgent: `LexAtlas/1.0 (${config.PUBLIC_URL ?? "self-hosted"})`,
    clock,
    logger,
  });
}
