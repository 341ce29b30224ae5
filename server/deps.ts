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

/** What the process sets up once: database, configuration, logger and (optionally) the clock. */
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
  /** The time every expiry, retention and period decision uses (server/clock.ts); default systemClock. Tests pass a test clock. */
  clock?: Clock;
}

/** What a domain service (cases, messages, contact, billing, analytics) gets from the process. */
export interface DomainDeps extends CoreServices {
  /** The process's clock (createServices fills in systemClock when CoreServices has none). */
  clock: Clock;
  mailer: Mailer;
  rateLimits: RateLimits;
  /** Origin for links in emails (server/config.ts emailLinkOrigin). */
  emailLinkOrigin: string;
}

/** The directory's type, for app/context.ts (server/search/service.ts). */
export type Directory = DirectoryService;

/** The matching service's type, for app/context.ts (server/matching/service.ts). */
export type Matching = MatchingService;
