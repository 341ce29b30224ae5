/**
 * What the data-rights use cases (issue 17 §4) are given and share: their dependencies, the texts
 * of their failures, and how an export's owner is matched.
 */
import { eq } from "drizzle-orm";
import { msg } from "../../lib/i18n/message.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { dataExports } from "../db/schema.ts";
import type { Mailer } from "../email/mailer.ts";
import type { Logger } from "../logger.ts";
import type { RateLimits } from "../security/rate-limit.ts";
import type { DocumentStore } from "../storage/index.ts";
import type { ExportSubject } from "./collect.ts";

/** One day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The messages of the data-rights failures (errors catalog, namespace `errors:dataRights`). */
export const DATA_RIGHTS_MESSAGES = {
  exportNotFound: msg("errors:dataRights.exportNotFound"),
  exportTooMany: msg("errors:dataRights.exportTooMany"),
  staffCannotDelete: msg("errors:dataRights.staffCannotDelete"),
  wrongPassword: msg("errors:dataRights.wrongPassword"),
  erasureTooMany: msg("errors:dataRights.erasureTooMany"),
  noPendingDeletion: msg("errors:dataRights.noPendingDeletion"),
};

/** What the data-rights service needs from the process. */
export interface DataRightsDeps {
  db: Db;
  clock: Clock;
  mailer: Pick<Mailer, "send">;
  rateLimits: Pick<RateLimits, "consume">;
  logger: Pick<Logger, "error" | "info">;
  emailLinkOrigin: string;
  /** The services' document store (encrypting when issue 17 §3 is in place). */
  store: DocumentStore;
}

/** The subject's rate-limit key: "user:<id>" or "case:<id>". */
export function subjectKey(subject: ExportSubject): string {
  return subject.kind === "user" ? `user:${subject.userId}` : `case:${subject.caseId}`;
}

/** The condition that a data_exports row belongs to `subject` (its account or its case). */
export function ownerMatches(subject: ExportSubject) {
  return subject.kind === "user"
    ? eq(dataExports.userId, subject.userId)
    : eq(dataExports.caseId, subject.caseId);
}

/**
 * Deletes stored files by key (null keys skipped); a failure is logged by key only and the rest
 * go on (never throws).
 */
export async function deleteKeys(
  store: Pick<DocumentStore, "delete">,
  keys: (string | null)[],
  logger?: Pick<Logger, "error">,
): Promise<void> {
  for (const key of keys) {
    if (!key) continue;
    await store
      .delete(key)
      .catch((error) => logger?.error({ err: error, storageKey: key }, "stored file could not be deleted"));
  }
}
