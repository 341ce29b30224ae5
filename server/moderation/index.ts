/**
 * Reports, hidden listings, corrections and removal requests (issue 15 §3 "Reports and
 * corrections"; contract in service.ts). Every moderator decision carries a reason and writes
 * recordAudit in the same transaction as the change (issue 15 §1: every change of a listing's
 * visibility is audited, before -> after). Hiding writes to `lawyers`, whose trigger bumps
 * search_state.version, and this process drops its search caches at once
 * (invalidateSearchCaches), so the listing leaves search (SQL and the in-memory facts), the
 * sitemap and matches (server/search/conditions.ts, facts.ts, server/api/seo.ts,
 * server/matching/candidates.ts). Why: a directory must correct or remove what is wrong about a
 * lawyer on request (Avvo's "claim and correct", the LSO's public register corrections,
 * ../shared/research/trust-and-regulation.md [S1][S20]; GDPR Art. 17 for removal of data about
 * oneself).
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { isStaffRole, type PublicUser, type StaffRole } from "../../lib/account.ts";
import { findContactDetails } from "../../lib/contact-details.ts";
import { DEFAULT_LOCALE, isLocale } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import { isUuid } from "../../lib/ids.ts";
import { fieldErrorsOf } from "../../lib/messages.ts";
import {
  type CorrectionField,
  type CorrectionKind,
  CorrectionSchema,
  type CorrectionStatus,
  HIDDEN_REASONS,
  type HiddenReason,
  MODERATION_MESSAGES,
  ModeratorNoteSchema,
  RemovalSchema,
  type ReportReason,
  ReportSchema,
  type ReportStatus,
} from "../../lib/moderation.ts";
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../db/client.ts";
import { lawyers, listingCorrections, listingReports, users } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { type ModerationOutcome, moderationAnswerEmail } from "../email/templates/index.ts";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from "../errors.ts";
import { dropMatchStore } from "../matching/candidates.ts";
import { invalidateSearchCaches } from "../search/index.ts";
import type { RateLimitName } from "../security/rate-limit.ts";
import type { QueueItem } from "../staff/service.ts";
import type { CorrectionView, ModeratedListing, ModerationService, ReportView } from "./service.ts";

export type { CorrectionView, ModeratedListing, ModerationService, ReportView } from "./service.ts";

/** Messages of the service's failures (catalog references). */
const TEXT = {
  notStaff: msg("admin:forbidden.notStaff"),
  listingGone: msg("moderation:errors.listingGone"),
  reportGone: msg("moderation:errors.reportGone"),
  correctionGone: msg("moderation:errors.correctionGone"),
  closed: msg("moderation:errors.closed"),
  claimed: msg("moderation:errors.claimed"),
  noListing: msg("moderation:errors.noListing"),
  sameState: msg("moderation:errors.sameState"),
  hiddenReason: msg("moderation:errors.hiddenReason"),
} as const;

/** A ValidationError with each field's first message, from a failed zod parse. */
function invalid(error: import("zod").ZodError): ValidationError {
  return new ValidationError(MODERATION_MESSAGES.invalid, fieldErrorsOf(error));
}

/** The moderator's note, trimmed, or a ValidationError on the field `note`. */
function noteOf(note: unknown): string {
  const parsed = ModeratorNoteSchema.safeParse(note ?? "");
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? MODERATION_MESSAGES.note;
    throw new ValidationError(MODERATION_MESSAGES.invalid, { note: message });
  }
  return parsed.data;
}

/** The locale to write to, falling back to English. */
const localeOf = (l: string | undefined) => (l && isLocale(l) ? l : DEFAULT_LOCALE);

/** Creates the process's moderation service. */
export function createModerationService({
  db,
  clock,
  mailer,
  rateLimits,
  logger,
}: DomainDeps): ModerationService {
  async function limit(name: RateLimitName, key: string): Promise<void> {
    try {
      await rateLimits.consume(name, key);
    } catch (err) {
      if (err instanceof RateLimitedError)
        throw new RateLimitedError(MODERATION_MESSAGES.tooMany, err.retryAfterSeconds);
      throw err;
    }
  }

  function requireStaff(actor: PublicUser): StaffRole {
    if (!isStaffRole(actor.role)) throw new ForbiddenError(TEXT.notStaff);
    return actor.role;
  }

  async function moderatedListing(
    executor: Pick<Db, "select">,
    id: number,
  ): Promise<ModeratedListing | null> {
    const [row] = await executor
      .select({
        id: lawyers.id,
        name: lawyers.name,
        firm: lawyers.firm,
        hidden: lawyers.hidden,
        hiddenReason: lawyers.hiddenReason,
        hiddenAt: lawyers.hiddenAt,
        owner: users.id,
      })
      .from(lawyers)
      .leftJoin(users, eq(users.lawyerId, lawyers.id))
      .where(eq(lawyers.id, id))
      .limit(1);
    if (!row) return null;
    return {
      id: row.id,
      name: row.name,
      firm: row.firm,
      hidden: row.hidden,
      hiddenReason: row.hiddenReason as HiddenReason | null,
      hiddenAt: row.hiddenAt?.toISOString() ?? null,
      claimed: row.owner !== null,
    };
  }

  /** A visible listing for a new report or request, or NotFoundError. */
  async function visibleListing(lawyerId: number): Promise<ModeratedListing> {
    const found =
      Number.isSafeInteger(lawyerId) && lawyerId > 0 && lawyerId <= 2_147_483_647
        ? await moderatedListing(db, lawyerId)
        : null;
    if (!found || found.hidden) throw new NotFoundError(TEXT.listingGone);
    return found;
  }

  /**
   * Hides or restores listing `lawyerId` inside `tx` with its audit entry; false when it already
   * is in that state.
   */
  async function writeVisibility(
    tx: Db,
    actor: { id: string; role: StaffRole },
    lawyerId: number,
    hidden: boolean,
    reason: HiddenReason | null,
    note: string,
    ip: string,
  ): Promise<boolean> {
    const [current] = await tx
      .select({ hidden: lawyers.hidden, hiddenReason: lawyers.hiddenReason })
      .from(lawyers)
      .where(eq(lawyers.id, lawyerId))
      .for("update");
    if (!current) throw new NotFoundError(TEXT.listingGone);
    if (current.hidden === hidden) return false;
    const now = clock.now();
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
  function visibilityChanged(): void {
    invalidateSearchCaches(db);
    dropMatchStore(db);
  }

  /** Sends the decision's answer without waiting (logged by the mailer on failure). */
  function answer(
    to: string,
    locale: string,
    outcome: ModerationOutcome,
    listingName: string,
    reason: string,
  ) {
    mailer.sendLater(
      moderationAnswerEmail({ outcome, listingName, reason }, localeOf(locale)).then((rendered) => ({
        to,
        ...rendered,
      })),
    );
  }

  const correctionColumns = {
    id: listingCorrections.id,
    lawyerId: listingCorrections.lawyerId,
    kind: listingCorrections.kind,
    field: listingCorrections.field,
    details: listingCorrections.details,
    email: listingCorrections.email,
    locale: listingCorrections.locale,
    status: listingCorrections.status,
    answer: listingCorrections.answer,
    answeredAt: listingCorrections.answeredAt,
    createdAt: listingCorrections.createdAt,
  };
  type CorrectionRow = {
    id: string;
    lawyerId: number;
    kind: string;
    field: string | null;
    details: string;
    email: string;
    locale: string;
    status: string;
    answer: string | null;
    answeredAt: Date | null;
    createdAt: Date;
  };

  function correctionView(row: CorrectionRow, listing: ModeratedListing): CorrectionView {
    return {
      id: row.id,
      listing,
      kind: row.kind as CorrectionKind,
      field: row.field as CorrectionField | null,
      details: row.details,
      email: row.email,
      locale: row.locale,
      status: row.status as CorrectionStatus,
      answer: row.answer,
      answeredAt: row.answeredAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  }

  return {
    async submitReport(lawyerId, input, meta) {
      const parsed = ReportSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error);
      await visibleListing(lawyerId);
      await limit("report-ip", meta.ip);
      const [row] = await db
        .insert(listingReports)
        .values({
          lawyerId,
          reason: parsed.data.reason,
          details: parsed.data.details,
          email: parsed.data.email ?? null,
          locale: localeOf(meta.locale),
          reporterUserId: meta.userId ?? null,
          createdAt: clock.now(),
        })
        .returning({ id: listingReports.id });
      logger.info({ reportId: row?.id, lawyerId, reason: parsed.data.reason }, "listing reported");
      return { id: String(row?.id) };
    },

    async submitCorrection(user, input, meta) {
      if (user.role !== "lawyer" || user.lawyerId === null) throw new ForbiddenError(TEXT.noListing);
      const parsed = CorrectionSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error);
      await limit("correction-ip", meta.ip);
      const [row] = await db
        .insert(listingCorrections)
        .values({
          lawyerId: user.lawyerId,
          kind: "correction",
          field: parsed.data.field,
          details: parsed.data.details,
          email: user.email,
          locale: localeOf(meta.locale),
          requesterUserId: user.id,
          createdAt: clock.now(),
        })
        .returning({ id: listingCorrections.id });
      return { id: String(row?.id) };
    },

    async submitRemoval(lawyerId, input, meta) {
      const parsed = RemovalSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error);
      const listing = await visibleListing(lawyerId);
      if (listing.claimed) throw new ConflictError(TEXT.claimed);
      await limit("correction-ip", meta.ip);
      const [row] = await db
        .insert(listingCorrections)
        .values({
          lawyerId,
          kind: "removal",
          field: null,
          details: parsed.data.details,
          email: parsed.data.email,
          locale: localeOf(meta.locale),
          requesterUserId: meta.userId ?? null,
          createdAt: clock.now(),
        })
        .returning({ id: listingCorrections.id });
      return { id: String(row?.id) };
    },

    async publicListing(lawyerId) {
      const found = await visibleListing(lawyerId).catch((err) => {
        if (err instanceof NotFoundError) return null;
        throw err;
      });
      return found ? { id: found.id, name: found.name, claimed: found.claimed } : null;
    },

    async reportsQueue(max) {
      const rows = await db
        .select({
          id: listingReports.id,
          lawyerId: lawyers.id,
          name: lawyers.name,
          at: listingReports.createdAt,
        })
        .from(listingReports)
        .innerJoin(lawyers, eq(lawyers.id, listingReports.lawyerId))
        .where(eq(listingReports.status, "open"))
        .orderBy(asc(listingReports.createdAt), asc(listingReports.id))
        .limit(max);
      return rows.map(
        (r): QueueItem => ({
          id: r.id,
          kind: "reports",
          title: r.name,
          subjectType: "listing",
          subjectId: String(r.lawyerId),
          since: r.at.toISOString(),
          href: `/admin/reports/${r.id}`,
        }),
      );
    },

    async correctionsQueue(max) {
      const rows = await db
        .select({
          id: listingCorrections.id,
          lawyerId: lawyers.id,
          name: lawyers.name,
          at: listingCorrections.createdAt,
        })
        .from(listingCorrections)
        .innerJoin(lawyers, eq(lawyers.id, listingCorrections.lawyerId))
        .where(eq(listingCorrections.status, "open"))
        .orderBy(asc(listingCorrections.createdAt), asc(listingCorrections.id))
        .limit(max);
      return rows.map(
        (r): QueueItem => ({
          id: r.id,
          kind: "corrections",
          title: r.name,
          subjectType: "listing",
          subjectId: String(r.lawyerId),
          since: r.at.toISOString(),
          href: `/admin/corrections/${r.id}`,
        }),
      );
    },

    async report(actor, id) {
      requireStaff(actor);
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(listingReports).where(eq(listingReports.id, id)).limit(1);
      if (!row) return null;
      const listing = await moderatedListing(db, row.lawyerId);
      if (!listing) return null;
      return {
        id: row.id,
        listing,
        reason: row.reason as ReportReason,
        details: row.details,
        contactDetails: findContactDetails(row.details),
        email: row.email,
        status: row.status as ReportStatus,
        resolution: row.resolution,
        resolvedAt: row.resolvedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      } satisfies ReportView;
    },

    async correction(actor, id) {
      requireStaff(actor);
      if (!isUuid(id)) return null;
      const [row] = await db
        .select(correctionColumns)
        .from(listingCorrections)
        .where(eq(listingCorrections.id, id))
        .limit(1);
      if (!row) return null;
      const listing = await moderatedListing(db, row.lawyerId);
      return listing ? correctionView(row, listing) : null;
    },

    async listing(actor, lawyerId) {
      requireStaff(actor);
      if (!Number.isSafeInteger(lawyerId) || lawyerId <= 0 || lawyerId > 2_147_483_647) return null;
      return moderatedListing(db, lawyerId);
    },

    async resolveReport(actor, id, decision, meta) {
      const role = requireStaff(actor);
      const note = noteOf(decision.note);
      if (!isUuid(id)) throw new NotFoundError(TEXT.reportGone);
      await limit("staff-write", actor.id);
      let hid = false;
      const done = await db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(listingReports)
          .where(eq(listingReports.id, id))
          .for("update");
        if (!current) throw new NotFoundError(TEXT.reportGone);
        if (current.status !== "open") throw new ConflictError(TEXT.closed);
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
          ip: meta.ip,
          at: now,
        });
        if (status === "hidden") {
          hid = await writeVisibility(
            tx as unknown as Db,
            { id: actor.id, role },
            current.lawyerId,
            true,
            current.reason as HiddenReason,
            note,
            meta.ip,
          );
        }
        return current;
      });
      if (hid) visibilityChanged();
      if (done.email) {
        const listing = await moderatedListing(db, done.lawyerId);
        answer(
          done.email,
          done.locale,
          decision.outcome === "hide" ? "report.hidden" : "report.dismissed",
          listing?.name ?? "",
          note,
        );
      }
    },

    async answerCorrection(actor, id, decision, meta) {
      const role = requireStaff(actor);
      const note = noteOf(decision.note);
      if (!isUuid(id)) throw new NotFoundError(TEXT.correctionGone);
      await limit("staff-write", actor.id);
      let hid = false;
      const done = await db.transaction(async (tx) => {
        const [current] = await tx
          .select(correctionColumns)
          .from(listingCorrections)
          .where(eq(listingCorrections.id, id))
          .for("update");
        if (!current) throw new NotFoundError(TEXT.correctionGone);
        if (current.status !== "open") throw new ConflictError(TEXT.closed);
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
          ip: meta.ip,
          at: now,
        });
        if (status === "accepted" && current.kind === "removal") {
          hid = await writeVisibility(
            tx as unknown as Db,
            { id: actor.id, role },
            current.lawyerId,
            true,
            "removal_request",
            note,
            meta.ip,
          );
        }
        return current;
      });
      if (hid) visibilityChanged();
      const listing = await moderatedListing(db, done.lawyerId);
      const outcome =
        `${done.kind}.${decision.outcome === "accept" ? "accepted" : "declined"}` as ModerationOutcome;
      answer(done.email, done.locale, outcome, listing?.name ?? "", note);
    },

    async setVisibility(actor, lawyerId, change, meta) {
      const role = requireStaff(actor);
      const note = noteOf(change.note);
      let reason: HiddenReason | null = null;
      if (change.hidden) {
        if (!(HIDDEN_REASONS as readonly unknown[]).includes(change.reason)) {
          throw new ValidationError(TEXT.hiddenReason, { reason: TEXT.hiddenReason });
        }
        reason = change.reason as HiddenReason;
      }
      if (!Number.isSafeInteger(lawyerId) || lawyerId <= 0 || lawyerId > 2_147_483_647) {
        throw new NotFoundError(TEXT.listingGone);
      }
      await limit("staff-write", actor.id);
      const changed = await db.transaction((tx) =>
        writeVisibility(
          tx as unknown as Db,
          { id: actor.id, role },
          lawyerId,
          change.hidden,
          reason,
          note,
          meta.ip,
        ),
      );
      if (!changed) throw new ConflictError(TEXT.sameState);
      visibilityChanged();
    },

    async myCorrections(user) {
      if (user.role !== "lawyer" || user.lawyerId === null) return [];
      const rows = await db
        .select(correctionColumns)
        .from(listingCorrections)
        .where(
          and(eq(listingCorrections.requesterUserId, user.id), eq(listingCorrections.kind, "correction")),
        )
        .orderBy(desc(listingCorrections.createdAt))
        .limit(50);
      const listing = await moderatedListing(db, user.lawyerId);
      if (!listing) return [];
      return rows.map((r) => correctionView(r, listing));
    },
  };
}
