/**
 * Managed lawyers near a listing nobody manages (issue 28 §4: "offer managed lawyers nearby (same
 * practice area, nearest managed listings — a small list on the profile and the confirmation)").
 *
 * The rule: listings other than `lawyerId`, not hidden (issue 15 §3), managed
 * (server/listings/managed.ts: a lawyer account with a confirmed email), in the same country and
 * sharing at least one practice area with it (any area when it lists none); nearest office first
 * when both positions are known (great-circle distance, earthdistance), then those in the same
 * city, then rating, review count and id (the directory's tie-break, lib/ranking.ts TIE_BREAK).
 * Another country is never offered: a lawyer must be admitted where the case is handled.
 */
import { and, asc, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { isLawyerId } from "../../lib/ids.ts";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import type { Db } from "../db/client.ts";
import { lawyers, users } from "../db/schema.ts";
import { distanceKm } from "./conditions.ts";
import { type LawyerRow, lawyerColumns, toLawyerDTO } from "./dto.ts";

/** How many managed listings a profile or a confirmation offers. */
export const MANAGED_NEARBY_LIMIT = 3;

/**
 * Up to `limit` managed listings near listing `lawyerId` (see the module's rule), as LawyerDTOs
 * with `distanceKm` when both positions are known; null when `lawyerId` names no visible listing.
 * Driven from the managed accounts (users.lawyer_id), so its cost follows their number, not the
 * directory's. Throws only database errors.
 */
export async function managedNearby(
  db: Db,
  lawyerId: number,
  limit = MANAGED_NEARBY_LIMIT,
): Promise<LawyerDTO[] | null> {
  if (!isLawyerId(lawyerId)) return null;
  const [origin] = await db
    .select({
      countryCode: lawyers.countryCode,
      city: lawyers.city,
      latitude: lawyers.latitude,
      longitude: lawyers.longitude,
      practiceAreas: lawyers.practiceAreas,
    })
    .from(lawyers)
    .where(and(eq(lawyers.id, lawyerId), eq(lawyers.hidden, false)))
    .limit(1);
  if (!origin) return null;
  const near =
    origin.latitude !== null && origin.longitude !== null
      ? { lat: origin.latitude, lng: origin.longitude }
      : null;
  const areas = origin.practiceAreas ?? [];
  const conditions: SQL[] = [
    ne(lawyers.id, lawyerId),
    eq(lawyers.hidden, false),
    eq(lawyers.countryCode, origin.countryCode),
  ];
  if (areas.length > 0)
    conditions.push(
      sql`${lawyers.practiceAreas} && ARRAY[${sql.join(
        areas.map((a) => sql`${a}::text`),
        sql`, `,
      )}]`,
    );
  const distance = near ? distanceKm(near) : sql<number | null>`NULL::float8`;
  const rows = (await db
    .select({ ...lawyerColumns, distanceKm: distance })
    .from(users)
    .innerJoin(lawyers, eq(lawyers.id, users.lawyerId))
    .where(and(eq(users.role, "lawyer"), eq(users.isVerified, true), ...conditions))
    .orderBy(
      sql`${distance} ASC NULLS LAST`,
      desc(sql`lower(${lawyers.city}) = lower(${origin.city})`),
      desc(lawyers.rating),
      desc(lawyers.reviewCount),
      asc(lawyers.id),
    )
    .limit(Math.max(0, Math.trunc(limit)))) as LawyerRow[];
  return rows.map(toLawyerDTO);
}
