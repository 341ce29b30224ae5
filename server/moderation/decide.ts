/**
 * A moderator's decisions on reports and on correction and removal requests (issue 15 §3). Each
 * carries the moderator's note, closes an open item, is audited in the same transaction as the
 * change and may hide the listing (visibility.ts); the reporter or requester gets the answer by
 * email in their locale.
 */
import { eq } from "drizzle-orm";
import type { PublicUser, StaffRole } from "../../lib/account.ts";
import { isUuid } from "../../lib/ids.ts";
import type { CorrectionStatus, HiddenReason, ReportStatus } from "../../lib/moderation.ts";
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../db/client.ts";
import { listingCorrections, listingReports } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { type ModerationOutcome, moderationAnswerEmail } from "../email/templates/index.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { correctionColumns } from "./corrections.ts";
import { moderatedListing } from "./listings.ts";
import { limit, localeOf, MODERATION_TEXT, noteOf, requireStaff } from "./rules.ts";
import { visibilityChanged, writeVisibility } from "./visibility.ts";

type DecideDeps = Pick<DomainDeps, "db" | "clock" | "mailer" | "rateLimits">;

/** Sends the decision's answer to `to` in `locale` (English if unknown) without waiting (logged by the mailer on failure). */
export function sendAnswer(
  deps: Pick<DomainDeps, "mailer">,
  answer: { to: string; locale: string; outcome: ModerationOutcome; listingName: string; reason: string },
): void {
  const { to, locale, outcome, listingName, reason } = answer;
  deps.mailer.sendLater(
    moderationAnswerEmail({ outcome, listingName, reason }, localeOf(locale)).then((rendered) => ({
      to,
      ...rendered,
    })),
  );
}

/** A moderator's decision on open item `id`: the outcome, the note (required) and the client IP. */
export interface DecisionInput<Outcome extends string> {
  actor: PublicUser;
  id: string;
  decision: { outcome: Outcome; note: unknown };
  ip: string;
}

/**
 * The checks every decision starts with, in this order: the actor is staff, the moderator's note
 * is given, the id is a UUID, one 'staff-write' is counted. Answers the role and the trimmed note.
 * @throws ForbiddenError not staff, ValidationError no note, NotFoundError(`gone`) malformed id, RateLimitedError
 */
async function startDecision(
  deps: Pick<DomainDeps, "rateLimits">,
  input: DecisionInput<string>,
  gone: string,
): Promise<{ role: StaffRole; note: string }> {
  const role = requireStaff(input.actor);
  const note = noteOf(input.decision.note);
  if (!isUuid(input.id)) throw new NotFoundError(gone);
  await limit(deps.rateLimits, "staff-write", input.actor.id);
  return { role, note };
}

/**
 * Closes open report `id`: `dismiss`, or `hide` (hides the listing with the report's reason,
 * unless it is hidden already). Audited (report.dismissed / report.hidden, and listing.hidden);
 * the reporter gets the answer by email when they left one. Counts 'staff-write'.
 * @throws ForbiddenError not staff, ValidationError no note, NotFoundError unknown id, ConflictError closed already, RateLimitedError
 */
export async function resolveReport(
  deps: DecideDeps,
  input: DecisionInput<"dismiss" | "hide">,
): Promise<void> {
  const { db, clock } = deps;
  const { actor, id, decision, ip } = input;
  const { role, note } = await startDecision(deps, input, MODERATION_TEXT.reportGone);
  let hid = false;
  const done = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(listingReports).where(eq(listingReports.id, id)).for("update");
    if (!current) throw new NotFoundError(MODERATION_TEXT.reportGone);
    if (current.status !== "open") throw new ConflictError(MODERATION_TEXT.closed);
    const status: ReportStatus = decision.outcome === "hide" ? "hidden" : "dismissed";
    const now = clock.now();
    await tx
      .update(listingReports)
      .set({ status, resolution: note, resolvedAt: now, resolvedBy: actor.id })
      .where(eq(listingReports.id, id));
    await recordAudit(tx, {
      actor: { userId: actor.id, role },
      action: status === "hidden" ? "report.hidden" : "report.dismissed",
      subjectType: "listing_report",
      subjectId: id,
      before: { status: "open" },
      after: { status },
      reason: note,
      ip,
      at: now,
    });
    if (status === "hidden") {
      hid = await writeVisibility(deps, tx as unknown as Db, {
        actor: { id: actor.id, role },
        lawyerId: current.lawyerId,
        hidden: true,
        reason: current.reason as HiddenReason,
        note,
        ip,
      });
    }
    return current;
  });
  if (hid) visibilityChanged(db);
  if (done.email) {
    const listing = await moderatedListing(db, done.lawyerId);
    sendAnswer(deps, {
      to: done.email,
      locale: done.locale,
      outcome: decision.outcome === "hide" ? "report.hidden" : "report.dismissed",
      listingName: listing?.name ?? "",
      reason: note,
    });
  }
}

/**
 * Answers open correction or removal request `id`: accept or decline with the moderator's note,
 * audited (correction.accepted / correction.declined), emailed in the requester's locale.
 * Accepting a removal hides the listing (reason removal_request). Counts 'staff-write'.
 * @throws ForbiddenError not staff, ValidationError no note, NotFoundError unknown id, ConflictError answered already, RateLimitedError
 */
export async function answerCorrection(
  deps: DecideDeps,
  input: DecisionInput<"accept" | "decline">,
): Promise<void> {
  const { db, clock } = deps;
  const { actor, id, decision, ip } = input;
  const { role, note } = await startDecision(deps, input, MODERATION_TEXT.correctionGone);
  let hid = false;
  const done = await db.transaction(async (tx) => {
    const [current] = await tx
      .select(correctionColumns)
      .from(listingCorrections)
      .where(eq(listingCorrections.id, id))
      .for("update");
    if (!current) throw new NotFoundError(MODERATION_TEXT.correctionGone);
    if (current.status !== "open") throw new ConflictError(MODERATION_TEXT.closed);
    const status: CorrectionStatus = decision.outcome === "accept" ? "accepted" : "declined";
    const now = clock.now();
    await tx
      .update(listingCorrections)
      .set({ status, answer: note, answeredAt: now, answeredBy: actor.id })
      .where(eq(listingCorrections.id, id));
    await recordAudit(tx, {
      actor: { userId: actor.id, role },
      action: status === "accepted" ? "correction.accepted" : "correction.declined",
      subjectType: "listing_correction",
      subjectId: id,
      before: { status: "open" },
      after: { status, kind: current.kind, field: current.field },
      reason: note,
      ip,
      at: now,
    });
    if (status === "accepted" && current.kind === "removal") {
      hid = await writeVisibility(deps, tx as unknown as Db, {
        actor: { id: actor.id, role },
        lawyerId: current.lawyerId,
        hidden: true,
        reason: "removal_request",
        note,
        ip,
      });
    }
    return current;
  });
  if (hid) visibilityChanged(db);
  const listing = await moderatedListing(db, done.lawyerId);
  sendAnswer(deps, {
    to: done.email,
    locale: done.locale,
    outcome: `${done.kind}.${decision.outcome === "accept" ? "accepted" : "declined"}` as ModerationOutcome,
    listingName: listing?.name ?? "",
    reason: note,
  });
}
