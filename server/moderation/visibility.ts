/**
 * Hiding and restoring a listing (issue 15 §1: every change of a listing's visibility is audited,
 * before → after, with the moderator's reason; §3 "hidden listings"). Hiding writes to `lawyers`,
 * whose trigger bumps search_state.version, and this process drops its search caches and match
 * store at once, so the listing leaves search, the sitemap and matches (server/search,
 * server/matching/candidates.ts).
 */
import { eq } from "drizzle-orm";
import type { PublicUser, StaffRole } from "../../lib/account.ts";
import { isIntegerId } from "../../lib/ids.ts";
import { HIDDEN_REASONS, type HiddenReason } from "../../lib/moderation.ts";
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { dropMatchStore } from "../matching/candidates.ts";
import { invalidateSearchCaches } from "../search/index.ts";
import { limit, MODERATION_TEXT, noteOf, requireStaff } from "./rules.ts";

/**
 * Hides (with `reason`) or restores listing `lawyerId` inside transaction `tx`, with its audit
 * entry (listing.hidden / listing.restored, the moderator's `note`); false when it already is in
 * that state. @throws NotFoundError unknown listing
 */
export async function writeVisibility(
  deps: Pick<DomainDeps, "clock">,
  tx: Db,
  change: {
    actor: { id: string; role: StaffRole };
    lawyerId: number;
    hidden: boolean;
    reason: HiddenReason | null;
    note: string;
    ip: string;
  },
): Promise<boolean> {
  const { actor, lawyerId, hidden, reason, note, ip } = change;
  const [current] = await tx
    .select({ hidden: lawyers.hidden, hiddenReason: lawyers.hiddenReason })
    .from(lawyers)
    .where(eq(lawyers.id, lawyerId))
    .for("update");
  if (!current) throw new NotFoundError(MODERATION_TEXT.listingGone);
  if (current.hidden === hidden) return false;
  const now = deps.clock.now();
  await tx
    .update(lawyers)
    .set(
      hidden
        ? { hidden, hiddenReason: reason, hiddenAt: now }
        : { hidden, hiddenReason: null, hiddenAt: null },
    )
    .where(eq(lawyers.id, lawyerId));
  await recordAudit(tx, {
    actor: { userId: actor.id, role: actor.role },
    action: hidden ? "listing.hidden" : "listing.restored",
    subjectType: "listing",
    subjectId: lawyerId,
    before: { hidden: current.hidden, hiddenReason: current.hiddenReason },
    after: { hidden, hiddenReason: hidden ? reason : null },
    reason: note,
    ip,
    at: now,
  });
  return true;
}

/**
 * After hiding or restoring: this process's search caches and facts and its match store are
 * dropped, so the next search and match answer without (or with) the listing at once; other
 * processes follow search_state.version, and matches re-check every row (verifiedListing).
 */
export function visibilityChanged(db: Db): void {
  invalidateSearchCaches(db);
  dropMatchStore(db);
}

/**
 * Hides (`hidden` true, with a general `reason` of HIDDEN_REASONS) or restores a listing, audited
 * with the moderator's note; counts 'staff-write'.
 * @throws ForbiddenError not staff, ValidationError no note or reason, NotFoundError unknown
 * listing, ConflictError already in that state, RateLimitedError
 */
export async function setVisibility(
  deps: Pick<DomainDeps, "db" | "clock" | "rateLimits">,
  input: {
    actor: PublicUser;
    lawyerId: number;
    change: { hidden: boolean; reason?: unknown; note: unknown };
    ip: string;
  },
): Promise<void> {
  const { actor, lawyerId, change, ip } = input;
  const role = requireStaff(actor);
  const note = noteOf(change.note);
  let reason: HiddenReason | null = null;
  if (change.hidden) {
    if (!(HIDDEN_REASONS as readonly unknown[]).includes(change.reason)) {
      throw new ValidationError(MODERATION_TEXT.hiddenReason, { reason: MODERATION_TEXT.hiddenReason });
    }
    reason = change.reason as HiddenReason;
  }
  if (!isIntegerId(lawyerId)) throw new NotFoundError(MODERATION_TEXT.listingGone);
  await limit(deps.rateLimits, "staff-write", actor.id);
  const changed = await deps.db.transaction((tx) =>
    writeVisibility(deps, tx as unknown as Db, {
      actor: { id: actor.id, role },
      lawyerId,
      hidden: change.hidden,
      reason,
      note,
      ip,
    }),
  );
  if (!changed) throw new ConflictError(MODERATION_TEXT.sameState);
  visibilityChanged(deps.db);
}
