/** Row selection and mapping from the lawyers table to the public LawyerDTO (lib/lawyer.ts). */
import { getTableColumns } from "drizzle-orm";
import { feeTermsOf } from "../../lib/fees.ts";
import { isFictionalPhone } from "../../lib/fictional-phones.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { lawyers } from "../db/schema.ts";
import { managedSql } from "../listings/managed.ts";
import { responseStatsOf } from "../responses/stats.ts";

const { searchVector: _sv, createdAt: _c, updatedAt: _u, ...columns } = getTableColumns(lawyers);

/**
 * The columns a search or profile selects: everything but the search vector and timestamps, and
 * `managed` (issue 28 §4: an account with a confirmed email manages the listing;
 * server/listings/managed.ts), read live with each row.
 */
export const lawyerColumns = { ...columns, managed: managedSql() };

/** A selected row (drizzle maps numeric rating to a number already; Number() guards raw SQL). */
export type LawyerRow = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] | null } & {
  /** Issue 28 §4; absent from rows selected without it (then not managed). */
  managed?: boolean | null;
  distanceKm?: number | string | null;
};

/** The columns of a listing's identity and place (listingIdentity's input). */
export type ListingIdentityRow = Pick<
  LawyerRow,
  "id" | "name" | "firm" | "email" | "phone" | "location" | "country" | "countryCode" | "state" | "city"
>;

/**
 * Who and where a listing is, as every view of it shows it (the public LawyerDTO here, the
 * owner's view in server/listings/store.ts; spec §3 "Lawyer"): the id as a number, a missing text
 * as "" and a missing state as null. Never throws.
 */
export function listingIdentity(r: ListingIdentityRow) {
  return {
    id: Number(r.id),
    name: r.name ?? "",
    firm: r.firm ?? "",
    email: r.email ?? "",
    phone: r.phone ?? "",
    location: r.location ?? "",
    country: r.country ?? "",
    countryCode: r.countryCode ?? "",
    state: r.state ?? null,
    city: r.city ?? "",
  };
}

/**
 * Maps a lawyers row to the API shape. `distanceKm` (kilometres, rounded to 0.1) is included only
 * when the search had a `near` point. A demo listing's phone outside the fiction ranges is ""
 * (issue 28 §4, lib/fictional-phones.ts).
 */
export function toLawyerDTO(r: LawyerRow): LawyerDTO {
  const identity = listingIdentity(r);
  const dto: LawyerDTO = {
    ...identity,
    // Issue 28 §4: a demo listing's made-up number outside every range reserved for fiction may be
    // someone's real number: never published ("", as a listing without a phone).
    phone: r.demo && !isFictionalPhone(identity.phone) ? "" : identity.phone,
    latitude: r.latitude ?? null,
    longitude: r.longitude ?? null,
    timeZone: r.timeZone ?? null,
    experience: Number(r.experience ?? 0),
    rating: Number(r.rating ?? 0),
    reviewCount: Number(r.reviewCount ?? 0),
    bio: r.bio ?? "",
    practiceAreas: r.practiceAreas ?? [],
    languages: r.languages ?? [],
    imageUrl: r.imageUrl ?? null,
    business_logo: r.businessLogo ?? null,
    business_address: r.businessAddress ?? null,
    website: r.website ?? null,
    googleReviewsUrl: r.googleReviewsUrl ?? null,
    workingHours: r.workingHours ?? null,
    verified: Boolean(r.verified),
    verification_status: (r.verificationStatus ?? "unverified") as LawyerDTO["verification_status"],
    demo: Boolean(r.demo),
    managed: r.managed === true,
    responseStats: responseStatsOf(r),
    fees: feeTermsOf(r),
    personalityTraits: r.personalityTraits ?? null,
    communicationStyle: r.communicationStyle ?? null,
    approachStyle: r.approachStyle ?? null,
    clientFocus: r.clientFocus ?? null,
    availabilityLevel: r.availabilityLevel ?? null,
    caseComplexityPreference: r.caseComplexityPreference ?? null,
  };
  if (r.distanceKm !== undefined && r.distanceKm !== null) {
    dto.distanceKm = Math.round(Number(r.distanceKm) * 10) / 10;
  }
  return dto;
}
