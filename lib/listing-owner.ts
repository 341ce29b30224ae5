/**
 * Lawyer onboarding (issue 3 "Lawyer onboarding"): what a lawyer account sees of its listing on
 * the dashboard, the limits of the logo upload and the messages shown to the user. Zod-free, so
 * the browser can import it (as lib/search-state.ts); the validators of the create and update
 * payloads live in lib/listing-owner-schema.ts and are shared by the dashboard's action and the
 * API (server/api/listings.ts).
 */

import type { FeeTerms } from "./fees.ts";
import { msg } from "./i18n/message.ts";
import type { LawyerDTO } from "./lawyer.ts";
import type { SpecialistTitle } from "./specialist-titles.ts";

/** Largest accepted logo file: 2 MB (2 × 1024 × 1024 bytes; issue 3). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** The stored logo fits in a square of this many pixels (re-encoded as WebP on the server). */
export const LOGO_SIZE_PX = 256;
/**
 * Largest logo input in pixels per side: 4096 (so at most 4096 × 4096 = 16,777,216 pixels are
 * decoded; security review: 8 parallel 40-megapixel PNGs took about 400 MB).
 */
export const LOGO_MAX_INPUT_SIDE_PX = 4096;
/** Image types the uploader offers (the server checks the content, not the name or type). */
export const LOGO_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";

/**
 * A listing as its owner edits it on the dashboard (subset of spec §3 "Lawyer"): the fields of
 * the public LawyerDTO (lib/lawyer.ts) with the same meaning, plus the names and paths the
 * dashboard uses.
 */
export interface OwnedListing
  extends Pick<
    LawyerDTO,
    | "id"
    | "name"
    | "firm"
    | "phone"
    | "location"
    | "country"
    | "countryCode"
    | "state"
    | "city"
    | "bio"
    | "practiceAreas"
    | "languages"
    | "website"
    | "workingHours"
    | "grammaticalGender"
    | "latitude"
    | "longitude"
    | "experience"
    | "rating"
    | "reviewCount"
    | "verified"
  > {
  /** Contact email; always the account's email, not editable. */
  email: string;
  /** The office address (the DTO's `business_address`). */
  businessAddress: string | null;
  /** The DTO's `verification_status`. */
  verificationStatus: LawyerDTO["verification_status"];
  /** Path of the uploaded logo ("/media/logos/12?v=…"), or the listing's logo URL, or null. */
  logoUrl: string | null;
  /** Path of the public profile, e.g. "/lawyer/12". */
  profilePath: string;
  /** Fees and first meeting (issue 19 §1), as the lawyer JSON's `fees`. */
  fees: FeeTerms;
  /** Specialist titles (issue 28 §2), as the lawyer JSON's `specialistTitles`. */
  specialistTitles: SpecialistTitle[];
}

/** The listing an account may claim, shown so the user recognises it (issue 3). */
export interface ClaimCandidate {
  id: number;
  name: string;
  firm: string;
  city: string;
  country: string;
  location: string;
}

/** A country of the create form: ISO 3166-1 alpha-2 code and English name. */
export interface CountryOption {
  code: string;
  name: string;
}

/**
 * What the dashboard's "My listing" section shows (ListingsService.ownerView):
 * - `client`: a client account; listings are for lawyer accounts;
 * - `linked`: the account's listing, to edit;
 * - `claimable`: a listing with the account's email that no account has linked; `claimSentAt`
 *   (ISO 8601) is when a verification link that still works was last sent, else null;
 * - `create`: no listing to claim; the user creates one (`countries` for the country select).
 *   Only once the account's email is proven (`emailVerified`, users.is_verified): until then the
 *   dashboard shows "Verify your email" first, and `verificationSentAt` (ISO 8601) is when a
 *   verification link that still works was last sent, else null (security review of issue 3).
 */
export type ListingOwnerView =
  | { kind: "client" }
  | {
      kind: "linked";
      listing: OwnedListing;
      /**
       * After a save that changed the address with GEOCODER_URL set (issue 19 §1): `found` when the
       * office was placed from the address, `notFound` when it kept its previous position.
       */
      geocoding?: "found" | "notFound";
    }
  | { kind: "claimable"; email: string; candidate: ClaimCandidate; claimSentAt: string | null }
  | {
      kind: "create";
      email: string;
      countries: CountryOption[];
      emailVerified: boolean;
      verificationSentAt: string | null;
    };

/** Field names of the create and update forms (the payload keys of POST/PUT /api/listing). */
export type ListingField =
  | "name"
  | "firm"
  | "phone"
  | "countryCode"
  | "city"
  | "state"
  | "businessAddress"
  | "website"
  | "bio"
  | "practiceAreas"
  | "languages"
  | "experience"
  | "workingHours"
  | "grammaticalGender"
  | "latitude"
  | "longitude"
  | "admissionRegulator"
  | "admissionNumber"
  | "admissionRegion"
  | "admissionYear";

/** Error messages per field, shown next to the fields. */
export type ListingFieldErrors = Partial<Record<ListingField, string>>;

/** Texts shown to the user; the API answers the same text in `message`. */
export const LISTING_MESSAGES = {
  clientOnly:
    "Listings are for lawyer accounts. Sign up as a lawyer with a practice to list your practice in the directory.",
  updated: "Your listing has been updated",
  created: "Your listing has been created. It shows without the Verified badge until we have verified it.",
  claimed: "Your listing is now linked to your account. You can edit it below.",
  claimSent: "Check your email: we have sent a verification link to",
  claimInvalid: "This verification link is invalid. Please request a new one from your dashboard.",
  claimOtherUser:
    "This verification link was sent to another account. Sign in with the account that requested it.",
  claimUsed: "This verification link has already been used.",
  claimExpired: "This verification link has expired. Please request a new one from your dashboard.",
  claimNoToken: "The verification link is incomplete. Please open the link from the email again.",
  claimNoCandidate: "No unclaimed listing uses your email address. You can create a new listing instead.",
  claimEmailChanged:
    "The listing's contact email no longer matches your account. Please contact support to claim it.",
  verifyEmailFirst:
    "Please verify your email address before creating a listing: a listing shows its contact email, so we first send a link to it. Use 'Send verification link' on your dashboard.",
  verifySent: "Check your email: we have sent a verification link to",
  emailVerified: "Your email address is verified. You can now create your listing.",
  emailAlreadyVerified: "Your email address is already verified.",
  verifyEmailChanged: "This verification link was sent to another email address. Please request a new one.",
  tooManyWrites: msg("errors:listing.tooManyWrites"),
  alreadyLinked: "Your account is already linked to a listing.",
  listingTaken: "This listing is already linked to another account.",
  emailListed:
    "A listing with your email address already exists. Claim it with a verification link instead of creating a new one.",
  noListing: "Your account is not linked to a listing yet.",
  lawyersOnly: "Only lawyer accounts can have a listing.",
  logoMissing: "Choose an image file (JPEG, PNG, WebP or GIF) to upload.",
  logoTooLarge: "The logo is too large. Please choose an image of at most 2 MB.",
  logoType: "This file is not a JPEG, PNG, WebP or GIF image. Please choose an image file.",
  logoPixels:
    "This image has too many pixels. Please choose an image of at most 4096 × 4096 pixels (it is shown at 256 × 256).",
  logoUpdated: "Your logo has been updated",
  invalid: "Please correct the highlighted fields.",
} as const;
