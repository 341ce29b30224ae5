/**
 * A client reviews the lawyer of an engaged case (issue 16 §1): where the case stands for
 * reviewing, the first write and the edits within REVIEW_EDIT_DAYS. Only the case's client, from
 * engagement + 14 days (REVIEW_MIN_DAYS_AFTER_ENGAGEMENT on the injectable clock), once per
 * engagement (unique case_id). A review with someone's contact data, or one that signals tie to
 * the lawyer (issue 27 §2, signals.ts), is held `pending`; links are refused. Each write
 * recomputes the listing's rating (recompute.ts) in its transaction.
 */
import { eq } from "drizzle-orm";
import { hasContactData } from "../../lib/contact-details.ts";
import { msg } from "../../lib/i18n/message.ts";
import { isUuid } from "../../lib/ids.ts";
import { ReviewInputSchema } from "../../lib/review-input.ts";
import { type ReviewHoldReason, reviewEditableUntil, reviewOpensAt } from "../../lib/reviews.ts";
import type { CaseViewer } from "../cases/service.ts";
import { cases, lawyers, reviews } from "../db/schema.ts";
import { ConflictError, ForbiddenError, NotFoundError } from "../errors.ts";
import { invalidateSearchCaches } from "../search/index.ts";
import type { DeviceHandle } from "../security/device-cookie.ts";
import {
  invalidReview,
  limitReviewAction,
  ownReview,
  REVIEW_MESSAGES,
  type ReviewDeps,
  type ReviewRow,
  tooEarlyMessage,
} from "./context.ts";
import { recomputeRating } from "./recompute.ts";
import type { OwnReview, ReviewEligibility } from "./service.ts";
import type { ReviewSignals } from "./signals.ts";

/** A client's write: case `caseId`, the viewer, the raw body, and where it came from (`ip`, the browser's `device` cookie). */
export interface ReviewWriteInput {
  caseId: string;
  viewer: CaseViewer;
  body: unknown;
  ip: string;
  device?: DeviceHandle | null;
}

/** The case with its listing's country, or null for a malformed or unknown id. */
async function caseRow(deps: Pick<ReviewDeps, "db">, id: string) {
  if (!isUuid(id)) return null;
  const [row] = await deps.db
    .select({
      id: cases.id,
      lawyerId: cases.lawyerId,
      userId: cases.userId,
      engagedAt: cases.engagedAt,
      countryCode: lawyers.countryCode,
    })
    .from(cases)
    .innerJoin(lawyers, eq(lawyers.id, cases.lawyerId))
    .where(eq(cases.id, id.toLowerCase()));
  return row ?? null;
}

async function reviewOfCase(deps: Pick<ReviewDeps, "db">, caseId: string) {
  const [row] = await deps.db.select().from(reviews).where(eq(reviews.caseId, caseId));
  return row ?? null;
}

/** The case, checked for the client's write: 404 stranger, 403 lawyer / not engaged / too early. */
async function clientCase(deps: ReviewDeps, caseId: string, viewer: CaseViewer) {
  const role = await deps.caseAccess(caseId, viewer);
  const row = role ? await caseRow(deps, caseId) : null;
  if (!role || !row) throw new NotFoundError(msg("errors:cases.notFound"));
  if (role !== "client") throw new ForbiddenError(REVIEW_MESSAGES.clientOnly);
  if (!row.engagedAt) throw new ForbiddenError(REVIEW_MESSAGES.notEngaged);
  const opensAt = reviewOpensAt(row.engagedAt);
  if (deps.clock.now() < opensAt) throw new ForbiddenError(tooEarlyMessage(opensAt));
  return { ...row, engagedAt: row.engagedAt };
}

function parseInput(body: unknown, countryCode: string) {
  const parsed = ReviewInputSchema.safeParse(body);
  if (!parsed.success) throw invalidReview(parsed.error);
  const input = parsed.data;
  const held = hasContactData(`${input.title}\n${input.text}`, countryCode);
  return { input, held };
}

/** Records a review write's signal (issue 27 §2); answers its network's hash, if any. */
async function recordWrite(
  deps: Pick<ReviewDeps, "signals">,
  review: { caseId: string; authorUserId: string | null },
  fingerprint: { ip: string; device: DeviceHandle | null },
): Promise<string | null> {
  const hashes = await deps.signals.record(
    { kind: "review_written", userId: review.authorUserId, caseId: review.caseId },
    fingerprint,
  );
  return hashes?.networkHash ?? null;
}

/**
 * Every reason to hold a review (issue 27 §2): contact details (issue 16 §1), then the signals
 * that tie the client to the lawyer, less `cleared` (those a moderator saw when publishing it).
 * Runs in the write's transaction `tx`.
 */
async function holdReasons(
  deps: Pick<ReviewDeps, "signals">,
  tx: Parameters<ReviewSignals["holdReasons"]>[0],
  review: {
    caseId: string;
    authorUserId: string | null;
    networkHash: string | null;
    contact: boolean;
    cleared: readonly string[];
  },
): Promise<ReviewHoldReason[]> {
  const found = await deps.signals.holdReasons(tx, review);
  return [
    ...(review.contact ? (["contact_details"] as const) : []),
    ...found.filter((r) => !review.cleared.includes(r)),
  ];
}

/**
 * The stored columns of a written or edited review: its ratings and words, published at once
 * unless something holds it for a moderator (`reasons`: contact data, issue 16 §1; signals,
 * issue 27 §2). `moderationReason` keeps the policy reason of contact data.
 */
function contentOf(input: ReturnType<typeof parseInput>["input"], reasons: ReviewHoldReason[]) {
  return {
    rating: input.rating,
    communication: input.ratings.communication,
    responsiveness: input.ratings.responsiveness,
    outcome: input.ratings.outcome,
    title: input.title,
    text: input.text,
    status: reasons.length > 0 ? ("pending" as const) : ("published" as const),
    moderationReason: reasons.includes("contact_details") ? ("third_party_personal_data" as const) : null,
    holdReasons: reasons,
  };
}

/** The author of a review written by `viewer` on the case of client `clientUserId` (null: by case link). */
const authorOf = (viewer: CaseViewer, clientUserId: string | null) =>
  viewer.user && viewer.user.id === clientUserId ? viewer.user.id : null;

/**
 * Where case `caseId` stands for reviewing, for a party of it (ReviewService.eligibility): the
 * lawyer gets the review only once published (a held one may carry someone's contact data);
 * null for anyone else (404).
 */
export async function reviewEligibility(
  deps: ReviewDeps,
  input: { caseId: string; viewer: CaseViewer },
): Promise<ReviewEligibility | null> {
  const role = await deps.caseAccess(input.caseId, input.viewer);
  const row = role ? await caseRow(deps, input.caseId) : null;
  if (!role || !row) return null;
  const engagedAt = row.engagedAt?.toISOString() ?? null;
  const opensAt = row.engagedAt ? reviewOpensAt(row.engagedAt) : null;
  const existing = await reviewOfCase(deps, row.id);
  const visible = existing && (role === "client" || existing.status === "published") ? existing : null;
  const review = visible ? ownReview(deps, visible) : null;
  const state: ReviewEligibility["state"] =
    role === "lawyer"
      ? "lawyer"
      : existing
        ? "reviewed"
        : !opensAt
          ? "not_engaged"
          : deps.clock.now() < opensAt
            ? "too_early"
            : "open";
  return { state, engagedAt, opensAt: opensAt?.toISOString() ?? null, review };
}

type ReviewTx = Parameters<Parameters<ReviewDeps["db"]["transaction"]>[0]>[0];

/**
 * The part a first write and an edit share: parses the body (400), counts 'review-write' for the
 * IP (429), records the write's signal (issue 27 §2), then in one transaction works out the hold
 * reasons (less `cleared`), lets `store` insert or update the row with the content's columns
 * (`missing` is thrown when it stores nothing) and recomputes the listing's rating; then drops
 * the search caches. Answers the review as its author sees it.
 */
async function storeReview(
  deps: ReviewDeps,
  row: Awaited<ReturnType<typeof clientCase>>,
  write: ReviewWriteInput,
  how: {
    cleared: readonly string[];
    missing: Error;
    store: (
      tx: ReviewTx,
      columns: ReturnType<typeof contentOf>,
      meta: { authorUserId: string | null; now: Date },
    ) => Promise<ReviewRow | undefined>;
  },
): Promise<OwnReview> {
  const { input, held } = parseInput(write.body, row.countryCode);
  await limitReviewAction(deps, write.ip);
  const now = deps.clock.now();
  const authorUserId = authorOf(write.viewer, row.userId);
  const networkHash = await recordWrite(
    deps,
    { caseId: row.id, authorUserId },
    { ip: write.ip, device: write.device ?? null },
  );
  const stored = await deps.db.transaction(async (tx) => {
    const reasons = await holdReasons(deps, tx, {
      caseId: row.id,
      authorUserId,
      networkHash,
      contact: held,
      cleared: how.cleared,
    });
    const written = await how.store(tx, contentOf(input, reasons), { authorUserId, now });
    if (!written) throw how.missing;
    await recomputeRating(tx, row.lawyerId);
    return written;
  });
  invalidateSearchCaches(deps.db);
  return ownReview(deps, stored);
}

/**
 * The case's client writes the engagement's review (ReviewService.create): published at once or
 * held with its reasons; records the write's signal; recomputes the rating in the transaction.
 * @throws NotFoundError, ForbiddenError, ConflictError a review exists, ValidationError, RateLimitedError
 */
export async function createReview(deps: ReviewDeps, write: ReviewWriteInput): Promise<OwnReview> {
  const row = await clientCase(deps, write.caseId, write.viewer);
  if (await reviewOfCase(deps, row.id)) throw new ConflictError(REVIEW_MESSAGES.exists);
  return storeReview(deps, row, write, {
    cleared: [],
    missing: new ConflictError(REVIEW_MESSAGES.exists),
    store: async (tx, columns, { authorUserId, now }) =>
      (
        await tx
          .insert(reviews)
          .values({
            caseId: row.id,
            lawyerId: row.lawyerId,
            authorUserId,
            ...columns,
            engagedOn: row.engagedAt.toISOString().slice(0, 10),
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: reviews.caseId })
          .returning()
      )[0],
  });
}

/**
 * The client edits their review within REVIEW_EDIT_DAYS (ReviewService.update); a signal a
 * moderator already saw when publishing it does not hold it again (issue 27 §2).
 * @throws NotFoundError no review, ConflictError past the edit period or rejected/removed, and as createReview
 */
export async function updateReview(deps: ReviewDeps, write: ReviewWriteInput): Promise<OwnReview> {
  const row = await clientCase(deps, write.caseId, write.viewer);
  const existing = await reviewOfCase(deps, row.id);
  if (!existing) throw new NotFoundError(REVIEW_MESSAGES.noReview);
  if (existing.status === "rejected" || existing.status === "removed")
    throw new ConflictError(REVIEW_MESSAGES.moderated);
  if (deps.clock.now() > reviewEditableUntil(existing.createdAt))
    throw new ConflictError(REVIEW_MESSAGES.editClosed);
  return storeReview(deps, row, write, {
    cleared: existing.status === "published" && existing.moderatedAt ? existing.holdReasons : [],
    missing: new NotFoundError(REVIEW_MESSAGES.noReview),
    store: async (tx, columns, { now }) =>
      (
        await tx
          .update(reviews)
          .set({ ...columns, updatedAt: now })
          .where(eq(reviews.id, existing.id))
          .returning()
      )[0],
  });
}
