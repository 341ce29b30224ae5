/** Row selection and mapping from the lawyers table to the public LawyerDTO (lib/lawyer.ts). */
import { getTableColumns } from "drizzle-orm";
import { feeTermsOf } from "../../lib/fees.ts";
import { isGrammaticalGender } from "../../lib/grammatical-gender.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { lawyers } from "../db/schema.ts";
import { responseStatsOf } from "../responses/stats.ts";

const { searchVector: _sv, createdAt: _c, updatedAt: _u, ...columns } = getTableColumns(lawyers);

/** The columns a search or profile selects: everything but the search vector and timestamps. */
export const lawyerColumns = columns;

/** A selected row (drizzle maps numeric rating to a number already; Number() guards raw SQL). */
export type LawyerRow = { [K in keyof typeof columns]: (typeof columns)[K]["_"]["data"] | null } & {
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
 * when the search had a `near` point.
 */
export function toLawyerDTO(r: LawyerRow): LawyerDTO {
  const dto: LawyerDTO = {
    ...listingIdentity(r),
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
    grammaticalGender: isGrammaticalGender(r.grammaticalGender) ? r.grammaticalGender : null,
    verified: Boolean(r.verified),
    verification_status: (r.verificationStatus ?? "unverified") as LawyerDTO["verification_status"],
    demo: Boolean(r.demo),
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
