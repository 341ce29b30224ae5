/**
 * The staff service (issue 15 §1): second factor for staff sign-in (TOTP, RFC 6238, through
 * otplib, with recovery codes), the back office's queues, the contact-form inbox and the audit
 * log. Contract and shapes: server/staff/service.ts; security notes: docs/security.md "Staff and
 * the back office".
 *
 * - TOTP: 6 digits, 30-second steps, SHA-1 (what every authenticator app reads from an otpauth
 *   URI); one step of tolerance either side for clock drift; a code's time step is accepted once
 *   (`last_time_step`, updated atomically), so a code seen over a shoulder cannot be replayed.
 *   The time comes from the injected clock (server/clock.ts).
 * - The secret is stored sealed with AES-256-GCM (secret-box.ts), never logged.
 * - 10 recovery codes of 10 base32 characters (50 bits each), shown once, stored as SHA-256,
 *   each usable once; a new enrolment replaces them.
 * - Code attempts count under 'second-factor-user' (5 per 15 minutes per account), cleared by a
 *   success; a pending session expires PENDING_SECOND_FACTOR_TTL_MS after the password.
 * - Passing the factor revokes the pending session and issues a fresh one (no session fixation)
 *   that lasts STAFF_SESSION_TTL_MS.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, count, desc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify as verifyTotp } from "otplib";
import QRCode from "qrcode";
import { isStaffRole, type PublicUser, type StaffRole } from "../../lib/account.ts";
import { CONTACT_CATEGORIES } from "../../lib/constants.ts";
import { msg } from "../../lib/i18n/message.ts";
import { requestToken } from "../accounts/cookies.ts";
import { toPublicUser } from "../accounts/users.ts";
import { listingHistory, recordAudit, searchAudit } from "../audit/index.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import {
  contactMessages,
  staffRecoveryCodes,
  staffSecondFactors,
  userSessions,
  users,
} from "../db/schema.ts";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { RateLimitName, RateLimits } from "../security/rate-limit.ts";
import { hashToken, looksLikeToken, newToken } from "../security/tokens.ts";
import { createSecretBox, type SecretBox, staffSecretKey } from "./secret-box.ts";
import {
  type ContactFilter,
  type ContactMessageView,
  type ContactStatus,
  type ContactSummary,
  type PendingStaffSession,
  QUEUE_KINDS,
  type QueueItem,
  type QueueKind,
  type QueueProvider,
  type StaffService,
} from "./service.ts";

export type * from "./service.ts";
export { QUEUE_KINDS } from "./service.ts";

/** How long after the password the second factor may still be given: 10 minutes. */
export const PENDING_SECOND_FACTOR_TTL_MS = 10 * 60 * 1000;
/** How long a staff session lasts after the second factor: 12 hours (a working day). */
export const STAFF_SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** How many recovery codes an enrolment gives. */
export const RECOVERY_CODE_COUNT = 10;
/** Rows per page of the contact inbox. */
export const CONTACT_PAGE_SIZE = 20;
/** The issuer shown in authenticator apps. */
export const TOTP_ISSUER = "LexAtlas";

/** Messages of the second factor (catalog references, errors namespace). */
export const STAFF_MESSAGES = {
  wrongCode: msg("errors:staff.wrongCode"),
  tooManyCodes: msg("errors:staff.tooManyCodes"),
  alreadyEnrolled: msg("errors:staff.alreadyEnrolled"),
  notEnrolled: msg("errors:staff.notEnrolled"),
  notStaff: msg("errors:staff.notStaff"),
  messageGone: msg("errors:staff.messageGone"),
} as const;

/** What createStaffService needs. */
export interface StaffDeps {
  db: Db;
  clock: Clock;
  config: Config;
  logger: Logger;
  rateLimits: RateLimits;
  /** Queue providers of issue 15 §2/§3 (verification, re-checks, reports, corrections); default none. */
  queues?: Partial<Record<QueueKind, QueueProvider>>;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** A recovery code: 10 characters from a 31-letter alphabet without look-alikes, as "xxxxx-xxxxx". */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

/** The stored form of a recovery code: SHA-256 of its characters, lowercased, without separators. */
export function hashRecoveryCode(code: string): string {
  return createHash("sha256")
    .update(code.toLowerCase().replace(/[^a-z0-9]/g, ""), "utf8")
    .digest("hex");
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Creates the staff service (one per process, server/services.ts). */
export function createStaffService({
  db,
  clock,
  config,
  logger,
  rateLimits,
  queues = {},
}: StaffDeps): StaffService {
  let box: SecretBox | null = null;
  /** The secret box, made on first use (reads or creates the key file). */
  const secrets = () => {
    box ??= createSecretBox(staffSecretKey(config));
    return box;
  };

  async function limit(name: RateLimitName, key: string, message: string): Promise<void> {
    try {
      await rateLimits.consume(name, key);
    } catch (err) {
      if (err instanceof RateLimitedError) {
        logger.info({ limit: name }, "rate limit reached");
        throw new RateLimitedError(message, err.retryAfterSeconds);
      }
      throw err;
    }
  }

  function requireStaff(actor: PublicUser): StaffRole {
    if (!isStaffRole(actor.role)) throw new ForbiddenError(STAFF_MESSAGES.notStaff);
    return actor.role;
  }

  /** Checks a 6-digit code against the stored secret; on success records its time step (once). */
  async function acceptTotp(userId: string, code: string): Promise<boolean> {
    if (!/^\d{6}$/.test(code)) return false;
    const [factor] = await db.select().from(staffSecondFactors).where(eq(staffSecondFactors.userId, userId));
    if (!factor) return false;
    const result = await verifyTotp({
      secret: secrets().open(factor.secret),
      token: code,
      epoch: Math.floor(clock.now().getTime() / 1000),
      epochTolerance: 30,
      ...(factor.lastTimeStep !== null ? { afterTimeStep: factor.lastTimeStep } : {}),
    }).catch(() => ({ valid: false as const }));
    // The functional API's result type covers HOTP too; a TOTP match always carries its step.
    if (!result.valid || !("timeStep" in result)) return false;
    const step = result.timeStep;
    // Atomic: of two requests with the same code, only one moves the step forward.
    const moved = await db
      .update(staffSecondFactors)
      .set({ lastTimeStep: step })
      .where(
        and(
          eq(staffSecondFactors.userId, userId),
          or(isNull(staffSecondFactors.lastTimeStep), sql`${staffSecondFactors.lastTimeStep} < ${step}`),
        ),
      )
      .returning({ userId: staffSecondFactors.userId });
    return moved.length === 1;
  }

  /** Uses up a recovery code of the account; true when it was unused. */
  async function acceptRecoveryCode(userId: string, code: string): Promise<boolean> {
    const cleaned = code.toLowerCase().replace(/[^a-z0-9]/g, "");
    if (cleaned.length !== 10) return false;
    const used = await db
      .update(staffRecoveryCodes)
      .set({ usedAt: clock.now() })
      .where(
        and(
          eq(staffRecoveryCodes.userId, userId),
          eq(staffRecoveryCodes.codeHash, hashRecoveryCode(cleaned)),
          isNull(staffRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: staffRecoveryCodes.id });
    return used.length === 1;
  }

  /**
   * Revokes the pending session and issues a fresh one that passed the second factor, still asked
   * to change its password when the pending one was (issue 27 §2).
   */
  async function pass(pending: PendingStaffSession, tx: Pick<Db, "insert" | "delete"> = db) {
    const token = newToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + STAFF_SESSION_TTL_MS);
    const [was] = await tx
      .delete(userSessions)
      .where(eq(userSessions.id, pending.sessionId))
      .returning({ passwordChangeRequired: userSessions.passwordChangeRequired });
    await tx.insert(userSessions).values({
      userId: pending.user.id,
      sessionToken: hashToken(token),
      expiresAt,
      createdAt: now,
      secondFactorAt: now,
      // Issue 27 §2: a password the policy no longer accepts is changed right after the factor.
      passwordChangeRequired: was?.passwordChangeRequired ?? false,
    });
    return { token, expiresAt };
  }

  async function emptyQueue(): Promise<QueueItem[]> {
    return [];
  }

  return {
    async pendingSession(request) {
      const found = requestToken(request);
      if (!found || !looksLikeToken(found.token)) return null;
      const now = clock.now();
      const [row] = await db
        .select({ user: users, sessionId: userSessions.id, factor: staffSecondFactors.confirmedAt })
        .from(userSessions)
        .innerJoin(users, eq(users.id, userSessions.userId))
        .leftJoin(staffSecondFactors, eq(staffSecondFactors.userId, users.id))
        .where(
          and(
            eq(userSessions.sessionToken, hashToken(found.token)),
            gt(userSessions.expiresAt, now),
            isNull(userSessions.secondFactorAt),
            gt(userSessions.createdAt, new Date(now.getTime() - PENDING_SECOND_FACTOR_TTL_MS)),
          ),
        )
        .limit(1);
      if (!row || !isStaffRole(row.user.role)) return null;
      const user = toPublicUser(row.user, now) as PendingStaffSession["user"];
      return { sessionId: row.sessionId, user, enrolled: row.factor !== null && row.factor !== undefined };
    },

    async enrolment(pending) {
      const [existing] = await db
        .select()
        .from(staffSecondFactors)
        .where(eq(staffSecondFactors.userId, pending.user.id));
      if (existing?.confirmedAt) throw new ConflictError(STAFF_MESSAGES.alreadyEnrolled);
      let secret: string;
      if (existing) secret = secrets().open(existing.secret);
      else {
        secret = generateSecret();
        await db
          .insert(staffSecondFactors)
          .values({ userId: pending.user.id, secret: secrets().seal(secret), createdAt: clock.now() })
          .onConflictDoNothing();
        // Two tabs at once: keep whichever secret was stored first.
        const [stored] = await db
          .select()
          .from(staffSecondFactors)
          .where(eq(staffSecondFactors.userId, pending.user.id));
        if (stored) secret = secrets().open(stored.secret);
      }
      const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: pending.user.email, secret });
      const qrSvg = await QRCode.toString(otpauthUri, {
        type: "svg",
        errorCorrectionLevel: "M",
        margin: 2,
        width: 200,
      });
      return { secret, otpauthUri, qrSvg };
    },

    async confirmEnrolment(pending, code, meta) {
      await limit("second-factor-user", pending.user.id, STAFF_MESSAGES.tooManyCodes);
      const [factor] = await db
        .select({ confirmedAt: staffSecondFactors.confirmedAt })
        .from(staffSecondFactors)
        .where(eq(staffSecondFactors.userId, pending.user.id));
      if (!factor) throw new ConflictError(STAFF_MESSAGES.notEnrolled);
      if (factor.confirmedAt) throw new ConflictError(STAFF_MESSAGES.alreadyEnrolled);
      if (!(await acceptTotp(pending.user.id, code.trim())))
        throw new ValidationError(STAFF_MESSAGES.wrongCode, "code");
      const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const session = await db.transaction(async (tx) => {
        await tx
          .update(staffSecondFactors)
          .set({ confirmedAt: clock.now() })
          .where(eq(staffSecondFactors.userId, pending.user.id));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, pending.user.id));
        await tx.insert(staffRecoveryCodes).values(
          recoveryCodes.map((c) => ({
            userId: pending.user.id,
            codeHash: hashRecoveryCode(c),
            createdAt: clock.now(),
          })),
        );
        await recordAudit(tx, {
          actor: { userId: pending.user.id, role: pending.user.role },
          action: "staff.second_factor_enrolled",
          subjectType: "user",
          subjectId: pending.user.id,
          after: { secondFactor: "totp", recoveryCodes: RECOVERY_CODE_COUNT },
          ip: meta.ip,
          at: clock.now(),
        });
        return pass(pending, tx);
      });
      await rateLimits.reset("second-factor-user", pending.user.id);
      logger.info({ userId: pending.user.id }, "staff second factor enrolled");
      return { recoveryCodes, session };
    },

    async verify(pending, code, meta) {
      if (!pending.enrolled) throw new ConflictError(STAFF_MESSAGES.notEnrolled);
      await limit("second-factor-user", pending.user.id, STAFF_MESSAGES.tooManyCodes);
      const trimmed = code.trim();
      const byTotp = await acceptTotp(pending.user.id, trimmed.replace(/\s/g, ""));
      const byRecovery = !byTotp && (await acceptRecoveryCode(pending.user.id, trimmed));
      if (!byTotp && !byRecovery) {
        logger.info({ userId: pending.user.id }, "staff second factor refused");
        throw new ValidationError(STAFF_MESSAGES.wrongCode, "code");
      }
      const session = await db.transaction(async (tx) => {
        await recordAudit(tx, {
          actor: { userId: pending.user.id, role: pending.user.role },
          action: "staff.signed_in",
          subjectType: "user",
          subjectId: pending.user.id,
          after: { secondFactor: byTotp ? "totp" : "recovery_code" },
          ip: meta.ip,
          at: clock.now(),
        });
        if (byRecovery) {
          await recordAudit(tx, {
            actor: { userId: pending.user.id, role: pending.user.role },
            action: "staff.recovery_code_used",
            subjectType: "user",
            subjectId: pending.user.id,
            ip: meta.ip,
            at: clock.now(),
          });
        }
        return pass(pending, tx);
      });
      await rateLimits.reset("second-factor-user", pending.user.id);
      logger.info({ userId: pending.user.id, recoveryCode: byRecovery }, "staff second factor passed");
      return session;
    },

    async queues(max) {
      const entries = await Promise.all(
        QUEUE_KINDS.map(async (kind) => [kind, await (queues[kind] ?? emptyQueue)(max)] as const),
      );
      return Object.fromEntries(entries) as Record<QueueKind, QueueItem[]>;
    },

    async contactInbox(filter: ContactFilter, page) {
      const where: SQL[] = [];
      if (filter.status) where.push(eq(contactMessages.status, filter.status));
      if (filter.category && (CONTACT_CATEGORIES as readonly string[]).includes(filter.category))
        where.push(eq(contactMessages.category, filter.category));
      const condition = where.length > 0 ? and(...where) : undefined;
      const [{ total } = { total: 0 }] = await db
        .select({ total: count() })
        .from(contactMessages)
        .where(condition);
      const pageCount = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));
      const current = Math.min(Math.max(1, page), pageCount);
      const rows = await db
        .select()
        .from(contactMessages)
        .where(condition)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(CONTACT_PAGE_SIZE)
        .offset((current - 1) * CONTACT_PAGE_SIZE);
      return { rows: rows.map(toSummary), page: current, total, pageCount };
    },

    async contactMessage(id) {
      if (!UUID.test(id)) return null;
      const [row] = await db
        .select({ message: contactMessages, handledByEmail: users.email })
        .from(contactMessages)
        .leftJoin(users, eq(users.id, contactMessages.handledBy))
        .where(eq(contactMessages.id, id))
        .limit(1);
      if (!row) return null;
      const m = row.message;
      return {
        ...toSummary(m),
        phone: m.phone,
        message: m.message,
        handledAt: m.handledAt?.toISOString() ?? null,
        handledByEmail: row.handledByEmail,
      } satisfies ContactMessageView;
    },

    async setContactStatus(actor, id, status: ContactStatus, meta) {
      const role = requireStaff(actor);
      if (!UUID.test(id)) throw new NotFoundError(STAFF_MESSAGES.messageGone);
      await limit("staff-write", actor.id, msg("errors:rateLimit.default"));
      await db.transaction(async (tx) => {
        const [current] = await tx
          .select({ status: contactMessages.status })
          .from(contactMessages)
          .where(eq(contactMessages.id, id))
          .for("update");
        if (!current) throw new NotFoundError(STAFF_MESSAGES.messageGone);
        if (current.status === status) return;
        const now = clock.now();
        await tx
          .update(contactMessages)
          .set(
            status === "handled"
              ? { status, handledAt: now, handledBy: actor.id }
              : { status, handledAt: null, handledBy: null },
          )
          .where(eq(contactMessages.id, id));
        await recordAudit(tx, {
          actor: { userId: actor.id, role },
          action: status === "handled" ? "contact.marked_handled" : "contact.reopened",
          subjectType: "contact_message",
          subjectId: id,
          before: { status: current.status },
          after: { status },
          ip: meta.ip,
          at: now,
        });
      });
    },

    async auditLog(actor, filter, page) {
      const role = requireStaff(actor);
      return searchAudit(db, filter, page, role === "admin");
    },

    async listingHistory(user) {
      if (user.role !== "lawyer" || user.lawyerId === null) return [];
      return listingHistory(db, user.lawyerId, user.id);
    },
  };
}

function toSummary(m: typeof contactMessages.$inferSelect): ContactSummary {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    subject: m.subject,
    category: m.category,
    priority: m.priority,
    status: m.status as ContactStatus,
    createdAt: m.createdAt.toISOString(),
  };
}
