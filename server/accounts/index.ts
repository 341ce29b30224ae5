/**
 * The accounts service (issue 3): sign-up, login, sessions, profile and password reset, built
 * from vetted primitives (DESIGN.md §2): argon2id (passwords.ts), 256-bit opaque tokens stored as
 * SHA-256 (tokens.ts), database-backed rate limits (server/security/rate-limit.ts) and the
 * process's mailer. It knows nothing of HTTP beyond reading a Request's credentials; the API
 * (server/api/auth.ts) and the page actions call the same object. The contract is
 * server/accounts/service.ts.
 */

import { and, eq, gt, isNull, lt, lte, ne, sql } from "drizzle-orm";
import {
  ACCOUNT_MESSAGES,
  isStaffRole,
  type ProfileUpdate,
  RESET_TOKEN_TTL_MS,
  SESSION_TTL_MS,
} from "../../lib/account.ts";
import { INTERNATIONAL_EMAIL_MESSAGE } from "../../lib/email-address.ts";
import { DEFAULT_LOCALE, isLocale, localizePath } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import { toE164 } from "../../lib/phone.ts";
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import { caseAccessTokens, lawyers, passwordResetTokens, userSessions, users } from "../db/schema.ts";
import type { Mailer } from "../email/mailer.ts";
import { EN, passwordResetEmail } from "../email/templates/index.ts";
import {
  ConflictError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  ValidationError,
} from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { ReviewSignals } from "../reviews/signals.ts";
import type { RateLimitName, RateLimits } from "../security/rate-limit.ts";
import { hashToken, looksLikeToken, newToken } from "../security/tokens.ts";
import { clearedSessionCookie, requestToken, sessionCookie } from "./cookies.ts";
import { hashPassword, isCommonPassword, verifyDummy, verifyPassword } from "./passwords.ts";
import type { AccountsService, Authenticated, IssuedSession } from "./service.ts";
import { normalizeEmail, toPublicUser, type UserRow } from "./users.ts";

export type { AccountsService, Authenticated, IssuedSession, RequestMeta } from "./service.ts";

/** What createAccountsService needs: the process's database, mailer, rate limits, config, logger and clock. */
export interface AccountsDeps {
  db: Db;
  /** Decides session and reset-link expiry and the purge (server/clock.ts). */
  clock: Clock;
  mailer: Mailer;
  rateLimits: RateLimits;
  config: Config;
  logger: Logger;
  /** Issue 27 §2: sign-ups and sign-ins record their review signal (server/reviews/signals.ts). */
  signals?: Pick<ReviewSignals, "record">;
}

/** How often (at most) one process deletes expired sessions and reset tokens of everyone: hourly. */
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * How long after a forgot-password answer its background work (store the link, send the email)
 * starts, in ms. Started at once, that work (PGlite runs on the main thread, nodemailer builds the
 * message synchronously) delayed the answer itself by 2 to 4 ms, enough to tell an existing
 * account from an unknown one; 50 ms later the answers are flushed (scripts/bench-auth.ts).
 */
export const RESET_WORK_DELAY_MS = 50;

/** Subject of the password reset email (server/email/templates, English). */
export const RESET_EMAIL_SUBJECT = EN["reset.subject"];

/** PostgreSQL's unique_violation, directly or as the cause of drizzle's DrizzleQueryError. */
function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * A database failure named by what failed, with the failure as its cause: logged through the one
 * error serializer (server/logger.ts, issue 27 §2), which keeps the SQLSTATE and drops drizzle's
 * query parameters (which may hold a password hash or a token hash).
 */
function scrubbed(err: unknown, what: string): Error {
  return new Error(`${what} failed`, { cause: err });
}

/**
 * Creates the accounts service over the process's database, mailer and rate limits (one per
 * process, made in server/services.ts createServices). Every method implements the contract in
 * server/accounts/service.ts; failures users can cause are DomainErrors (server/errors.ts) with status,
 * message (ACCOUNT_MESSAGES) and the field in fieldErrors. Database failures propagate (as a 500), scrubbed of parameters.
 *
 * Rules (issue 3): emails are stored and compared trimmed and lowercased; passwords are argon2id;
 * the 10,000 most common passwords are refused on sign-up and reset; session and reset secrets
 * are 256 random bits stored as SHA-256; sessions last SESSION_TTL_MS, reset links
 * RESET_TOKEN_TTL_MS and work once; a new reset request voids the user's earlier links; a reset
 * revokes every session of the user; login is limited per IP and per account (reset on success),
 * sign-up, forgot-password and reset per IP (429 with retryAfterSeconds).
 */
export function createAccountsService({
  db,
  clock,
  mailer,
  rateLimits,
  logger,
  signals,
}: AccountsDeps): AccountsService {
  let lastPurge = 0;

  /** Consumes one point of a limit; past it, RateLimitedError with the wait in seconds. */
  async function limit(name: RateLimitName, key: string): Promise<void> {
    try {
      await rateLimits.consume(name, key);
    } catch (err) {
      if (err instanceof RateLimitedError) {
        logger.info({ limit: name }, "rate limit reached");
        throw new RateLimitedError(ACCOUNT_MESSAGES.tooMany, err.retryAfterSeconds);
      }
      throw err;
    }
  }

  /** The country code of the user's listing ("DE"), or null without one: a business phone's default country. */
  async function listingCountryOf(userId: string): Promise<string | null> {
    const [row] = await db
      .select({ countryCode: lawyers.countryCode })
      .from(users)
      .innerJoin(lawyers, eq(lawyers.id, users.lawyerId))
      .where(eq(users.id, userId))
      .limit(1);
    return row?.countryCode || null;
  }

  /**
   * Deletes expired sessions, reset tokens, case access tokens (issue 16 §1/§3,
   * server/cases/access-tokens.ts) and rate-limit rows, at most hourly per process.
   */
  async function purgeExpired(): Promise<void> {
    const now = clock.now();
    if (now.getTime() - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = now.getTime();
    try {
      await db.delete(userSessions).where(lt(userSessions.expiresAt, now));
      await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, now));
      await db.delete(caseAccessTokens).where(lte(caseAccessTokens.expiresAt, now));
      await rateLimits.purgeExpired();
    } catch (err) {
      logger.warn({ err: scrubbed(err, "purge") }, "purging expired sessions failed");
    }
  }

  /** Stores a new session for the user and answers its secret (shown once). */
  async function issueSession(row: UserRow): Promise<IssuedSession> {
    const token = newToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    await db
      .insert(userSessions)
      .values({ userId: row.id, sessionToken: hashToken(token), expiresAt, createdAt: now });
    await purgeExpired();
    return { token, user: toPublicUser(row, clock.now()), expiresAt };
  }

  async function userForToken(token: string | null | undefined): Promise<Authenticated | null> {
    if (!looksLikeToken(token)) return null;
    const [found] = await db
      .select({ user: users, sessionId: userSessions.id, secondFactorAt: userSessions.secondFactorAt })
      .from(userSessions)
      .innerJoin(users, eq(users.id, userSessions.userId))
      .where(and(eq(userSessions.sessionToken, hashToken(token)), gt(userSessions.expiresAt, clock.now())))
      .limit(1);
    if (!found) return null;
    // A staff session that has not passed the second factor signs no one in (issue 15 §1): only
    // the second-factor page reads it (server/staff pendingSession). An account promoted to
    // staff thus loses its earlier sessions' use at once.
    if (isStaffRole(found.user.role) && found.secondFactorAt === null) return null;
    return { user: toPublicUser(found.user, clock.now()), sessionId: found.sessionId, via: "bearer", token };
  }

  /** Background reset work, one at a time per process, so a newer link always voids an older one. */
  let resetQueue: Promise<void> = Promise.resolve();

  /**
   * Stores a new reset link for the user (voiding their earlier ones) and emails it. Runs after
   * the forgot-password answer; failures are logged, never thrown.
   */
  async function sendResetLink(
    user: { id: string; email: string; firstName: string; locale: string },
    origin: string,
  ) {
    try {
      const token = newToken();
      const expiresAt = new Date(clock.now().getTime() + RESET_TOKEN_TTL_MS);
      await db.transaction(async (tx) => {
        await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
        await tx.insert(passwordResetTokens).values({ userId: user.id, token: hashToken(token), expiresAt });
      });
      // In the account's language, with the link to the page in that language (issue 14 §1).
      const locale = isLocale(user.locale) ? user.locale : DEFAULT_LOCALE;
      const mail = await passwordResetEmail(
        {
          firstName: user.firstName,
          link: `${origin}${localizePath("/reset-password", locale)}?token=${token}`,
        },
        locale,
      );
      mailer.sendLater({ to: user.email, ...mail });
    } catch (err) {
      logger.error({ err: scrubbed(err, "storing a reset link") }, "password reset link not sent");
    }
  }

  return {
    async signUp(input, meta) {
      await limit("signup-ip", meta.ip);
      const email = normalizeEmail(input.email);
      // Issue 14 §2: a Unicode local part only where the relay can carry it (SMTPUTF8).
      if (!(await mailer.acceptsAddress(email)))
        throw new ValidationError(INTERNATIONAL_EMAIL_MESSAGE, "email");
      if (isCommonPassword(input.password))
        throw new ValidationError(ACCOUNT_MESSAGES.passwordCommon, "password");
      const [taken] = await db
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (taken) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken, "email");
      const password = await hashPassword(input.password);
      let row: UserRow | undefined;
      try {
        [row] = await db
          .insert(users)
          .values({
            email,
            password,
            firstName: input.firstName,
            lastName: input.lastName,
            role: input.role,
            locale: meta.locale ?? DEFAULT_LOCALE,
            createdAt: clock.now(),
            updatedAt: clock.now(),
          })
          .returning();
      } catch (err) {
        // Two sign-ups with one email at once: the unique index on lower(email) decides.
        if (isUniqueViolation(err)) throw new ConflictError(ACCOUNT_MESSAGES.emailTaken, "email");
        throw scrubbed(err, "sign-up");
      }
      if (!row) throw new Error("sign-up inserted no row");
      logger.info({ userId: row.id, role: row.role }, "account created");
      await signals?.record({ kind: "sign_up", userId: row.id }, meta);
      return issueSession(row);
    },

    async logIn(input, meta) {
      const email = normalizeEmail(input.email);
      await limit("login-ip", meta.ip);
      await limit("login-account", email);
      const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
      // An unknown email costs one argon2 verification too, so timing does not reveal accounts.
      const ok = row ? await verifyPassword(row.password, input.password) : await verifyDummy(input.password);
      if (!row || !ok) throw new UnauthorizedError(ACCOUNT_MESSAGES.badCredentials);
      await rateLimits.reset("login-account", email);
      await signals?.record({ kind: "sign_in", userId: row.id }, meta);
      return issueSession(row);
    },

    userForToken,

    async userFromRequest(request) {
      const found = requestToken(request);
      if (!found) return null;
      const auth = await userForToken(found.token);
      return auth ? { ...auth, via: found.via } : null;
    },

    async logOut(token) {
      if (!looksLikeToken(token)) return;
      await db.delete(userSessions).where(eq(userSessions.sessionToken, hashToken(token)));
    },

    async updateProfile(userId, patch: ProfileUpdate, region = null) {
      const { phoneCountry, ...fields } = patch;
      if (typeof fields.businessPhone === "string") {
        const listingCountry = await listingCountryOf(userId);
        const e164 = toE164(fields.businessPhone, phoneCountry ?? listingCountry ?? region);
        if (!e164) {
          const message =
            phoneCountry || listingCountry
              ? ACCOUNT_MESSAGES.businessPhone
              : ACCOUNT_MESSAGES.businessPhoneInternational;
          throw new ValidationError(message, { businessPhone: message });
        }
        fields.businessPhone = e164;
      }
      const set = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      const [row] =
        Object.keys(set).length === 0
          ? await db.select().from(users).where(eq(users.id, userId)).limit(1)
          : await db
              .update(users)
              .set({ ...set, updatedAt: clock.now() })
              .where(eq(users.id, userId))
              .returning();
      if (!row) throw new NotFoundError(msg("errors:account.gone"));
      return toPublicUser(row, clock.now());
    },

    async setLocale(userId, locale) {
      if (!isLocale(locale)) return;
      await db
        .update(users)
        .set({ locale, updatedAt: clock.now() })
        .where(and(eq(users.id, userId), ne(users.locale, locale)));
    },

    async requestPasswordReset(rawEmail, meta) {
      await limit("forgot-ip", meta.ip);
      const email = normalizeEmail(rawEmail);
      // The answer waits only for work that is the same whether or not the address has an
      // account (the rate limit and this read). Storing the link and sending it are writes and
      // SMTP round trips that only an account causes, so they run after the response.
      const [user] = await db
        .select({ id: users.id, email: users.email, firstName: users.firstName, locale: users.locale })
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`)
        .limit(1);
      if (!user) return;
      const origin = meta.origin.replace(/\/+$/, "");
      resetQueue = resetQueue
        .then(() => new Promise((resolve) => setTimeout(resolve, RESET_WORK_DELAY_MS)))
        .then(() => sendResetLink(user, origin));
    },

    async resetTokenIsUsable(token) {
      // No rate limit and no timing care: the answer proves only what the 256-bit token itself
      // proves to whoever holds it, and the row is found by its SHA-256 through the unique index.
      if (!looksLikeToken(token)) return false;
      const [found] = await db
        .select({ id: passwordResetTokens.id })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.token, hashToken(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, clock.now()),
          ),
        )
        .limit(1);
      return found !== undefined;
    },

    async resetPassword({ token, newPassword }, meta) {
      await limit("reset-ip", meta.ip);
      if (!looksLikeToken(token)) throw new ValidationError(ACCOUNT_MESSAGES.resetInvalid, "token");
      if (isCommonPassword(newPassword))
        throw new ValidationError(ACCOUNT_MESSAGES.passwordCommon, "newPassword");
      const password = await hashPassword(newPassword);
      const email = await db
        .transaction(async (tx) => {
          // Claiming the token and using it is one atomic step: two concurrent uses, one wins.
          const [claimed] = await tx
            .update(passwordResetTokens)
            .set({ usedAt: clock.now() })
            .where(
              and(
                eq(passwordResetTokens.token, hashToken(token)),
                isNull(passwordResetTokens.usedAt),
                gt(passwordResetTokens.expiresAt, clock.now()),
              ),
            )
            .returning({ userId: passwordResetTokens.userId });
          if (!claimed) return null;
          const [user] = await tx
            .update(users)
            .set({ password, updatedAt: clock.now() })
            .where(eq(users.id, claimed.userId))
            .returning({ email: users.email });
          await tx.delete(userSessions).where(eq(userSessions.userId, claimed.userId));
          return user?.email ?? null;
        })
        .catch((err: unknown) => {
          throw scrubbed(err, "password reset");
        });
      if (email === null) throw new ValidationError(ACCOUNT_MESSAGES.resetInvalid, "token");
      // The owner proved the address: earlier failed logins no longer count against it.
      await rateLimits.reset("login-account", normalizeEmail(email));
      logger.info("password reset; every session of the account revoked");
    },

    sessionCookie: (token, expiresAt) => sessionCookie(token, expiresAt, clock.now()),
    clearedSessionCookie,
  };
}
