/**
 * The services a request can use: the database handle, configuration, logger, and the domain
 * functions the page loaders call (docs/design.md §3: loaders call domain functions, never the API).
 *
 * The domain functions are handed to the pages through the router context instead of being
 * imported by app/ modules: Vite bundles what app/ imports into build/server, so an import would
 * run a second copy of server/search beside the one the API uses, with its own caches and
 * in-memory search data.
 */
import { createAccountsService } from "./accounts/index.ts";
import type { AccountsService } from "./accounts/service.ts";
import { createAnalyticsService } from "./analytics/index.ts";
import type { AnalyticsService } from "./analytics/service.ts";
import { createBillingService } from "./billing/index.ts";
import type { BillingService } from "./billing/service.ts";
import { createCasesService } from "./cases/index.ts";
import type { CasesService } from "./cases/service.ts";
import { emailLinkOrigin } from "./config.ts";
import { createContactService } from "./contact/index.ts";
import type { ContactService } from "./contact/service.ts";
import type { Db } from "./db/client.ts";
import type { CoreServices, Directory, DomainDeps, Matching } from "./deps.ts";
import { createMailer, type Mailer } from "./email/mailer.ts";
import { createListingsService, type ListingsService } from "./listings/index.ts";
import { createMatchingService } from "./matching/index.ts";
import { createMessagesService } from "./messages/index.ts";
import type { MessagesService } from "./messages/service.ts";
import { createModerationService } from "./moderation/index.ts";
import type { ModerationService } from "./moderation/service.ts";
import { timedDirectory, timedMatching } from "./ops/metrics.ts";
import { reportRequestError } from "./ops/request-log.ts";
import { createResendService, type ResendService } from "./responses/resend.ts";
import { createReviewService } from "./reviews/index.ts";
import type { ReviewService } from "./reviews/service.ts";
import { createReviewSignals, type ReviewSignals } from "./reviews/signals.ts";
import { createDataRightsService, type DataRightsService } from "./rights/index.ts";
import { createDirectoryService } from "./search/index.ts";
import type { DeviceHandle } from "./security/device-cookie.ts";
import { createRateLimits, type RateLimits } from "./security/rate-limit.ts";
import { createStaffService } from "./staff/index.ts";
import type { StaffService } from "./staff/service.ts";
import { createDocumentStorage, type DocumentStorage } from "./storage/documents.ts";
import { createRechecksService, type RechecksService, recheckQueueProvider } from "./verification/recheck.ts";
import { createVerificationService, type VerificationService } from "./verification/requests.ts";

/** Every service of a request (app/context.ts AppServices). */
export interface Services extends CoreServices {
  /** The read handle (CoreServices.readDb; createServices fills in `db` when absent). */
  readDb: Db;
  /** Search, facets, one lawyer, suggestions and site statistics (server/search, issue 2). */
  directory: Directory;
  /** Assessment storage, ranked matches and insights (server/matching, issue 5). */
  matching: Matching;
  /** Sign-up, login, sessions, profile, password reset (server/accounts, issue 3). */
  accounts: AccountsService;
  /** Outgoing email: SMTP_URL, or the outbox folder under DATA_DIR (server/email). */
  mailer: Mailer;
  /** Database-backed rate limits shared by every process (server/security/rate-limit.ts). */
  rateLimits: RateLimits;
  /** A lawyer account's own listing: claim, create, edit, logo (server/listings, issue 3). */
  listings: ListingsService;
  /** Case intake with documents, tracking, status and the case thread (server/cases, issue 4). */
  cases: CasesService;
  /** Customer messages from profiles, the lawyer's inbox and replies (server/messages, issue 4). */
  messages: MessagesService;
  /** The contact page's form: stored and emailed to SUPPORT_EMAIL (server/contact, issue 4). */
  contact: ContactService;
  /** Subscriptions: Stripe or the test-payments provider (server/billing, issue 6). */
  billing: BillingService;
  /** Listing views, clicks and contact clicks, and the premium summary (server/analytics, issue 6). */
  analytics: AnalyticsService;
  /** Staff second factor, the back office's queues, contact inbox and audit log (server/staff, issue 15 §1). */
  staff: StaffService;
  /** Verification requests: the lawyer's admissions, requests and proofs, the moderator's decisions (issue 15 §2). */
  verification: VerificationService;
  /** The back office's re-check screen: a check due or lapsed, and the moderator's decision (issue 15 §2). */
  rechecks: RechecksService;
  /** Listing reports, hidden listings, corrections and removal requests (server/moderation, issue 15 §3). */
  moderation: ModerationService;
  /** Re-sending an unanswered case to another lawyer (server/responses/resend.ts, issue 16 §3). */
  responses: ResendService;
  /** Engagement-verified reviews: write, reply, report, moderate, read (server/reviews, issue 16 §1). */
  reviews: ReviewService;
  /**
   * Issue 27 §2: the signals the review checks read (server/reviews/signals.ts). Sign-ups,
   * sign-ins and review writes record theirs in their services; a case submission's boundary
   * (POST /api/cases, the profile's form) records it after `cases.submit`.
   */
  reviewSignals: ReviewSignals;
  /**
   * Issue 17 §3: the encrypting document store every feature uses (`store`), the raw store under
   * it and the master keyring (server/storage/documents.ts).
   */
  documents: DocumentStorage;
  /** Data export and account erasure (server/rights, issue 17 §4; GDPR Art. 15, 17, 20). */
  rights: DataRightsService;
  /** The client IP of a page request, by its router context (see rememberClientIp); "unknown" if none. */
  clientIp(routerContext: object): string;
  /** The browser of a page request (its device cookie, issue 27 §2; see rememberDevice), or null. */
  device(routerContext: object): DeviceHandle | null;
  /**
   * Issue 27 §2: an unexpected error of a page request (React Router's handleError, a render
   * error; app/entry.server.tsx), by its router context: the cause on the request's error line
   * (server/ops/request-log.ts), or its own error line when the context names no request.
   */
  reportError(routerContext: object, error: unknown): void;
  /** Origin for links in emails (server/config.ts emailLinkOrigin; never the request's Host). */
  emailLinkOrigin: string;
}

/** Client IPs of page requests, keyed by the request's router context (server/app.ts sets them). */
const pageClientIps = new WeakMap<object, string>();

/**
 * Records the client IP of a page request under its router context, so page actions can rate
 * limit by IP (a React Router action sees only the Web Request, not the socket). Called by
 * server/app.ts for every page request; read back with `services.clientIp(context)`.
 */
export function rememberClientIp(routerContext: object, ip: string): void {
  pageClientIps.set(routerContext, ip);
}

/** Device handles of page requests, keyed by the request's router context (server/app.ts sets them). */
const pageDevices = new WeakMap<object, DeviceHandle>();

/**
 * Records the browser of a page request (server/security/device-cookie.ts) under its router
 * context, so page actions that sign in or write a review record its signal (issue 27 §2); read
 * back with `services.device(context)`.
 */
export function rememberDevice(routerContext: object, device: DeviceHandle): void {
  pageDevices.set(routerContext, device);
}

/**
 * Adds the domain services to the process's core services. Every service is made the same way, by
 * its module's factory over the process's dependencies (`createXService(deps)`, contract in the
 * module's service.ts): directory, matching, accounts, listings, cases, messages, contact, billing
 * and analytics, with the process's one mailer and rate limits. Call once per process
 * (server/app.ts createApp) and close `mailer` on shutdown. The directory runs on `readDb` and
 * matching ranks on it (issue 18 §3); everything else, writes and read-your-own-writes pages, on
 * `db`. The directory's and matching's caches are kept per database handle in their modules, so
 * they stay one per process.
 */
export function createServices(given: CoreServices): Services {
  const core = { ...given, readDb: given.readDb ?? given.db };
  const mailer = createMailer(core.config, core.logger, core.clock);
  const rateLimits = createRateLimits(core.db, {}, { logger: core.logger, clock: core.clock });
  // Issue 27 §2: sign-ups, sign-ins, cases and reviews record the signals the review checks read.
  const reviewSignals = createReviewSignals(core);
  const accounts = createAccountsService({ ...core, mailer, rateLimits, signals: reviewSignals });
  const listings = createListingsService({ ...core, mailer, rateLimits });
  const deps: DomainDeps = { ...core, mailer, rateLimits, emailLinkOrigin: emailLinkOrigin(core.config) };
  // Issue 17 §3: one encrypting store over the raw one for every feature that stores documents.
  const documents = createDocumentStorage(core);
  const verification = createVerificationService({ ...deps, store: documents.store });
  const moderation = createModerationService(deps);
  const cases = createCasesService(deps, documents.store);
  const reviews = createReviewService({
    ...deps,
    signals: reviewSignals,
    caseAccess: (id, viewer) => cases.access(id, viewer),
  });
  return {
    ...core,
    // Issue 18 §3: search, facets and matches are timed at this boundary (server/ops/metrics.ts).
    // The public directory reads from the replica (when there is one); matching ranks from it
    // but writes and reads its assessments on the primary (read-your-own-writes).
    directory: timedDirectory(createDirectoryService({ ...core, db: core.readDb })),
    matching: timedMatching(createMatchingService(core)),
    accounts,
    listings,
    cases,
    responses: createResendService(deps, documents.store),
    messages: createMessagesService(deps),
    contact: createContactService(deps),
    billing: createBillingService(deps),
    analytics: createAnalyticsService(deps),
    staff: createStaffService({
      ...core,
      rateLimits,
      queues: {
        // Issue 15 §2: lawyers' verification requests wait in the `verification` queue.
        verification: verification.queue,
        // Issue 15 §2 "Ongoing monitoring": checks due within 30 days or lapsed (server/verification/recheck.ts).
        rechecks: recheckQueueProvider(core.db, core.clock),
        // Issue 15 §3: the reports and corrections queues are the moderation service's.
        reports: moderation.reportsQueue,
        corrections: moderation.correctionsQueue,
        // Issue 16 §1: reviews held for moderation and reported reviews.
        reviews: reviews.queue,
      },
    }),
    verification,
    rechecks: createRechecksService({ db: core.db, clock: core.clock, rateLimits }),
    moderation,
    reviews,
    reviewSignals,
    documents,
    // Issue 17 §4: reads and deletes documents through the encrypting store (§3).
    rights: createDataRightsService({ ...deps, store: documents.store }),
    mailer,
    rateLimits,
    clientIp: (routerContext) => pageClientIps.get(routerContext) ?? "unknown",
    device: (routerContext) => pageDevices.get(routerContext) ?? null,
    reportError(routerContext, error) {
      if (!reportRequestError(routerContext, error)) core.logger.error({ err: error }, "page error");
    },
    emailLinkOrigin: emailLinkOrigin(core.config),
  };
}
