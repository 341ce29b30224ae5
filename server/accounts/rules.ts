/**
 * What the accounts use cases share (issue 3; issue 30 "Use cases as files"): their dependencies,
 * the process-wide state of the service, the per-attempt rate limit, the password policy check
 * and how database failures are named.
 */
import { ACCOUNT_MESSAGES } from "../../lib/account.ts";
import type { DomainDeps } from "../deps.ts";
import { ValidationError } from "../errors.ts";
import type { ReviewSignals } from "../reviews/signals.ts";
import { consumeLimit, type RateLimitName } from "../security/rate-limit.ts";
import { passwordPolicyProblem } from "./passwords.ts";

/** What createAccountsService needs: the process's database, mailer, rate limits, config, logger and clock. */
export interface AccountsDeps
  extends Pick<DomainDeps, "db" | "clock" | "mailer" | "rateLimits" | "config" | "logger"> {
  /** Issue 27 §2: sign-ups and sign-ins record their review signal (server/reviews/signals.ts). */
  signals?: Pick<ReviewSignals, "record">;
}

/** What one accounts service keeps between calls (one per process): see AccountsContext. */
export interface AccountsState {
  /** When (ms since the epoch) this process last purged expired rows (sessions.ts purgeExpired). */
  lastPurge: number;
  /** Background reset work, one at a time per process, so a newer link always voids an older one. */
  resetQueue: Promise<void>;
}

/** The dependencies every accounts use case takes: AccountsDeps and the service's AccountsState. */
export interface AccountsContext extends AccountsDeps {
  state: AccountsState;
}

/** Consumes one point of a limit; past it, RateLimitedError (ACCOUNT_MESSAGES.tooMany) with the wait in seconds. */
export function limit(deps: AccountsDeps, name: RateLimitName, key: string): Promise<void> {
  return consumeLimit(deps.rateLimits, name, key, ACCOUNT_MESSAGES.tooMany, deps.logger);
}

/** PostgreSQL's unique_violation, directly or as the cause of drizzle's DrizzleQueryError. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === "23505" || e?.cause?.code === "23505";
}

/**
 * A database failure named by what failed, with the failure as its cause: logged through the one
 * error serializer (server/logger.ts, issue 27 §2), which keeps the SQLSTATE and drops drizzle's
 * query parameters (which may hold a password hash or a token hash).
 */
export function scrubbed(err: unknown, what: string): Error {
  return new Error(`${what} failed`, { cause: err });
}

/**
 * The password policy's verdict (passwords.ts passwordPolicyProblem, issue 27 §2) as a
 * ValidationError (400) on `field`; nothing when the password meets it.
 */
export function checkPolicy(password: string, account: { role: string; email: string }, field: string): void {
  const problem = passwordPolicyProblem(password, account);
  if (problem) throw new ValidationError(problem, field);
}
