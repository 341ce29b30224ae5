/**
 * What a domain gets from the process (issue 30 "One door"): the database handles, configuration,
 * logger and clock every service is built from, and the mailer, rate limits and link origin the
 * domain services share. Domain modules import their dependencies' types from here, never from
 * server/services.ts: that file is only the composition root that builds every service from
 * these, so no domain file imports the place that imports it (docs/ARCHITECTURE.md).
 */
import type { Clock } from "./clock.ts";
import type { Config } from "./config.ts";
import type { Db } from "./db/client.ts";
import type { Mailer } from "./email/mailer.ts";
import type { Logger } from "./logger.ts";
import type { MatchingService } from "./matching/service.ts";
import type { DirectoryService } from "./search/service.ts";
import type { RateLimits } from "./security/rate-limit.ts";

/** What the process sets up once: database, configuration, logger and the clock. */
export interface CoreServices {
  /** The primary: every write and every read-your-own-writes page (dashboard, listing edit, cases, account, admin). */
  db: Db;
  /**
   * Issue 18 §3: the handle searches, facets, profiles, suggestions and matching reads use, a
   * streaming replica's when DATABASE_READ_URL is set (server/db/read-replica.ts); absent = `db`.
   */
  readDb?: Db;
  config: Config;
  logger: Logger;
  /**
   * The time every expiry, retention and period decision uses (server/clock.ts). Required (issue
   * 30): the entry point passes systemClock (server/main.ts), tests pass theirs; no domain module
   * falls back to the machine's time on its own.
   */
  clock: Clock;
}

/** What a domain service (cases, messages, contact, billing, analytics) gets from the process. */
export interface DomainDeps extends CoreServices {
  mailer: Mailer;
  rateLimits: RateLimits;
  /** Origin for links in emails (server/config.ts emailLinkOrigin). */
  emailLinkOrigin: string;
}

/**
 * What a scheduled job gets (issue 30): the primary, the clock it decides by, and where it logs
 * what it did (counts only). The retention step (server/privacy/retention.ts) takes this.
 */
export interface JobDeps {
  db: Db;
  clock: Clock;
  logger?: Pick<Logger, "info" | "error">;
}

/**
 * A job that emails people (the daily verification job, server/verification/daily.ts; the
 * response sweep, server/responses/sweep.ts): JobDeps plus the mailer and the origin of the
 * links in its emails (server/config.ts emailLinkOrigin).
 */
export interface MailingJobDeps extends JobDeps {
  mailer: Pick<Mailer, "send">;
  emailLinkOrigin: string;
}

/** The directory's type, for app/context.ts (server/search/service.ts). */
export type Directory = DirectoryService;

/** The matching service's type, for app/context.ts (server/matching/service.ts). */
export type Matching = MatchingService;
