/**
 * Whether a listing is managed (issue 28 §4): an account with a confirmed email manages it, i.e. a
 * lawyer account linked to it (users.lawyer_id, issue 3's claim or creation) whose address was
 * proven by an emailed single-use link (users.is_verified; the claim link itself proves the
 * listing's address, server/listings/claims.ts). Only such an account can open the listing's cases
 * and accept or decline them, so only a managed listing can keep a promise to answer, and only a
 * managed listing's address is known to reach the lawyer.
 *
 * One rule, in SQL, for every reader: the lawyer JSON's `managed` (server/search/dto.ts), the
 * cases domain's listing (server/cases/reads.ts), the response sweep (server/responses/sweep.ts)
 * and the managed listings nearby (server/search/managed-nearby.ts).
 */
import { type SQL, sql } from "drizzle-orm";

/**
 * The id column of the `lawyers` table, always qualified: inside a subquery Drizzle would render
 * `lawyers.id` of a single-table select as a bare "id", which the subquery reads as its own.
 */
export const LAWYERS_ID: SQL = sql.raw('"lawyers"."id"');

/**
 * SQL boolean: the listing whose id is `lawyerId` (qualified SQL naming the column, e.g.
 * LAWYERS_ID or sql`l.id`) is managed. Uses the unique index on users.lawyer_id.
 */
export function managedSql(lawyerId: SQL = LAWYERS_ID): SQL<boolean> {
  return sql<boolean>`EXISTS (SELECT 1 FROM users AS mu WHERE mu.lawyer_id = ${lawyerId} AND mu.role = 'lawyer' AND mu.is_verified)`;
}
