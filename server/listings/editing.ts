/**
 * Creating and editing a lawyer's own listing and its logo (issue 3 "Lawyer onboarding").
 */

import { and, eq, isNull, sql } from "drizzle-orm";
import { isLawyerId } from "../../lib/ids.ts";
import { LISTING_MESSAGES } from "../../lib/listing-owner.ts";
import {
  fieldErrorsOf,
  LISTING_FIELD_MESSAGES,
  type ListingCreateInput,
  ListingCreateSchema,
  type ListingUpdateInput,
  ListingUpdateSchema,
  listingPhone,
} from "../../lib/listing-owner-schema.ts";
import { recordAudit } from "../audit/index.ts";
import { barAdmissions, lawyerLogos, lawyers, users, verificationChecks } from "../db/schema.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { invalidateSearchCaches } from "../search/index.ts";
import { countryName } from "../seed/countries.ts";
import { recomputeVerification } from "../verification/recompute.ts";
import type { Geocoder } from "./geocoder.ts";
import { processLogo } from "./logo.ts";
import { lookUpCity } from "./places.ts";
import { searchDataChanged, syncSearchVocabulary } from "./search-sync.ts";
import type { ListingsDeps, ListingsService } from "./service.ts";
import { businessFieldsOf, isUniqueViolation, LISTING_EMAIL_LOCK_KEY, type ListingStore } from "./store.ts";

/** editingOperations of the listings service (see ListingsService). */
export function editingOperations(
  { db, logger, clock }: ListingsDeps,
  { lawyerAccount, ownedListing, linkedView, limit, listedEmailExists }: ListingStore,
  geocoder: Geocoder | null = null,
): Pick<ListingsService, "createListing" | "updateListing" | "setLogo" | "getLogo"> {
  return {
    async createListing(user, input) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId !== null) throw new ConflictError(LISTING_MESSAGES.alreadyLinked);
      if (!acct.isVerified) throw new ForbiddenError(LISTING_MESSAGES.verifyEmailFirst);
      const parsed = ListingCreateSchema.safeParse(input);
      if (!parsed.success) {
        const raw = input as { countryCode?: unknown } | null;
        const code = typeof raw?.countryCode === "string" ? raw.countryCode.trim().toUpperCase() : "";
        throw invalid(parsed.error, input, countryName(code) ? code : null);
      }
      const v: ListingCreateInput = parsed.data;
      const country = countryName(v.countryCode);
      if (!country) {
        throw new ValidationError(LISTING_FIELD_MESSAGES.countryCode, {
          countryCode: LISTING_FIELD_MESSAGES.countryCode,
        });
      }
      const phone = listingPhone(v.phone, v.countryCode);
      if (!phone) {
        const message = LISTING_FIELD_MESSAGES.phoneInvalid(v.countryCode);
        throw new ValidationError(message, { phone: message });
      }
      await limit("listing-write", acct.id, LISTING_MESSAGES.tooManyWrites);
      const state = v.state ?? null;
      const place = lookUpCity(v.countryCode, v.city, state);
      let id: number;
      let vocabularyChanged = false;
      try {
        id = await db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${LISTING_EMAIL_LOCK_KEY})`);
          if (await listedEmailExists(tx, acct.email)) throw new ConflictError(LISTING_MESSAGES.emailListed);
          const row = {
            name: v.name,
            firm: v.firm ?? "",
            email: acct.email,
            phone,
            location: [v.city, state, country].filter(Boolean).join(", ").slice(0, 255),
            country,
            countryCode: v.countryCode,
            state,
            city: v.city,
            latitude: place.latitude,
            longitude: place.longitude,
            timeZone: place.timeZone,
            experience: v.experience,
            rating: 0,
            reviewCount: 0,
            bio: v.bio ?? "",
            practiceAreas: v.practiceAreas,
            languages: v.languages ?? [],
            businessAddress: v.businessAddress ?? null,
            website: v.website ?? null,
            workingHours: v.workingHours ?? null,
            grammaticalGender: v.grammaticalGender ?? null,
          };
          const inserted = await tx.insert(lawyers).values(row).returning({ id: lawyers.id });
          const newId = inserted[0]?.id;
          if (newId === undefined) throw new Error("insert into lawyers returned no id");
          // Issue 15 §2 "Publication": the bar admission and its licence check, pending until a
          // moderator or a register import verifies it; the cache follows (recomputeVerification).
          const [admission] = await tx
            .insert(barAdmissions)
            .values({
              lawyerId: newId,
              countryCode: v.countryCode,
              region: v.admissionRegion ?? state,
              regulator: v.admissionRegulator,
              licenceNumber: v.admissionNumber,
              yearAdmitted: v.admissionYear ?? null,
            })
            .returning({ id: barAdmissions.id });
          await tx.insert(verificationChecks).values({
            lawyerId: newId,
            admissionId: admission?.id ?? null,
            kind: "licence",
            status: "pending",
            source: v.admissionRegulator,
          });
          await recomputeVerification(tx, newId, clock);
          vocabularyChanged = await syncSearchVocabulary(
            tx,
            {},
            {
              name: row.name,
              firm: row.firm,
              practiceAreas: row.practiceAreas,
              place: { city: row.city, state, country, countryCode: row.countryCode },
            },
          );
          const linked = await tx
            .update(users)
            .set({ lawyerId: newId, ...businessFieldsOf(row), updatedAt: clock.now() })
            .where(and(eq(users.id, acct.id), isNull(users.lawyerId)))
            .returning({ id: users.id });
          if (linked.length === 0) throw new ConflictError(LISTING_MESSAGES.alreadyLinked);
          // A new listing and its owner (issue 15 §1 "Audit log"), in the same transaction.
          await recordAudit(tx, {
            actor: { userId: acct.id, role: "lawyer" },
            action: "listing.created",
            subjectType: "listing",
            subjectId: newId,
            before: null,
            after: { ownerUserId: acct.id, verified: false, verificationStatus: "pending" },
            at: clock.now(),
          });
          return newId;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new ConflictError(LISTING_MESSAGES.alreadyLinked);
        throw err;
      }
      searchDataChanged(db, vocabularyChanged);
      logger.info({ userId: acct.id, lawyerId: id }, "listing created");
      return linkedView(id);
    },

    async updateListing(user, input, options = {}) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId === null) throw new NotFoundError(LISTING_MESSAGES.noListing);
      const current = await ownedListing(acct.lawyerId);
      if (!current) throw new NotFoundError(LISTING_MESSAGES.noListing);
      const parsed = ListingUpdateSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error, input, current.countryCode);
      const v: ListingUpdateInput = parsed.data;
      const patch: Partial<typeof lawyers.$inferInsert> = {};
      if (v.name !== undefined) patch.name = v.name;
      if (v.firm !== undefined) patch.firm = v.firm ?? "";
      if (v.bio !== undefined) patch.bio = v.bio ?? "";
      if (v.businessAddress !== undefined) patch.businessAddress = v.businessAddress;
      if (v.website !== undefined) patch.website = v.website;
      if (v.workingHours !== undefined) patch.workingHours = v.workingHours;
      if (v.grammaticalGender !== undefined) patch.grammaticalGender = v.grammaticalGender;
      // Issue 19 §1: the owner's office position (both or neither; cleared: the city's point again).
      if (v.latitude !== undefined || v.longitude !== undefined) {
        if (v.latitude == null || v.longitude == null) {
          const place = lookUpCity(current.countryCode, current.city, current.state);
          patch.latitude = place.latitude;
          patch.longitude = place.longitude;
        } else {
          patch.latitude = v.latitude;
          patch.longitude = v.longitude;
        }
      }
      if (v.practiceAreas !== undefined) patch.practiceAreas = v.practiceAreas;
      if (v.languages !== undefined) patch.languages = v.languages;
      if (v.phone !== undefined) {
        const phone = listingPhone(v.phone, current.countryCode);
        if (!phone) {
          const message = LISTING_FIELD_MESSAGES.phoneInvalid(current.countryCode);
          throw new ValidationError(message, { phone: message });
        }
        patch.phone = phone;
      }
      await limit("listing-write", acct.id, LISTING_MESSAGES.tooManyWrites);
      // Issue 19 §1: a new address is geocoded unless the owner typed a position (typed wins).
      // Issue 28 §5: "Find on map from my address" (options.locate) geocodes the address asked
      // for, changed or not, and wins over the fields.
      let geocoding: "found" | "notFound" | undefined;
      const address = v.businessAddress !== undefined ? v.businessAddress : current.businessAddress;
      const newAddress = Boolean(v.businessAddress) && v.businessAddress !== current.businessAddress;
      if (geocoder && address && (newAddress || options.locate)) {
        const typed =
          !options.locate &&
          v.latitude != null &&
          v.longitude != null &&
          (v.latitude !== current.latitude || v.longitude !== current.longitude);
        if (!typed) {
          const city = lookUpCity(current.countryCode, current.city, current.state);
          const near =
            city.latitude !== null && city.longitude !== null
              ? { latitude: city.latitude, longitude: city.longitude }
              : null;
          const found = await geocoder.geocode([address, current.city].join(", "), current.countryCode, near);
          if (found.status === "found") {
            patch.latitude = found.latitude;
            patch.longitude = found.longitude;
            geocoding = "found";
          } else {
            geocoding = "notFound";
            logger.info({ lawyerId: current.id, result: found.status }, "listing address not geocoded");
          }
        }
      }
      const next = { ...current, ...patch };
      let vocabularyChanged = false;
      await db.transaction(async (tx) => {
        await tx
          .update(lawyers)
          .set({ ...patch, updatedAt: clock.now() })
          .where(eq(lawyers.id, current.id));
        await tx
          .update(users)
          .set({ ...businessFieldsOf(next), updatedAt: clock.now() })
          .where(eq(users.id, acct.id));
        vocabularyChanged = await syncSearchVocabulary(
          tx,
          { name: current.name, firm: current.firm, practiceAreas: current.practiceAreas },
          { name: next.name, firm: next.firm, practiceAreas: next.practiceAreas },
        );
      });
      searchDataChanged(db, vocabularyChanged);
      logger.info({ userId: acct.id, lawyerId: current.id, fields: Object.keys(patch) }, "listing updated");
      const view = await linkedView(current.id);
      return geocoding && view.kind === "linked" ? { ...view, geocoding } : view;
    },

    async setLogo(user, bytes) {
      const acct = await lawyerAccount(user);
      if (acct.lawyerId === null) throw new NotFoundError(LISTING_MESSAGES.noListing);
      // Counted before the image is decoded: decoding is the expensive part.
      await limit("listing-write", acct.id, LISTING_MESSAGES.tooManyWrites);
      const logo = await processLogo(bytes);
      const lawyerId = acct.lawyerId;
      const url = `/media/logos/${lawyerId}?v=${logo.etag}`;
      await db.transaction(async (tx) => {
        const values = {
          content: logo.content,
          contentType: logo.contentType,
          byteSize: logo.byteSize,
          etag: logo.etag,
          updatedAt: clock.now(),
        };
        await tx
          .insert(lawyerLogos)
          .values({ lawyerId, ...values })
          .onConflictDoUpdate({ target: lawyerLogos.lawyerId, set: values });
        await tx
          .update(lawyers)
          .set({ businessLogo: url, updatedAt: clock.now() })
          .where(eq(lawyers.id, lawyerId));
      });
      invalidateSearchCaches(db);
      logger.info({ userId: acct.id, lawyerId, bytes: logo.byteSize }, "listing logo updated");
      return linkedView(lawyerId);
    },

    async getLogo(lawyerId) {
      if (!isLawyerId(lawyerId)) return null;
      const rows = await db
        .select({
          content: lawyerLogos.content,
          contentType: lawyerLogos.contentType,
          byteSize: lawyerLogos.byteSize,
          etag: lawyerLogos.etag,
          updatedAt: lawyerLogos.updatedAt,
        })
        .from(lawyerLogos)
        .where(eq(lawyerLogos.lawyerId, lawyerId))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}

/**
 * A 400 for a failed parse: the first field's message (or the form's) with every field's. When
 * the phone passed the schema's own checks, it is also checked against `country` (the listing's,
 * or the chosen one), so every problem of the form shows at once.
 */
function invalid(
  error: Parameters<typeof fieldErrorsOf>[0],
  input: unknown,
  country: string | null,
): ValidationError {
  const { fields, form } = fieldErrorsOf(error);
  const phone = (input as { phone?: unknown } | null)?.phone;
  if (!fields.phone && country && typeof phone === "string" && phone.trim() !== "" && phone.length <= 50) {
    if (!listingPhone(phone, country)) {
      fields.phone = LISTING_FIELD_MESSAGES.phoneInvalid(country);
    }
  }
  const first = Object.values(fields)[0];
  return new ValidationError(form ?? first ?? LISTING_MESSAGES.invalid, fields);
}
