/**
 * Listing: a lawyer's own listing on the dashboard (issue 3 "Lawyer onboarding"): claiming a
 * listing by emailed link, verifying the email, creating and editing the listing, and the logo.
 * The forms post to /dashboard/listing, whose action answers with a ListingActionResult
 * (a ListingFormFailure when refused: app/form-result.ts FormResult).
 */

export { ListingHistory } from "./ListingHistory";
export {
  LISTING_ACTION,
  LISTING_NOTICES,
  type ListingActionResult,
  type ListingFormFailure,
  type ListingIntent,
  type ListingNotice,
} from "./listing-action";
export { MyListing } from "./MyListing";
