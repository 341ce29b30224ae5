/**
 * The one writer of a listing's `verified` / `verification_status` columns (issue 15 §2: "the
 * single verified flag and verification_status become a computed result of checks"; a spec
 * deviation, docs/spec-deviations.md). The columns stay as a denormalised cache so that search,
 * its facts and the facet counts filter on a column (docs/search.md "Verified only"); nothing
 * else writes them (the seed, the import and the listing forms insert checks and call this).
 *
 * The rule is lib/verification.ts `licenceStatus` in SQL: a licence check verified and not past
 * its `next_check_due` (on the injectable clock's day, server/clock.ts) makes the listing
 * verified; else a pending one makes it pending; anything else (lapsed, rejected, none) is
 * `unverified` in the cache, whose values stay spec §3's three. Sources: [S16][S20][S22][S27].
 */
import { type SQL, sql } from "drizzle-orm";
import { type CheckKind, type CheckStatus, isoDay, licenceStatus } from "../../lib/verification.ts";
import type { Clock } from "../clock.ts";
import { systemClock } from "../clock.ts";
import type { Db } from "../db/client.ts";

/**
 * The cache columns for a listing about to be inserted with these checks (dates as
 * `YYYY-MM-DD`), by lib/verification.ts licenceStatus on `today`: what recomputeVerification
 * would write right after the insert, computed before it so a bulk insert (the seed: 5,600 rows)
 * does not rewrite every new row (an UPDATE recomputes the generated search document). Tested
 * to agree with the SQL (recompute.test.ts). Pure.
 */
export function verificationCache(
  checks: readonly { kind: CheckKind; status: CheckStatus; nextCheckDue: string | null }[],
  today: string,
): { verified: boolean; verificationStatus: "verified" | "pending" | "unverified" } {
  const status = licenceStatus(checks, today);
  return {
    verified: status === "verified",
    verificationStatus: status === "verified" || status === "pending" ? status : "unverified",
  };
}

/** The cache's status per lawyer under `where` (a condition on `l`), as SQL. */
function recomputeSql(today: string, where: SQL): SQL {
  return sql`
    UPDATE lawyers AS t SET verified = (s.status = 'verified'), verification_status = s.status
    FROM (
      SELECT l.id, CASE
          WHEN bool_or(c.status = 'verified' AND (c.next_check_due IS NULL OR c.next_check_due >= ${today}::date)) THEN 'verified'
          WHEN bool_or(c.status = 'pending') THEN 'pending'
          ELSE 'unverified' END AS status
      FROM lawyers AS l
      LEFT JOIN verification_checks AS c ON c.lawyer_id = l.id AND c.kind = 'licence'
      WHERE ${where}
      GROUP BY l.id
    ) AS s
    WHERE t.id = s.id AND (t.verified IS DISTINCT FROM (s.status = 'verified') OR t.verification_status IS DISTINCT FROM s.status)`;
}

/**
 * Recomputes one listing's cache from its licence checks on the clock's day (issue 15 §2).
 * Writes only when the value changes (the lawyers trigger then bumps the search version, so
 * every instance's search facts follow). Unknown ids change nothing. Throws only database errors.
 */
export async function recomputeVerification(
  db: Pick<Db, "execute">,
  lawyerId: number,
  clock: Clock = systemClock,
): Promise<void> {
  await db.execute(recomputeSql(isoDay(clock.now()), sql`l.id = ${lawyerId}`));
}

/**
 * The same rule for many listings in one statement: every listing when `lawyerIds` is absent
 * (the seed after its bulk insert; a start-up pass that turns ticks past their due date off),
 * or the given ids (an import). Returns nothing; throws only database errors.
 */
export async function recomputeVerifications(
  db: Pick<Db, "execute">,
  clock: Clock = systemClock,
  lawyerIds?: readonly number[],
): Promise<void> {
  const where =
    lawyerIds === undefined
      ? sql`true`
      : lawyerIds.length === 0
        ? sql`false`
        : sql`l.id = ANY(${sql.raw(`ARRAY[${lawyerIds.map((id) => Math.trunc(id)).join(",")}]::int[]`)})`;
  await db.execute(recomputeSql(isoDay(clock.now()), where));
}

/**
 * Only the listings whose cached tick has passed a licence check's due date (cheap: the due-date
 * index), so a server that runs for days does not keep a lapsed tick in search (issue 15 §2
 * "Rejected or lapsed states never show a tick"; the daily job of §2 "Ongoing monitoring" will
 * also mark such checks lapsed and email the lawyer).
 */
export async function recomputeOverdueVerifications(
  db: Pick<Db, "execute">,
  clock: Clock = systemClock,
): Promise<void> {
  const today = isoDay(clock.now());
  await db.execute(
    recomputeSql(
      today,
      sql`l.verified AND l.id IN (SELECT lawyer_id FROM verification_checks WHERE kind = 'licence' AND next_check_due < ${today}::date)`,
    ),
  );
}
