/**
 * Reports, hidden listings, corrections and removal requests (issue 15 §3 "Reports and
 * corrections"; contract in service.ts). This file only binds the use cases to the process's
 * dependencies: report-listing.ts (a visitor's report, staff's view of one), corrections.ts (a
 * lawyer's correction request, staff's view, the lawyer's own), removal.ts (removal of an
 * unclaimed listing), listings.ts (a listing's moderation state), decide.ts (resolve a report,
 * answer a request, the answer's email), visibility.ts (hide or restore), queues.ts (the
 * `reports` and `corrections` queues); rules.ts holds what they share.
 *
 * Every moderator decision carries a reason and writes recordAudit in the same transaction as the
 * change (issue 15 §1: every change of a listing's visibility is audited, before -> after).
 * Hiding writes to `lawyers`, whose trigger bumps search_state.version, and this process drops
 * its search caches at once (invalidateSearchCaches), so the listing leaves search (SQL and the
 * in-memory facts), the sitemap and matches (server/search/conditions.ts, facts.ts,
 * server/api/seo.ts, server/matching/candidates.ts). Why: a directory must correct or remove what
 * is wrong about a lawyer on request (Avvo's "claim and correct", the LSO's public register
 * corrections, ../shared/research/trust-and-regulation.md [S1][S20]; GDPR Art. 17 for removal of
 * data about oneself).
 */
import type { DomainDeps } from "../deps.ts";
import { myCorrections, staffCorrection, submitCorrection } from "./corrections.ts";
import { answerCorrection, resolveReport } from "./decide.ts";
import { publicListing, staffListing } from "./listings.ts";
import { correctionsQueue, reportsQueue } from "./queues.ts";
import { submitRemoval } from "./removal.ts";
import { staffReport, submitReport } from "./report-listing.ts";
import type { ModerationService } from "./service.ts";
import { setVisibility } from "./visibility.ts";

export type { CorrectionView, ModeratedListing, ModerationService, ReportView } from "./service.ts";

/** Creates the process's moderation service. */
export function createModerationService(deps: DomainDeps): ModerationService {
  return {
    submitReport: (lawyerId, form, meta) => submitReport(deps, { lawyerId, form, meta }),
    submitCorrection: (user, form, meta) => submitCorrection(deps, { user, form, meta }),
    submitRemoval: (lawyerId, form, meta) => submitRemoval(deps, { lawyerId, form, meta }),
    publicListing: (lawyerId) => publicListing(deps, { lawyerId }),
    reportsQueue: (limit) => reportsQueue(deps, { limit }),
    correctionsQueue: (limit) => correctionsQueue(deps, { limit }),
    report: (actor, id) => staffReport(deps, { actor, id }),
    correction: (actor, id) => staffCorrection(deps, { actor, id }),
    listing: (actor, lawyerId) => staffListing(deps, { actor, lawyerId }),
    resolveReport: (actor, id, decision, meta) => resolveReport(deps, { actor, id, decision, ip: meta.ip }),
    answerCorrection: (actor, id, decision, meta) =>
      answerCorrection(deps, { actor, id, decision, ip: meta.ip }),
    setVisibility: (actor, lawyerId, change, meta) =>
      setVisibility(deps, { actor, lawyerId, change, ip: meta.ip }),
    myCorrections: (user) => myCorrections(deps, { user }),
  };
}
