/**
 * Rate limits against brute force and abuse (issue 3 "Brute force"), kept in the database table
 * `rate_limits` (migration 0005) so every server process shares one count (docs/design.md §5: no state
 * that matters lives in memory). Counting is rate-limiter-flexible's RateLimiterPostgres: one
 * atomic `INSERT … ON CONFLICT DO UPDATE` per attempt, a fixed window per key that starts with the
 * key's first attempt.
 */

import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";
import { lt } from "drizzle-orm";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { msg } from "../../lib/i18n/message.ts";
import { type Clock, systemClock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import { RateLimitedError } from "../errors.ts";
import { createLogger, type Logger } from "../logger.ts";
import { ipv6Prefix64 } from "./client-ip.ts";

/** Client addresses live in client-ip.ts; re-exported for the callers that read them with the limits. */
export { clientIp, ipv6Groups, ipv6Prefix64 } from "./client-ip.ts";

/**
 * The limits of issue 3; `-ip` limits are keyed by client IP, `login-account` by lowercase email,
 * `listing-write` by user id (creating, editing and logo uploads of a listing); `reply-user` and
 * `checkout-user` by user id (issues 4 and 6).
 */
export type RateLimitName =
  | "login-ip"
  | "login-account"
  | "signup-ip"
  | "forgot-ip"
  | "reset-ip"
  | "claim-ip"
  | "case-ip"
  | "message-ip"
  | "contact-ip"
  | "analytics-ip"
  | "analytics-visitors-ip"
  | "reply-user"
  | "checkout-user"
  | "location-ip"
  | "listing-write"
  | "second-factor-user"
  | "staff-write"
  | "verification-user"
  | "report-ip"
  | "correction-ip"
  | "review-write"
  | "case-withdraw-ip"
  | "case-decision-user"
  | "document-download"
  | "export-user"
  | "erasure-user"
  | "password-change-user";

/** At most `points` attempts per key within `durationSeconds` from the key's first attempt. */
export interface LimitSpec {
  points: number;
  durationSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** The limits in force (issue 3 "Brute force"); tests may override them per createRateLimits. */
export const RATE_LIMITS: Record<RateLimitName, LimitSpec> = {
  "login-ip": { points: 30, durationSeconds: 15 * MINUTE },
  "login-account": { points: 5, durationSeconds: 15 * MINUTE },
  "signup-ip": { points: 10, durationSeconds: HOUR },
  "forgot-ip": { points: 5, durationSeconds: HOUR },
  "reset-ip": { points: 10, durationSeconds: HOUR },
  "claim-ip": { points: 5, durationSeconds: HOUR },
  "case-ip": { points: 10, durationSeconds: HOUR },
  "message-ip": { points: 20, durationSeconds: HOUR },
  "contact-ip": { points: 10, durationSeconds: HOUR },
  // Analytics beacons (issue 6): a person clicks a few contact links; a script sends thousands.
  "analytics-ip": { points: 120, durationSeconds: HOUR },
  // New analytics visitors of one kind per listing per UTC day from one network (issue 6): a
  // household or an office, not a script rotating user agents. Keyed kind:listing:day:ip.
  "analytics-visitors-ip": { points: 10, durationSeconds: 24 * HOUR },
  "listing-write": { points: 30, durationSeconds: HOUR },
  // A lawyer's replies to customer messages (issue 4), by user id: a busy day, not a mail cannon.
  "reply-user": { points: 60, durationSeconds: HOUR },
  // Checkouts started (issue 6), by user id: each one calls the payment provider.
  "checkout-user": { points: 10, durationSeconds: HOUR },
  // "Use My Location" lookups (issue 14 §2), by client IP: a person presses it a few times.
  "location-ip": { points: 60, durationSeconds: HOUR },
  // Second-factor codes (issue 15 §1), by user id: 5 wrong or right tries per 15 minutes, cleared
  // by a success. A 6-digit code has 10^6 values; 5 tries per window make guessing hopeless.
  "second-factor-user": { points: 5, durationSeconds: 15 * MINUTE },
  // Back-office writes (issue 15 §1: mark handled, reopen …), by staff user id.
  "staff-write": { points: 300, durationSeconds: HOUR },
  // A lawyer's verification requests, admissions and statements (issue 15 §2), by user id: uploads
  // of proofs are bounded by it too (each request carries at most 10 files of 10 MB).
  "verification-user": { points: 20, durationSeconds: HOUR },
  // Listing reports (issue 15 §3), by client IP: a person reports one or two listings, not fifty.
  "report-ip": { points: 5, durationSeconds: HOUR },
  // Correction and removal requests (issue 15 §3), by client IP.
  "correction-ip": { points: 5, durationSeconds: HOUR },
  // Reviews (issue 16 §1): a client's writes and edits by client IP, a lawyer's replies and
  // reports by `user:<id>`; a person writes a few, not dozens.
  "review-write": { points: 20, durationSeconds: HOUR },
  // Issue 17 §4: case withdrawals (each deletes a case and its files), by client IP.
  "case-withdraw-ip": { points: 20, durationSeconds: HOUR },
  // Issue 17 §2: a lawyer's accepts and declines (each emails the client), by user id.
  "case-decision-user": { points: 120, durationSeconds: HOUR },
  // Issue 17 §3: each served document download writes a log row; by `user:<id>`, or `case:<id>`
  // for a case-link visitor. Far above any person's need, it bounds the log's growth.
  "document-download": { points: 300, durationSeconds: HOUR },
  // Data exports (issue 17 §4), by `user:<id>` or `case:<id>`: each one reads every document of
  // the account; five an hour is plenty for a person, not for a scraper.
  "export-user": { points: 5, durationSeconds: HOUR },
  // Account deletion requests and cancellations (issue 17 §4), by user id: each checks the
  // password and sends an email.
  "erasure-user": { points: 10, durationSeconds: HOUR },
  // Changes of password (issue 27 §2), by user id: each checks the current password, so a stolen
  // session must not become a way to guess it.
  "password-change-user": { points: 10, durationSeconds: HOUR },
};

/** The message of a RateLimitedError thrown by RateLimits.consume (a domain rethrows it with its own). */
export const RATE_LIMITED_MESSAGE = msg("errors:rateLimit.default");

/**
 * Thrown by RateLimits.consume once a key is past its limit: the hierarchy's 429 (server/errors.ts),
 * re-exported here for the callers that catch it. The API answers it with 429, a
 * `Retry-After: <retryAfterSeconds>` header and the error body (server/http.ts).
 */
export { RateLimitedError };

/**
 * Counts `key` under limit `name`; past it, throws RateLimitedError (429) with the domain's own
 * `message` and the limiter's `retryAfterSeconds`, first noting `{ limit: name }` "rate limit
 * reached" at info on `logger` when one is given (accounts, staff). Other failures (none when the
 * database is down: consume lets the request through) pass through unchanged. The one rethrow
 * every domain service uses (issue 30).
 */
export async function consumeLimit(
  limits: Pick<RateLimits, "consume">,
  name: RateLimitName,
  key: string,
  message: string,
  logger?: Pick<Logger, "info">,
): Promise<void> {
  try {
    await limits.consume(name, key);
  } catch (err) {
    if (!(err instanceof RateLimitedError)) throw err;
    logger?.info({ limit: name }, "rate limit reached");
    throw new RateLimitedError(message, err.retryAfterSeconds);
  }
}

/** The longest wait a rate limit asked for during one request (see recordingWaits). */
const waits = new AsyncLocalStorage<{ retryAfterSeconds?: number }>();

/**
 * Runs `work` (one request's handling) and answers its result with the longest wait, in whole
 * seconds, that any rate limit asked for while it ran (undefined when none refused anything).
 * server/app.ts runs every page request through it, so a page that answers 429 carries
 * `Retry-After` even when the action that caught the RateLimitedError did not pass its wait on
 * (issue 27 §2 "Retry-After on every 429, pages included, set in one place").
 */
export async function recordingWaits<T>(
  work: () => Promise<T>,
): Promise<{ result: T; retryAfterSeconds?: number }> {
  const store: { retryAfterSeconds?: number } = {};
  const result = await waits.run(store, work);
  return store.retryAfterSeconds === undefined
    ? { result }
    : { result, retryAfterSeconds: store.retryAfterSeconds };
}

/** Notes a limit's refusal for the request being recorded (recordingWaits), if any. */
function noteWait(seconds: number): void {
  const store = waits.getStore();
  if (store)
    store.retryAfterSeconds = Math.max(store.retryAfterSeconds ?? 0, Math.max(1, Math.ceil(seconds)));
}

/** Counters per limit and key; see createRateLimits. */
export interface RateLimits {
  /** Counts one attempt for `key` under limit `name`; throws RateLimitedError (with seconds until the window resets, at least 1) once past the limit. */
  consume(name: RateLimitName, key: string): Promise<void>;
  /** Forgets the attempts of `key` (e.g. per-account login counter after a successful login). */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Deletes the rows whose window has ended (call it from a periodic job; nothing else does). */
  purgeExpired(): Promise<void>;
}

/** Options for createRateLimits beyond the limits themselves. */
export interface RateLimitOptions {
  /** Where database failures are logged (default: a pino logger at level error on stdout). */
  logger?: Logger;
  /**
   * The clock `purgeExpired` deletes by (server/clock.ts; default systemClock). The windows
   * themselves are computed by rate-limiter-flexible from `Date.now()`, which this clock does not
   * reach; their tests move Vitest's faked Date instead (rate-limit.test.ts).
   */
  clock?: Clock;
}

/**
 * Creates the rate limits over the database handle (PGlite or PostgreSQL). Attempts are stored in
 * `rate_limits` under the key `${name}:${key}`; a longer key than the column's 255 characters is
 * stored as `${name}:sha256:<hex of key>`. Two instances on the same database (two processes)
 * share the counts. No timers run: expired rows are ignored when counting and deleted by
 * `purgeExpired()`.
 *
 * When the database cannot be reached, `consume` lets the request through and logs the error
 * (fail open), and `reset` and `purgeExpired` log and return. Failing closed would turn a database
 * hiccup into a lock-out of every login, signup and reset; and while the database is down those
 * requests fail anyway, since accounts and sessions live in the same database, so failing open
 * gives an attacker nothing.
 */
export function createRateLimits(
  db: Db,
  overrides: Partial<Record<RateLimitName, LimitSpec>> = {},
  options: RateLimitOptions = {},
): RateLimits {
  const logger = options.logger ?? createLogger("error");
  const clock = options.clock ?? systemClock;
  const storeClient = queryAdapter(db);
  const limiters = new Map<RateLimitName, RateLimiterPostgres>();

  const limiter = (name: RateLimitName): RateLimiterPostgres => {
    let found = limiters.get(name);
    if (!found) {
      const spec = overrides[name] ?? RATE_LIMITS[name];
      found = new RateLimiterPostgres({
        storeClient,
        storeType: "client",
        tableName: "rate_limits",
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: "",
        points: spec.points,
        duration: spec.durationSeconds,
      });
      limiters.set(name, found);
    }
    return found;
  };

  return {
    async consume(name, key) {
      try {
        await limiter(name).consume(storageKey(name, key));
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          noteWait(err.msBeforeNext / 1000);
          throw new RateLimitedError(RATE_LIMITED_MESSAGE, err.msBeforeNext / 1000);
        }
        logger.error({ err, limit: name }, "rate limit check failed; letting the request through");
      }
    },
    async reset(name, key) {
      try {
        await limiter(name).delete(storageKey(name, key));
      } catch (err) {
        logger.error({ err, limit: name }, "rate limit reset failed");
      }
    },
    async purgeExpired() {
      try {
        await db.delete(rateLimits).where(lt(rateLimits.expire, clock.now().getTime()));
      } catch (err) {
        logger.error({ err }, "purging expired rate limits failed");
      }
    },
  };
}

/**
 * The stored key for `key` under limit `name`: `${name}:${sha256(key) hex}`, so no email
 * address or IP is kept at rest and every key fits the column. For per-IP limits (names ending
 * in "-ip") an IPv6 address counts by its /64 prefix, since one client usually holds a whole
 * /64 and could otherwise step around the limit by changing its address.
 */
export function storageKey(name: RateLimitName, key: string): string {
  const subject = name.endsWith("-ip") ? ipv6Prefix64(key) : key;
  return `${name}:${createHash("sha256").update(subject).digest("hex")}`;
}

/** The query shape RateLimiterPostgres sends, and the result fields it reads. */
interface LibraryQuery {
  text: string;
  values?: unknown[];
  name?: string;
}
interface LibraryResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

/**
 * Adapts the driver under the Drizzle handle to the `client.query({ text, values, name })` the
 * library calls: node-postgres' Pool takes that object as is (named prepared statements per
 * connection); PGlite takes `query(text, values)` and reports `affectedRows`. `points` and
 * `expire` come back as numbers on both (node-postgres returns bigint columns as strings).
 */
function queryAdapter(db: Db): { query(q: LibraryQuery): Promise<LibraryResult> } {
  const client = (db as unknown as { $client: unknown }).$client as {
    query(
      ...args: unknown[]
    ): Promise<{ rows: Record<string, unknown>[]; rowCount?: number | null; affectedRows?: number }>;
    waitReady?: Promise<void>;
  };
  const isPglite = "waitReady" in client;
  return {
    async query(q) {
      const result = isPglite ? await client.query(q.text, q.values ?? []) : await client.query(q);
      const rows = result.rows.map((row) => ({
        ...row,
        ...("points" in row ? { points: Number(row.points) } : {}),
        ...("expire" in row ? { expire: row.expire === null ? null : Number(row.expire) } : {}),
      }));
      const rowCount = isPglite
        ? rows.length || (result.affectedRows ?? 0)
        : (result.rowCount ?? rows.length);
      return { rows, rowCount };
    },
  };
}
