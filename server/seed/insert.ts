/**
 * Bulk insert of lawyer listings, shared by the demo data loader and the import command
 * (issue 2 §2): all rows in one transaction (all or nothing), in multi-row INSERTs, then the
 * search vocabulary is rebuilt.
 */

import { replayCaseHistory } from "../../lib/case-states.ts";
import { isoDay } from "../../lib/verification.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import {
  barAdmissions,
  cases,
  disciplinaryRecords,
  lawyers,
  reviews,
  verificationChecks,
} from "../db/schema.ts";
import { recomputeAllRatings } from "../reviews/recompute.ts";
import { refreshSearchData } from "../search/index.ts";
import { verificationCache } from "../verification/recompute.ts";
import { type DemoReview, demoReviewColumns } from "./demo-reviews.ts";
import type { NewLawyer } from "./generate.ts";
import type { VerificationPlan } from "./verification-plan.ts";

/** Rows per INSERT statement: ~36 parameters a row stays well under PostgreSQL's 65,535. */
export const DEFAULT_BATCH_SIZE = 1000;

/** Anything with Drizzle's `insert` and `execute`: the database handle or an open transaction. */
export type Inserter = Pick<Db, "insert" | "execute">;

/** `YYYY-MM-DD` of `days` after `today` (negative: before). */
function dayOffset(today: Date, days: number): string {
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Writes the demo engagements of inserted rows (issue 16 §1): per demo review a closed demo case
 * (never anyone's: no client account, no tracking token) engaged `engagedDaysAgo` before `clock`,
 * and its review `writtenDaysAfter` the engagement, marked `demo`. Each review is checked with
 * the review service's own rules (ReviewInputSchema; third parties' contact data holds it
 * `pending`), then the one recompute of server/reviews/recompute.ts runs over every listing
 * (a no-op when the rows' cache from demoRatingCache agrees with it, which seed.test.ts checks).
 * @throws Error when a demo text breaks the review rules (a broken template pool), or a database error
 */
async function insertDemoReviews(
  executor: Inserter,
  ids: readonly number[],
  plans: readonly (DemoReview[] | undefined)[],
  batchSize: number,
  clock: Clock,
): Promise<void> {
  const now = clock.now().getTime();
  const all: { lawyerId: number; review: DemoReview }[] = [];
  plans.forEach((plan, i) => {
    for (const review of plan ?? []) all.push({ lawyerId: ids[i] as number, review });
  });
  if (all.length === 0) return;
  for (let start = 0; start < all.length; start += batchSize) {
    const slice = all.slice(start, start + batchSize);
    const engaged = slice.map(({ review }) => new Date(now - review.engagedDaysAgo * 86_400_000));
    const caseRows = await executor
      .insert(cases)
      .values(
        slice.map(({ lawyerId }, k) => {
          const at = engaged[k] as Date;
          // Issue 17 §2, issue 27 §2: an engagement is accepted for review, engaged and closed
          // through the case state machine (demo: all the same day).
          const { facts, updatedAt } = replayCaseHistory(at, [
            { to: "accepted", by: "lawyer", via: "accept", at },
            { to: "engaged", by: "lawyer", via: "status", at },
            { to: "closed", by: "lawyer", via: "status", at },
          ]);
          return {
            lawyerId,
            caseTitle: "Demo engagement",
            caseType: "Demo",
            description: "A fictional engagement of the demo data (issue 16 §1).",
            clientName: "Demo client",
            clientEmail: "demo.client@example.invalid",
            clientPhone: "",
            ...facts,
            createdAt: at,
            updatedAt,
          };
        }),
      )
      .returning({ id: cases.id });
    await executor.insert(reviews).values(
      slice.map(({ lawyerId, review }, k) => ({
        caseId: caseRows[k]?.id as string,
        lawyerId,
        ...demoReviewColumns(review, engaged[k] as Date),
      })),
    );
  }
  await recomputeAllRatings(executor);
}

/**
 * Writes the verification plans of inserted rows (issue 15 §2): each admission, then its checks
 * (a licence check points at the admission) and discipline records, in multi-row INSERTs, dates
 * relative to `clock`. The rows' `verified` cache was set at their insert by verificationCache
 * (server/verification/recompute.ts, the rule of recomputeVerification). Rows without a plan get
 * none and stay unverified.
 */
async function insertVerificationPlans(
  executor: Inserter,
  ids: readonly number[],
  plans: readonly (VerificationPlan | undefined)[],
  batchSize: number,
  clock: Clock,
): Promise<void> {
  const now = clock.now();
  const admissionRows: (typeof barAdmissions.$inferInsert)[] = [];
  const admissionOwner: number[] = [];
  plans.forEach((p, k) => {
    if (!p?.admission) return;
    admissionRows.push({ lawyerId: ids[k] as number, ...p.admission });
    admissionOwner.push(k);
  });
  const admissionOf = new Map<number, number>();
  for (let start = 0; start < admissionRows.length; start += batchSize) {
    const got = await executor
      .insert(barAdmissions)
      .values(admissionRows.slice(start, start + batchSize))
      .returning({ id: barAdmissions.id });
    for (const [j, g] of got.entries()) admissionOf.set(admissionOwner[start + j] as number, g.id);
  }
  const checkRows: (typeof verificationChecks.$inferInsert)[] = [];
  const recordRows: (typeof disciplinaryRecords.$inferInsert)[] = [];
  plans.forEach((p, k) => {
    if (!p) return;
    const lawyerId = ids[k] as number;
    for (const c of p.checks) {
      checkRows.push({
        lawyerId,
        admissionId: c.kind === "licence" ? (admissionOf.get(k) ?? null) : null,
        kind: c.kind,
        status: c.status,
        method: c.method,
        source: c.source,
        sourceUrl: c.sourceUrl,
        checkedOn: c.checkedDaysAgo === null ? null : dayOffset(now, -c.checkedDaysAgo),
        nextCheckDue: c.dueInDays === null ? null : dayOffset(now, c.dueInDays),
        details: c.details ?? null,
        demo: c.demo,
      });
    }
    for (const d of p.discipline ?? []) {
      recordRows.push({
        lawyerId,
        decidedOn: dayOffset(now, -d.daysAgo),
        outcome: d.outcome,
        regulator: d.regulator,
        sourceUrl: d.sourceUrl,
        lawyerStatement: d.lawyerStatement,
        demo: d.demo,
      });
    }
  });
  for (let start = 0; start < checkRows.length; start += batchSize)
    await executor.insert(verificationChecks).values(checkRows.slice(start, start + batchSize));
  for (let start = 0; start < recordRows.length; start += batchSize)
    await executor.insert(disciplinaryRecords).values(recordRows.slice(start, start + batchSize));
}

/**
 * Inserts `rows` in batches of `batchSize` on an open handle or transaction (no transaction of
 * its own), then their verification plans (admissions, checks, discipline); each row's
 * `verified` cache comes from its plan by the rule of recomputeVerification (issue 15 §2), and
 * any `verified`/`verificationStatus` given in a row is overwritten by it. Returns the new lawyers' ids in row order.
 */
export async function insertBatches(
  executor: Inserter,
  rows: readonly NewLawyer[],
  batchSize = DEFAULT_BATCH_SIZE,
  clock: Clock = systemClock,
): Promise<number[]> {
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError("batchSize must be a positive integer");
  const ids: number[] = [];
  const now = clock.now();
  const today = isoDay(now);
  for (let start = 0; start < rows.length; start += batchSize) {
    const slice = rows.slice(start, start + batchSize).map(({ verification, demoReviews, ...row }) => ({
      ...row,
      ...verificationCache(
        (verification?.checks ?? []).map((c) => ({
          kind: c.kind,
          status: c.status,
          nextCheckDue: c.dueInDays === null ? null : dayOffset(now, c.dueInDays),
        })),
        today,
      ),
    }));
    const got = await executor.insert(lawyers).values(slice).returning({ id: lawyers.id });
    for (const g of got) ids.push(g.id);
  }
  await insertVerificationPlans(
    executor,
    ids,
    rows.map((r) => r.verification),
    batchSize,
    clock,
  );
  await insertDemoReviews(
    executor,
    ids,
    rows.map((r) => r.demoReviews),
    batchSize,
    clock,
  );
  return ids;
}

/**
 * Inserts `rows` into `lawyers` inside ONE transaction, `batchSize` rows per INSERT (default
 * 1,000): if any row fails, nothing is written and the database error is thrown. Afterwards
 * rebuilds the search data with `refreshSearchData` unless `refresh: false`.
 * Returns the number of rows inserted.
 */
export async function insertLawyers(
  db: Db,
  rows: readonly NewLawyer[],
  opts: { batchSize?: number; refresh?: boolean } = {},
): Promise<number> {
  if (rows.length === 0) return 0;
  await db.transaction(async (tx) => {
    await insertBatches(tx, rows, opts.batchSize);
  });
  if (opts.refresh ?? true) await refreshSearchData(db);
  return rows.length;
}
