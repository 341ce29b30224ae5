/**
 * Data rights (issue 17 §4): export and erasure.
 *
 * - Export (GDPR Art. 15 access, Art. 20 portability): export-data.ts — the zip at once when
 *   small, else built in the background, emailed when ready, kept EXPORT_AVAILABLE_DAYS.
 * - Erasure (Art. 17): request-erasure.ts schedules (password re-checked) and cancels the deletion
 *   ERASURE_GRACE_DAYS ahead by the injectable clock; erase-account.ts erases as
 *   docs/data-rights.md states, run by the daily job (server/daily-jobs.ts).
 *
 * Each use case is an exported function taking (deps, input); context.ts holds DataRightsDeps and
 * what they share. This file only binds them to their dependencies. Both paths read and delete
 * stored files through the services' document store (issue 17 §3's encrypting wrapper when
 * present) and delete cases only through server/cases/delete.ts.
 */
import type { PublicUser } from "../../lib/account.ts";
import type { Locale } from "../../lib/i18n/locales.ts";
import type { ExportSubject } from "./collect.ts";
import type { DataRightsDeps } from "./context.ts";
import {
  type ExportJobs,
  type ExportStart,
  type ExportState,
  exportState,
  latestExport,
  startExport,
} from "./export-data.ts";
import { cancelErasure, type PendingErasure, pendingErasure, requestErasure } from "./request-erasure.ts";

export type { ExportSubject } from "./collect.ts";
export { DATA_RIGHTS_MESSAGES, type DataRightsDeps } from "./context.ts";
export { type DataRightsJobSummary, eraseAccount, runDataRightsJob } from "./erase-account.ts";
export { EXPORT_BUILD_ORPHANED_MS, type ExportStart, type ExportState } from "./export-data.ts";
export type { PendingErasure } from "./request-erasure.ts";

/** The data-rights domain (issue 17 §4) as the API and pages use it. */
export interface DataRightsService {
  /**
   * Starts the export of `subject`: the zip at once when small, else a background build (202).
   * `locale` is the language of the ready email. Counts 'export-user' per subject (5 an hour).
   * @throws RateLimitedError 429; NotFoundError when the subject is gone
   */
  startExport(subject: ExportSubject, locale: Locale): Promise<ExportStart>;
  /**
   * A background export of `subject`: its status while building or failed, its zip when ready.
   * @throws NotFoundError another subject's, expired or unknown id
   */
  exportState(id: string, subject: ExportSubject): Promise<ExportState>;
  /** The latest unexpired background export of a subject, for the dashboard's state. */
  latestExport(
    subject: ExportSubject,
  ): Promise<{ id: string; status: string; expiresAt: string | null } | null>;
  /**
   * Schedules the deletion of `user`'s account at now + ERASURE_GRACE_DAYS after checking
   * `password` (re-authentication), emails the confirmation. Asking again keeps the first date.
   * @throws ForbiddenError staff; ValidationError wrong password (field `password`); RateLimitedError
   */
  requestErasure(user: PublicUser, password: string): Promise<PendingErasure>;
  /** Cancels `user`'s pending deletion. @throws NotFoundError when none is pending; RateLimitedError */
  cancelErasure(user: PublicUser): Promise<void>;
  /** `userId`'s pending deletion, or null. */
  pendingErasure(userId: string): Promise<PendingErasure | null>;
  /** Waits for background export builds started by this process (tests, shutdown). */
  settle(): Promise<void>;
}

/** Creates the data-rights service over `deps`. */
export function createDataRightsService(deps: DataRightsDeps): DataRightsService {
  const jobs: ExportJobs = new Set();
  return {
    startExport: (subject, locale) => startExport({ ...deps, jobs }, { subject, locale }),
    exportState: (id, subject) => exportState(deps, { id, subject }),
    latestExport: (subject) => latestExport(deps, subject),
    requestErasure: (user, password) => requestErasure(deps, { user, password }),
    cancelErasure: (user) => cancelErasure(deps, user),
    pendingErasure: (userId) => pendingErasure(deps, userId),
    async settle() {
      while (jobs.size > 0) await Promise.allSettled([...jobs]);
    },
  };
}
