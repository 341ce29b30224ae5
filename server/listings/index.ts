import { claimOperations } from "./claims.ts";
import { editingOperations } from "./editing.ts";
import { countryOptions } from "./places.ts";
import type { ListingsDeps, ListingsService } from "./service.ts";
import { createListingStore } from "./store.ts";

export { CLAIM_EMAIL_SUBJECT, claimEmail, VERIFY_EMAIL_SUBJECT, verifyEmail } from "./emails.ts";
export { ListingError } from "./errors.ts";
export type { ListingsDeps, ListingsService, StoredLogo } from "./service.ts";
export { hashClaimToken } from "./store.ts";

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
  return { ownerView, ...claimOperations(deps, store, ownerView), ...editingOperations(deps, store) };
}
