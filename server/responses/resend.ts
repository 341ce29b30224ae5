/**
 * Sending an unanswered case to another lawyer (issue 16 §3: "at 24 h without answer the client
 * is told and offered to send the same case (with its documents, with consent) to another lawyer
 * of their choice in one click"; spec §1 "lawyers respond within 24 hours").
 *
 * Rules (POST /api/cases/{id}/resend and the case page's form):
 * - Only the case's client (its account, or the holder of its tracking token). The case's lawyer
 *   gets 403; anyone else and unknown ids 404 (server/cases/index.ts "Authorisation").
 * - `healthDataConsent` must be true (issue 17 §1/§2, GDPR Art. 9(2)(a)): the client explicitly
 *   agrees that LexAtlas processes the health information of the case to send it, with their
 *   contact details and documents, to the chosen lawyer (a new recipient); else 400 on
 *   `healthDataConsent`. The new case stores its own case_consents row.
 * - Issue 17 §2 "A declined or unanswered case can be sent by the client to another lawyer": a
 *   case its lawyer declined (at any time), or one neither accepted nor declined and at least
 *   RESPONSE_DEADLINE_HOURS old, or (issue 28 §4) one not accepted whose listing nobody manages
 *   (server/listings/managed.ts: nobody can answer it yet); else 409 (accepted, or too early).
 * - The chosen listing must exist and not be hidden (else 404 on `lawyerId`), must not be the
 *   case's own lawyer and must not already have a copy of this case (409).
 * - Limited with the case submissions' per-IP limit (`case-ip`, 429): a re-send is a new case.
 *
 * Effect: a new case for the chosen listing with the same fields, language and client account,
 * `resent_from_case_id` = the original, its own tracking token, and COPIES of the documents under
 * new private keys (server/storage; the original's files stay with the original case). The new
 * lawyer is emailed as for any new case and the client gets the new case's link (with its tracking
 * token when the case has no account). The original case is left as it is (its lawyer may still
 * answer; it keeps counting as unanswered in that lawyer's response figures).
 */
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { msg } from "../../lib/i18n/message.ts";
import { RESPONSE_DEADLINE_HOURS } from "../../lib/response-times.ts";
import { casesDepsOf } from "../cases/context.ts";
import type { CaseViewer } from "../cases/service.ts";
import { announceCase, insertCase } from "../cases/submit-case.ts";
import { caseDocuments, cases } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { consumeLimit } from "../security/rate-limit.ts";
import { hashToken, newToken } from "../security/tokens.ts";
import { type DocumentStore, randomKey, readAll } from "../storage/index.ts";

/** Texts of the re-send's errors (catalog namespace `errors`, key `responses.*`). */
export const RESEND_MESSAGES = {
  notFound: msg("errors:cases.notFound"),
  lawyerNotFound: msg("errors:cases.lawyerNotFound"),
  clientOnly: msg("errors:responses.clientOnly"),
  consent: msg("validation:case.healthDataConsent"),
  tooEarly: msg("errors:responses.tooEarly", { hours: RESPONSE_DEADLINE_HOURS }),
  answered: msg("errors:responses.answered"),
  sameLawyer: msg("errors:responses.sameLawyer"),
  alreadySent: msg("errors:responses.alreadySent"),
  tooMany: msg("errors:cases.tooManyCases"),
} as const;

/** Whether a case may be re-sent now, for the case page (the notice and the form). */
export interface ResendOffer {
  /**
   * True when the case was declined, or is unanswered and at least RESPONSE_DEADLINE_HOURS old
   * (issue 17 §2), or is not accepted and its listing nobody manages (issue 28 §4).
   */
  open: boolean;
  /** Listings that already received a copy of this case (ids), to leave out of the choice. */
  sentTo: number[];
}

/** The new case of a re-send: its id, listing, and the link the client opens it with. */
export interface ResendResult {
  caseId: string;
  lawyerId: number;
  lawyerName: string;
  /** `/cases/{id}` for a client account, `/cases/{id}?token=…` for a tracking-link client. */
  caseUrl: string;
  /** The new case's tracking token (for the page to set its cookie). */
  trackingToken: string;
}

/** The re-send service (see the module's rules). */
export interface ResendService {
  /**
   * Whether case `caseId` is a copy re-sent from an unanswered case (shown to both parties on the
   * case page). The caller has checked that the viewer is a party; false for an unknown id.
   */
  isCopy(caseId: string): Promise<boolean>;
  /** Whether the viewer (the case's client) is offered the re-send; null when not the case's client. */
  offer(caseId: string, viewer: CaseViewer): Promise<ResendOffer | null>;
  /**
   * Re-sends case `caseId` to listing `lawyerId`. Throws NotFoundError (404), ForbiddenError (403
   * for its lawyer), ValidationError (400 consent), ConflictError (409), RateLimitedError (429).
   */
  resend(
    caseId: string,
    viewer: CaseViewer,
    input: { lawyerId: number; healthDataConsent: boolean },
    ip: string,
  ): Promise<ResendResult>;
}

/** Creates the re-send service over `deps` (and the encrypting document store of its config unless given). */
export function createResendService(deps: DomainDeps, store?: DocumentStore): ResendService {
  const caseDeps = casesDepsOf(deps, store);
  const { db, clock, rateLimits, logger, documents } = caseDeps;
  const { loadCase, roleOf, listingOf } = caseDeps.reads;

  const isLate = (createdAt: Date) =>
    clock.now().getTime() - createdAt.getTime() >= RESPONSE_DEADLINE_HOURS * 3_600_000;

  /**
   * Issue 17 §2: declined, or neither accepted nor declined within RESPONSE_DEADLINE_HOURS; issue
   * 28 §4: or not accepted while its listing is one nobody manages (nobody can answer it yet, so
   * the client need not wait).
   */
  const isOpen = async (row: {
    lawyerId: number;
    acceptedAt: Date | null;
    declinedAt: Date | null;
    createdAt: Date;
  }) =>
    row.acceptedAt === null &&
    (row.declinedAt !== null || isLate(row.createdAt) || (await listingOf(row.lawyerId))?.managed !== true);

  const copiesOf = async (caseId: string) =>
    (await db.select({ lawyerId: cases.lawyerId }).from(cases).where(eq(cases.resentFromCaseId, caseId))).map(
      (r) => r.lawyerId,
    );

  return {
    async isCopy(caseId) {
      const row = await loadCase(caseId);
      return Boolean(row?.resentFromCaseId);
    },

    async offer(caseId, viewer) {
      const row = await loadCase(caseId);
      if (!row || (await roleOf(row, viewer)) !== "client") return null;
      const open = await isOpen(row);
      return { open, sentTo: await copiesOf(row.id) };
    },

    async resend(caseId, viewer, input, ip) {
      const row = await loadCase(caseId);
      const role = row ? await roleOf(row, viewer) : null;
      if (!row || !role) throw new NotFoundError(RESEND_MESSAGES.notFound);
      if (role !== "client") throw new ForbiddenError(RESEND_MESSAGES.clientOnly);
      if (input.healthDataConsent !== true)
        throw new ValidationError(RESEND_MESSAGES.consent, "healthDataConsent");
      if (row.acceptedAt !== null) throw new ConflictError(RESEND_MESSAGES.answered);
      if (!(await isOpen(row))) throw new ConflictError(RESEND_MESSAGES.tooEarly);
      const listing = await listingOf(input.lawyerId);
      if (!listing || listing.hidden) throw new NotFoundError(RESEND_MESSAGES.lawyerNotFound, "lawyerId");
      if (listing.id === row.lawyerId) throw new ConflictError(RESEND_MESSAGES.sameLawyer, "lawyerId");
      if ((await copiesOf(row.id)).includes(listing.id))
        throw new ConflictError(RESEND_MESSAGES.alreadySent, "lawyerId");
      await consumeLimit(rateLimits, "case-ip", ip, RESEND_MESSAGES.tooMany);

      // Copy the documents under new keys first (a failure stores nothing and deletes the copies).
      const originals = await db.select().from(caseDocuments).where(eq(caseDocuments.caseId, row.id));
      const copied: { key: string; doc: (typeof originals)[number] }[] = [];
      const tmp = await documents.tempDir();
      try {
        for (const doc of originals) {
          const object = await documents.get(doc.fileUrl);
          if (!object) {
            logger.error({ caseId: row.id, documentId: doc.id }, "a case document is missing from the store");
            continue;
          }
          const key = randomKey();
          const file = path.join(tmp, `${key}.resend`);
          await writeFile(file, await readAll(object));
          try {
            await documents.putFile(key, file, doc.fileType);
          } finally {
            await rm(file, { force: true });
          }
          copied.push({ key, doc });
        }
        // Every case has a tracking token (as at submission); the link carries it unless the
        // client is signed in to the account that owns the case.
        const token = newToken();
        const signedIn = row.userId !== null && viewer.user?.id === row.userId;
        const created = await db.transaction(async (tx) => {
          // Issue 27 §2: a re-sent case is a new case: it starts where the state machine does;
          // issue 17 §1: the consent given for this new recipient is stored with it.
          const inserted = await insertCase(tx, {
            lawyerId: listing.id,
            userId: row.userId,
            trackingTokenHash: hashToken(token),
            content: row,
            locale: row.locale,
            resentFromCaseId: row.id,
            documents: copied.map(({ key, doc }) => ({
              fileName: doc.fileName,
              fileType: doc.fileType,
              fileSize: doc.fileSize,
              fileUrl: key,
            })),
            at: clock.now(),
          });
          // Two requests racing for the same lawyer: only one copy survives.
          const { rows } = await tx.execute<{ n: number }>(
            sql`SELECT count(*)::int AS n FROM cases WHERE resent_from_case_id = ${row.id} AND lawyer_id = ${listing.id}`,
          );
          if (Number(rows[0]?.n ?? 0) > 1) throw new ConflictError(RESEND_MESSAGES.alreadySent, "lawyerId");
          return inserted;
        });
        const caseUrl = signedIn ? `/cases/${created.id}` : `/cases/${created.id}?token=${token}`;
        announceCase(caseDeps, {
          row: created,
          listing,
          clientHasAccount: row.userId !== null,
          trackingToken: token,
        });
        return {
          caseId: created.id,
          lawyerId: listing.id,
          lawyerName: listing.name,
          caseUrl,
          trackingToken: token,
        };
      } catch (err) {
        await Promise.all(
          copied.map(({ key }) =>
            documents
              .delete(key)
              .catch((e) => logger.error({ err: e, key }, "could not delete a copied document")),
          ),
        );
        throw err;
      }
    },
  };
}
