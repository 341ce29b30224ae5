/**
 * The second factor of staff sign-in (issue 15 §1): TOTP (RFC 6238, through otplib) with
 * recovery codes: the pending session, enrolment, its confirmation and each sign-in's check.
 * Security notes: docs/security.md "Staff and the back office".
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
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { generateSecret, generateURI, verify as verifyTotp } from "otplib";
import QRCode from "qrcode";
import { isStaffRole } from "../../lib/account.ts";
import { requestToken } from "../accounts/cookies.ts";
import { toPublicUser } from "../accounts/users.ts";
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../db/client.ts";
import { staffRecoveryCodes, staffSecondFactors, userSessions, users } from "../db/schema.ts";
import { ConflictError, ValidationError } from "../errors.ts";
import { hashToken, looksLikeToken, newToken } from "../security/tokens.ts";
import {
  limit,
  PENDING_SECOND_FACTOR_TTL_MS,
  RECOVERY_CODE_COUNT,
  STAFF_MESSAGES,
  STAFF_SESSION_TTL_MS,
  type StaffContext,
  type StaffDeps,
  TOTP_ISSUER,
} from "./rules.ts";
import type { Enrolment, PassedSession, PendingStaffSession } from "./service.ts";

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

/** Checks a 6-digit code against the stored secret; on success records its time step (once). */
async function acceptTotp(deps: StaffContext, userId: string, code: string): Promise<boolean> {
  const { db, clock, secrets } = deps;
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
async function acceptRecoveryCode(
  deps: Pick<StaffDeps, "db" | "clock">,
  userId: string,
  code: string,
): Promise<boolean> {
  const { db, clock } = deps;
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
async function passSecondFactor(
  deps: Pick<StaffDeps, "clock">,
  pending: PendingStaffSession,
  tx: Pick<Db, "insert" | "delete">,
) {
  const token = newToken();
  const now = deps.clock.now();
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

/**
 * The pending (password-only) staff session of `request`, or null: a staff account's session not
 * older than PENDING_SECOND_FACTOR_TTL_MS that has not passed the second factor, with whether the
 * account has enrolled one.
 */
export async function pendingSession(
  deps: Pick<StaffDeps, "db" | "clock">,
  request: Request,
): Promise<PendingStaffSession | null> {
  const { db, clock } = deps;

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
}

/**
 * Starts (or resumes) the enrolment of an authenticator app: the TOTP secret (made and stored
 * sealed on first call; two tabs keep the first stored), its otpauth URI and QR code as SVG.
 * @throws ConflictError when the account has enrolled already
 */
export async function enrolment(deps: StaffContext, pending: PendingStaffSession): Promise<Enrolment> {
  const { db, clock, secrets } = deps;

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
}

/**
 * Confirms the enrolment with a first code: marks the factor confirmed, replaces the recovery
 * codes (answered once), audits `staff.second_factor_enrolled` and passes the factor (a fresh
 * session). Counts 'second-factor-user' (cleared on success).
 * @throws RateLimitedError, ConflictError not started or already confirmed, ValidationError wrong code
 */
export async function confirmEnrolment(
  deps: StaffContext,
  pending: PendingStaffSession,
  code: string,
  meta: { ip: string },
): Promise<{ recoveryCodes: string[]; session: PassedSession }> {
  const { db, clock, logger, rateLimits } = deps;

  await limit(deps, "second-factor-user", pending.user.id, STAFF_MESSAGES.tooManyCodes);
  const [factor] = await db
    .select({ confirmedAt: staffSecondFactors.confirmedAt })
    .from(staffSecondFactors)
    .where(eq(staffSecondFactors.userId, pending.user.id));
  if (!factor) throw new ConflictError(STAFF_MESSAGES.notEnrolled);
  if (factor.confirmedAt) throw new ConflictError(STAFF_MESSAGES.alreadyEnrolled);
  if (!(await acceptTotp(deps, pending.user.id, code.trim())))
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
    return passSecondFactor(deps, pending, tx);
  });
  await rateLimits.reset("second-factor-user", pending.user.id);
  logger.info({ userId: pending.user.id }, "staff second factor enrolled");
  return { recoveryCodes, session };
}

/**
 * Passes the second factor with a TOTP code or an unused recovery code: audits `staff.signed_in`
 * (and `staff.recovery_code_used`) and answers a fresh session. Counts 'second-factor-user'
 * (cleared on success).
 * @throws ConflictError not enrolled, RateLimitedError, ValidationError wrong code
 */
export async function verifySecondFactor(
  deps: StaffContext,
  pending: PendingStaffSession,
  code: string,
  meta: { ip: string },
): Promise<PassedSession> {
  const { db, clock, logger, rateLimits } = deps;

  if (!pending.enrolled) throw new ConflictError(STAFF_MESSAGES.notEnrolled);
  await limit(deps, "second-factor-user", pending.user.id, STAFF_MESSAGES.tooManyCodes);
  const trimmed = code.trim();
  const byTotp = await acceptTotp(deps, pending.user.id, trimmed.replace(/\s/g, ""));
  const byRecovery = !byTotp && (await acceptRecoveryCode(deps, pending.user.id, trimmed));
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
    return passSecondFactor(deps, pending, tx);
  });
  await rateLimits.reset("second-factor-user", pending.user.id);
  logger.info({ userId: pending.user.id, recoveryCode: byRecovery }, "staff second factor passed");
  return session;
}
