/**
 * Verification requests (issue 15 §2 "Lawyers request verification from their dashboard: they
 * enter admissions and upload proof (kept private, like case documents); a moderator reviews
 * against the register and approves or rejects with a reason the lawyer sees"). The lawyer's side
 * (their admissions, checks and requests; add/edit an admission; send a request with proof files;
 * a statement on a public disciplinary record), the moderator's side (the `verification` queue,
 * one request with its proofs, approve or reject) and the proofs' authorised download.
 *
 * Rules: every change of a check goes through recomputeVerification (recompute.ts, the only writer
 * of the `verified` cache) in the same transaction and writes recordAudit (before → after,
 * reason). Approve stamps method, source, checkedOn (the injectable clock's day), checkedBy (the
 * moderator) and nextCheckDue (licence and discipline +1 year, the registers' yearly renewal
 * [S16][S20][S27]; a specialist title likewise, issue 28 §2; insurance at its expiry; education
 * and experience none). A specialist-title request covers every title the listing states (one
 * check each, matched by title and issuing body; lib/specialist-titles.ts). Reject needs a
 * reason, which the lawyer sees on the dashboard and by email in their locale (users.locale).
 * Proofs are PDF, JPEG or PNG up to CASE_DOCUMENT_MAX_BYTES each, stored through server/storage
 * under random keys; only the listing's owner and staff (second factor passed) download them,
 * everyone else gets null (404: no hint that the id exists).
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { isStaffRole, type PublicUser } from "../../lib/account.ts";
import { CASE_DOCUMENT_TYPES } from "../../lib/cases.ts";
import { CHECK_KINDS } from "../../lib/constants.ts";
import { listingLocale, localizePath } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import { isIntegerId, MAX_INTEGER_ID } from "../../lib/ids.ts";
import { nullRecord } from "../../lib/input-boundary.ts";
import {
  type SpecialistTitle,
  sameSpecialistTitle,
  specialistTitlesOf,
} from "../../lib/specialist-titles.ts";
import { type CheckKind, type CheckStatus, isoDay } from "../../lib/verification.ts";
import { recordAudit } from "../audit/index.ts";
import { CASE_UPLOAD_MESSAGES, type CaseForm, discardStaged, readCaseRequest } from "../cases/intake.ts";
import type { StagedDocument } from "../cases/service.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import {
  barAdmissions,
  type CheckDetails,
  disciplinaryRecords,
  lawyers,
  users,
  verificationChecks,
  verificationProofs,
  verificationRequests,
} from "../db/schema.ts";
import type { Mailer } from "../email/mailer.ts";
import { verificationDecisionEmail } from "../email/templates/index.ts";
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
} from "../errors.ts";
import type { Logger } from "../logger.ts";
import type { RateLimits } from "../security/rate-limit.ts";
import { regulatorFor } from "../seed/demo-regulators.ts";
import type { QueueItem, QueueProvider } from "../staff/service.ts";
import { recordDownload } from "../storage/downloads.ts";
import { type DocumentStore, randomKey } from "../storage/index.ts";
import { recomputeVerification } from "./recompute.ts";

/** Proof types accepted (issue 15 §2 task: PDF, JPEG or PNG; the type is read from the content). */
export const PROOF_TYPES = ["pdf", "jpg", "png"] as const;

/** What the services give this module. */
export interface VerificationDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  rateLimits: RateLimits;
  logger: Logger;
  store: DocumentStore;
  emailLinkOrigin: string;
}

/** One admission as its owner and staff see it, with its licence check's state. */
export interface AdmissionView {
  id: number;
  countryCode: string;
  region: string | null;
  regulator: string;
  licenceNumber: string;
  yearAdmitted: number | null;
  status: string;
  licenceStatus: CheckStatus;
}

/** One check as its owner and staff see it. */
export interface CheckView {
  id: number;
  kind: CheckKind;
  admissionId: number | null;
  status: CheckStatus;
  method: string | null;
  source: string | null;
  sourceUrl: string | null;
  checkedOn: string | null;
  nextCheckDue: string | null;
  details: CheckDetails | null;
}

/** One proof file (never its storage key). */
export interface ProofView {
  id: string;
  fileName: string;
  fileType: string;
  fileSize: number;
}

/** One request with its decision and proofs. */
export interface RequestView {
  id: number;
  lawyerId: number;
  kinds: CheckKind[];
  admissionIds: number[];
  details: CheckDetails | null;
  note: string | null;
  status: "pending" | "approved" | "rejected";
  decisionReason: string | null;
  decidedAt: string | null;
  createdAt: string;
  proofs: ProofView[];
}

/** A public disciplinary record with its id, for the lawyer's statement form. */
export interface DisciplineView {
  id: number;
  date: string;
  outcome: string;
  regulator: string;
  sourceUrl: string | null;
  lawyerStatement: string | null;
}

/** The dashboard's verification page: the listing's admissions, checks, discipline and requests. */
export interface OwnerVerificationView {
  lawyerId: number;
  listingName: string;
  admissions: AdmissionView[];
  checks: CheckView[];
  discipline: DisciplineView[];
  requests: RequestView[];
}

/** What the moderator's screen shows: the request, the listing and its owner's locale. */
export interface StaffRequestView extends OwnerVerificationView {
  request: RequestView;
  ownerEmail: string | null;
  /** Per admission id, the regulator's public register search page when known (server/seed/demo-regulators.ts). */
  registers: Record<number, string | null>;
}

/** A proof to download. */
export interface ProofDownload {
  fileName: string;
  mediaType: string;
  size: number;
  body: import("node:stream").Readable;
}

/** Messages (catalog references) of this module's errors. */
export const VERIFICATION_MESSAGES = {
  noListing: msg("errors:verification.noListing"),
  admissionNotFound: msg("errors:verification.admissionNotFound"),
  admissionUnderReview: msg("errors:verification.admissionUnderReview"),
  requestNotFound: msg("errors:verification.requestNotFound"),
  alreadyDecided: msg("errors:verification.alreadyDecided"),
  pickKind: msg("errors:verification.pickKind"),
  needAdmission: msg("errors:verification.needAdmission"),
  needProof: msg("errors:verification.needProof"),
  reasonRequired: msg("errors:verification.reasonRequired"),
  registerUrlRequired: msg("errors:verification.registerUrlRequired"),
  invalid: msg("errors:verification.invalid"),
  notStaff: msg("errors:verification.notStaff"),
  recordNotFound: msg("errors:verification.recordNotFound"),
  proofNotFound: msg("errors:verification.proofNotFound"),
  /** Issue 28 §2: a specialist-title request for a listing that states no title. */
  needSpecialistTitle: msg("errors:verification.needSpecialistTitle"),
} as const;

const year = z.coerce.number().int().min(1900).max(2100);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: VERIFICATION_MESSAGES.invalid })
    .transform((v) => (v === "" ? null : v))
    .nullable()
    .optional();

/** An admission as the dashboard form sends it. */
export const AdmissionInputSchema = z.object({
  admissionId: z.coerce.number().int().positive().max(MAX_INTEGER_ID).optional(),
  countryCode: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: VERIFICATION_MESSAGES.invalid }),
  region: optionalText(100),
  regulator: z.string().trim().min(2, { message: VERIFICATION_MESSAGES.invalid }).max(255),
  licenceNumber: z.string().trim().min(1, { message: VERIFICATION_MESSAGES.invalid }).max(100),
  yearAdmitted: z.preprocess((v) => (v === "" || v == null ? undefined : v), year.optional()),
});

/** The request form's fields (kinds as a list; the details of the picked kinds). */
export const RequestInputSchema = z.object({
  kinds: z.array(z.enum(CHECK_KINDS)).min(1, { message: VERIFICATION_MESSAGES.pickKind }),
  admissionIds: z.array(z.coerce.number().int().positive()).default([]),
  note: optionalText(2000),
  insuranceCarrier: optionalText(255),
  insuranceCover: optionalText(100),
  insuranceExpiry: z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.iso.date({ message: VERIFICATION_MESSAGES.invalid }).optional(),
  ),
  educationSchool: optionalText(255),
  educationDegree: optionalText(255),
  educationYear: z.preprocess((v) => (v === "" || v == null ? undefined : v), year.optional()),
});

/** The moderator's decision form. */
export const DecisionInputSchema = z.object({
  decision: z.enum(["approve", "reject"]),
  reason: optionalText(2000),
  method: z.enum(["register_lookup", "document_reviewed"]).default("register_lookup"),
  registerUrl: optionalText(500),
});

/** The service; see createVerificationService. */
export interface VerificationService {
  /** The owner's page data, or null for an account without a listing (a client, staff, a new lawyer). */
  ownerView(user: PublicUser): Promise<OwnerVerificationView | null>;
  /**
   * Adds an admission (with an `unverified` licence check) or edits the owner's own one; a change
   * of its regulator or number resets its licence check to `unverified` (audited, recomputed).
   * @throws ForbiddenError no listing, NotFoundError another listing's admission, ValidationError, RateLimitedError
   */
  saveAdmission(user: PublicUser, input: unknown, meta: { ip: string }): Promise<number>;
  /**
   * Counts one request submission of `user` under 'verification-user' before its body (the proof
   * uploads) is read. @throws RateLimitedError past the limit, ForbiddenError no listing
   */
  limitSubmission(user: PublicUser): Promise<void>;
  /** Reads the request form (multipart, `documents` parts) as the case form does. */
  readForm(request: Request, fields: Record<string, string>): Promise<CaseForm>;
  /**
   * Stores a request with its proofs and makes the picked checks `pending` (audited,
   * recomputed). Deletes the staged files in every case.
   * @throws ForbiddenError no listing, ValidationError, UnprocessableError (a DOC/DOCX proof), RateLimitedError
   */
  submitRequest(
    user: PublicUser,
    input: unknown,
    proofs: StagedDocument[],
    meta: { ip: string },
  ): Promise<number>;
  /**
   * Sets the owner's statement on one of their listing's public disciplinary records (audited).
   * @throws ForbiddenError no listing, NotFoundError another listing's record, RateLimitedError
   */
  setDisciplineStatement(
    user: PublicUser,
    recordId: number,
    statement: string,
    meta: { ip: string },
  ): Promise<void>;
  /** The `verification` queue (QueueProvider): pending requests, oldest first. */
  queue: QueueProvider;
  /** One request for the moderator's screen, or null for an unknown id. */
  staffView(id: number): Promise<StaffRequestView | null>;
  /**
   * Approves or rejects a pending request (staff only; a reason is required to reject; a register
   * lookup needs the register entry's URL). Audited, recomputed, the lawyer emailed in their locale.
   * @throws ForbiddenError not staff, NotFoundError, ValidationError, ConflictError-like 409 decided, RateLimitedError
   */
  decide(actor: PublicUser, id: number, input: unknown, meta: { ip: string }): Promise<void>;
  /** A proof for its listing's owner or staff; null for anyone else, an unknown or malformed id. */
  download(user: PublicUser | null, proofId: string): Promise<ProofDownload | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `YYYY-MM-DD` one year after `day`. */
export function plusOneYear(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return isoDay(d);
}

/** The validation error of a zod failure, each message next to its field. */
function validationOf(error: z.ZodError): ValidationError {
  const fields = nullRecord<string>();
  for (const issue of error.issues) {
    const name = String(issue.path[0] ?? "form");
    if (!Object.hasOwn(fields, name))
      fields[name] = issue.message.startsWith("errors:") ? issue.message : VERIFICATION_MESSAGES.invalid;
  }
  const first = Object.values(fields)[0] ?? VERIFICATION_MESSAGES.invalid;
  return new ValidationError(first, fields);
}

/** The verification service over the process's database, clock, mailer, rate limits and store. */
export function createVerificationService(deps: VerificationDeps): VerificationService {
  const { db, clock, mailer, rateLimits, logger, store } = deps;

  const listingOf = (user: PublicUser): number => {
    if (user.role !== "lawyer" || user.lawyerId === null)
      throw new ForbiddenError(VERIFICATION_MESSAGES.noListing);
    return user.lawyerId;
  };

  async function viewOf(lawyerId: number): Promise<OwnerVerificationView | null> {
    const [listing] = await db.select({ name: lawyers.name }).from(lawyers).where(eq(lawyers.id, lawyerId));
    if (!listing) return null;
    const [admissions, checks, records, requests] = await Promise.all([
      db
        .select()
        .from(barAdmissions)
        .where(eq(barAdmissions.lawyerId, lawyerId))
        .orderBy(asc(barAdmissions.id)),
      db
        .select()
        .from(verificationChecks)
        .where(eq(verificationChecks.lawyerId, lawyerId))
        .orderBy(asc(verificationChecks.id)),
      db
        .select()
        .from(disciplinaryRecords)
        .where(eq(disciplinaryRecords.lawyerId, lawyerId))
        .orderBy(asc(disciplinaryRecords.decidedOn)),
      db
        .select()
        .from(verificationRequests)
        .where(eq(verificationRequests.lawyerId, lawyerId))
        .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id))
        .limit(20),
    ]);
    const proofs =
      requests.length === 0
        ? []
        : await db
            .select()
            .from(verificationProofs)
            .where(
              inArray(
                verificationProofs.requestId,
                requests.map((r) => r.id),
              ),
            )
            .orderBy(asc(verificationProofs.uploadedAt));
    const order = (k: string) => CHECK_KINDS.indexOf(k as CheckKind);
    return {
      lawyerId,
      listingName: listing.name,
      admissions: admissions.map((a) => ({
        id: a.id,
        countryCode: a.countryCode,
        region: a.region ?? null,
        regulator: a.regulator,
        licenceNumber: a.licenceNumber,
        yearAdmitted: a.yearAdmitted ?? null,
        status: a.status,
        licenceStatus:
          (checks.find((c) => c.kind === "licence" && c.admissionId === a.id)?.status as CheckStatus) ??
          "unverified",
      })),
      checks: [...checks]
        .sort((a, b) => order(a.kind) - order(b.kind) || a.id - b.id)
        .map((c) => ({
          id: c.id,
          kind: c.kind as CheckKind,
          admissionId: c.admissionId ?? null,
          status: c.status as CheckStatus,
          method: c.method ?? null,
          source: c.source ?? null,
          sourceUrl: c.sourceUrl ?? null,
          checkedOn: c.checkedOn ?? null,
          nextCheckDue: c.nextCheckDue ?? null,
          details: c.details ?? null,
        })),
      discipline: records.map((r) => ({
        id: r.id,
        date: r.decidedOn,
        outcome: r.outcome,
        regulator: r.regulator,
        sourceUrl: r.sourceUrl ?? null,
        lawyerStatement: r.lawyerStatement ?? null,
      })),
      requests: requests.map((r) => ({
        id: r.id,
        lawyerId: r.lawyerId,
        kinds: r.kinds as CheckKind[],
        admissionIds: r.admissionIds,
        details: r.details ?? null,
        note: r.note ?? null,
        status: r.status as RequestView["status"],
        decisionReason: r.decisionReason ?? null,
        decidedAt: r.decidedAt?.toISOString() ?? null,
        createdAt: r.createdAt.toISOString(),
        proofs: proofs
          .filter((p) => p.requestId === r.id)
          .map((p) => ({ id: p.id, fileName: p.fileName, fileType: p.fileType, fileSize: p.fileSize })),
      })),
    };
  }

  const actorOf = (user: PublicUser) => ({ userId: user.id, role: user.role });

  return {
    async ownerView(user) {
      if (user.role !== "lawyer" || user.lawyerId === null) return null;
      return viewOf(user.lawyerId);
    },

    async saveAdmission(user, input, meta) {
      const lawyerId = listingOf(user);
      const parsed = AdmissionInputSchema.safeParse(input);
      if (!parsed.success) throw validationOf(parsed.error);
      await rateLimits.consume("verification-user", user.id);
      const v = parsed.data;
      const at = clock.now();
      return db.transaction(async (tx) => {
        const values = {
          countryCode: v.countryCode,
          region: v.region ?? null,
          regulator: v.regulator,
          licenceNumber: v.licenceNumber,
          yearAdmitted: v.yearAdmitted ?? null,
        };
        if (v.admissionId === undefined) {
          const [row] = await tx
            .insert(barAdmissions)
            .values({ lawyerId, ...values })
            .returning({ id: barAdmissions.id });
          const id = row?.id ?? 0;
          await tx.insert(verificationChecks).values({
            lawyerId,
            admissionId: id,
            kind: "licence",
            status: "unverified",
            source: v.regulator,
          });
          await recordAudit(tx, {
            actor: actorOf(user),
            action: "verification.admission_added",
            subjectType: "listing",
            subjectId: lawyerId,
            after: { admissionId: id, ...values },
            ip: meta.ip,
            at,
          });
          await recomputeVerification(tx, lawyerId, clock);
          return id;
        }
        const [before] = await tx
          .select()
          .from(barAdmissions)
          .where(and(eq(barAdmissions.id, v.admissionId), eq(barAdmissions.lawyerId, lawyerId)));
        if (!before) throw new NotFoundError(VERIFICATION_MESSAGES.admissionNotFound);
        // A moderator approves what the admission holds when they decide: while a pending request
        // covers it, its regulator, number and year stay as the lawyer sent them, so the register
        // entry the moderator looked up is the one that gets verified (security review, issue 15).
        const underReview = await tx
          .select({ id: verificationRequests.id })
          .from(verificationRequests)
          .where(
            and(
              eq(verificationRequests.lawyerId, lawyerId),
              eq(verificationRequests.status, "pending"),
              sql`${before.id} = ANY(${verificationRequests.admissionIds})`,
            ),
          )
          .limit(1);
        if (
          underReview.length > 0 &&
          (before.regulator !== values.regulator ||
            before.licenceNumber !== values.licenceNumber ||
            before.yearAdmitted !== values.yearAdmitted ||
            before.countryCode !== values.countryCode)
        )
          throw new ConflictError(VERIFICATION_MESSAGES.admissionUnderReview);
        await tx
          .update(barAdmissions)
          .set({ ...values, updatedAt: at })
          .where(eq(barAdmissions.id, before.id));
        const changedIdentity =
          before.regulator !== values.regulator || before.licenceNumber !== values.licenceNumber;
        let licenceBefore: string | null = null;
        if (changedIdentity) {
          // Issue 15 §2: what was verified was this number at this regulator; a new one is not.
          const [check] = await tx
            .select({ id: verificationChecks.id, status: verificationChecks.status })
            .from(verificationChecks)
            .where(
              and(eq(verificationChecks.admissionId, before.id), eq(verificationChecks.kind, "licence")),
            );
          licenceBefore = check?.status ?? null;
          if (check)
            await tx
              .update(verificationChecks)
              .set({
                status: "unverified",
                method: null,
                source: values.regulator,
                sourceUrl: null,
                checkedOn: null,
                checkedBy: null,
                nextCheckDue: null,
                demo: false,
                updatedAt: at,
              })
              .where(eq(verificationChecks.id, check.id));
          else
            await tx.insert(verificationChecks).values({
              lawyerId,
              admissionId: before.id,
              kind: "licence",
              status: "unverified",
              source: values.regulator,
            });
        }
        // The experience check compares the years of practice with the year admitted: a new year
        // makes a verified one stale (issue 15 §2 "experience (consistent with the year admitted)").
        let experienceReset = false;
        if (before.yearAdmitted !== values.yearAdmitted) {
          const reset = await tx
            .update(verificationChecks)
            .set({
              status: "unverified",
              method: null,
              checkedOn: null,
              checkedBy: null,
              nextCheckDue: null,
              updatedAt: at,
            })
            .where(
              and(
                eq(verificationChecks.lawyerId, lawyerId),
                eq(verificationChecks.kind, "experience"),
                eq(verificationChecks.status, "verified"),
              ),
            )
            .returning({ id: verificationChecks.id });
          experienceReset = reset.length > 0;
        }
        await recordAudit(tx, {
          actor: actorOf(user),
          action: "verification.admission_updated",
          subjectType: "listing",
          subjectId: lawyerId,
          before: {
            admissionId: before.id,
            countryCode: before.countryCode,
            region: before.region,
            regulator: before.regulator,
            licenceNumber: before.licenceNumber,
            yearAdmitted: before.yearAdmitted,
            ...(changedIdentity ? { licenceStatus: licenceBefore } : {}),
          },
          after: {
            admissionId: before.id,
            ...values,
            ...(changedIdentity ? { licenceStatus: "unverified" } : {}),
            ...(experienceReset ? { experienceStatus: "unverified" } : {}),
          },
          ip: meta.ip,
          at,
        });
        await recomputeVerification(tx, lawyerId, clock);
        return before.id;
      });
    },

    async limitSubmission(user) {
      listingOf(user);
      await rateLimits.consume("verification-user", user.id);
    },

    async readForm(request, fields) {
      return readCaseRequest(request, await store.tempDir(), fields);
    },

    async submitRequest(user, input, staged, meta) {
      const stored: string[] = [];
      try {
        const lawyerId = listingOf(user);
        const parsed = RequestInputSchema.safeParse(input);
        if (!parsed.success) throw validationOf(parsed.error);
        const v = parsed.data;
        for (const doc of staged)
          if (!(PROOF_TYPES as readonly string[]).includes(doc.fileType))
            throw new UnprocessableError(CASE_UPLOAD_MESSAGES.badType(doc.fileName), "documents");
        if (staged.length === 0) throw new ValidationError(VERIFICATION_MESSAGES.needProof, "documents");
        const admissions = await db
          .select()
          .from(barAdmissions)
          .where(eq(barAdmissions.lawyerId, lawyerId))
          .orderBy(asc(barAdmissions.id));
        let admissionIds: number[] = [];
        if (v.kinds.includes("licence")) {
          admissionIds = v.admissionIds.length > 0 ? v.admissionIds : admissions.map((a) => a.id);
          if (admissionIds.length === 0 || admissionIds.some((id) => !admissions.some((a) => a.id === id)))
            throw new ValidationError(VERIFICATION_MESSAGES.needAdmission, "admissionIds");
        }
        const titles = await titlesOf(db, lawyerId);
        if (v.kinds.includes("specialist_title") && titles.length === 0)
          throw new ValidationError(VERIFICATION_MESSAGES.needSpecialistTitle, "kinds");
        const fieldErrors: Record<string, string> = {};
        if (v.kinds.includes("insurance")) {
          if (!v.insuranceCarrier) fieldErrors.insuranceCarrier = VERIFICATION_MESSAGES.invalid;
          if (!v.insuranceCover) fieldErrors.insuranceCover = VERIFICATION_MESSAGES.invalid;
          if (!v.insuranceExpiry) fieldErrors.insuranceExpiry = VERIFICATION_MESSAGES.invalid;
        }
        if (v.kinds.includes("education")) {
          if (!v.educationSchool) fieldErrors.educationSchool = VERIFICATION_MESSAGES.invalid;
          if (!v.educationDegree) fieldErrors.educationDegree = VERIFICATION_MESSAGES.invalid;
          if (!v.educationYear) fieldErrors.educationYear = VERIFICATION_MESSAGES.invalid;
        }
        if (Object.keys(fieldErrors).length > 0)
          throw new ValidationError(VERIFICATION_MESSAGES.invalid, fieldErrors);
        const details: CheckDetails = {};
        if (v.kinds.includes("insurance"))
          Object.assign(details, {
            carrier: v.insuranceCarrier ?? null,
            cover: v.insuranceCover ?? null,
            expiry: v.insuranceExpiry ?? null,
          });
        if (v.kinds.includes("education"))
          Object.assign(details, {
            school: v.educationSchool ?? null,
            degree: v.educationDegree ?? null,
            year: v.educationYear ?? null,
          });
        const files: (StagedDocument & { key: string })[] = [];
        for (const doc of staged) {
          const key = randomKey();
          await store.putFile(key, doc.tempPath, doc.mediaType);
          stored.push(key);
          files.push({ ...doc, key });
        }
        const at = clock.now();
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(verificationRequests)
            .values({
              lawyerId,
              requestedBy: user.id,
              kinds: v.kinds,
              admissionIds,
              details: Object.keys(details).length > 0 ? details : null,
              note: v.note ?? null,
              createdAt: at,
            })
            .returning({ id: verificationRequests.id });
          const requestId = row?.id ?? 0;
          if (files.length > 0)
            await tx.insert(verificationProofs).values(
              files.map((f) => ({
                requestId,
                lawyerId,
                fileName: f.fileName,
                fileType: f.fileType,
                fileSize: f.size,
                fileKey: f.key,
                uploadedAt: at,
              })),
            );
          const before: Record<string, string | null> = {};
          for (const target of targetsOf(v.kinds, admissionIds, titles)) {
            const found = await findCheck(tx, lawyerId, target);
            before[labelOf(target)] = found?.status ?? null;
            if (found)
              await tx
                .update(verificationChecks)
                .set({ status: "pending", updatedAt: at })
                .where(eq(verificationChecks.id, found.id));
            else
              await tx.insert(verificationChecks).values({
                lawyerId,
                admissionId: target.admissionId,
                kind: target.kind,
                status: "pending",
                ...(target.title ? { source: target.title.issuer, details: titleDetails(target.title) } : {}),
              });
          }
          await recordAudit(tx, {
            actor: actorOf(user),
            action: "verification.requested",
            subjectType: "listing",
            subjectId: lawyerId,
            before,
            after: {
              requestId,
              checks: Object.fromEntries(Object.keys(before).map((k) => [k, "pending"])),
              proofs: files.length,
            },
            reason: v.note ?? null,
            ip: meta.ip,
            at,
          });
          await recomputeVerification(tx, lawyerId, clock);
          return requestId;
        });
        stored.length = 0;
        return id;
      } finally {
        await discardStaged(staged);
        for (const key of stored) await store.delete(key).catch(() => {});
      }
    },

    async setDisciplineStatement(user, recordId, statement, meta) {
      const lawyerId = listingOf(user);
      if (!isIntegerId(recordId)) throw new NotFoundError(VERIFICATION_MESSAGES.recordNotFound);
      const text = statement.trim().slice(0, 2000);
      await rateLimits.consume("verification-user", user.id);
      await db.transaction(async (tx) => {
        const [record] = await tx
          .select()
          .from(disciplinaryRecords)
          .where(and(eq(disciplinaryRecords.id, recordId), eq(disciplinaryRecords.lawyerId, lawyerId)));
        if (!record) throw new NotFoundError(VERIFICATION_MESSAGES.recordNotFound);
        await tx
          .update(disciplinaryRecords)
          .set({ lawyerStatement: text === "" ? null : text, updatedAt: clock.now() })
          .where(eq(disciplinaryRecords.id, record.id));
        await recordAudit(tx, {
          actor: actorOf(user),
          action: "verification.discipline_statement",
          subjectType: "listing",
          subjectId: lawyerId,
          before: { recordId, lawyerStatement: record.lawyerStatement },
          after: { recordId, lawyerStatement: text === "" ? null : text },
          ip: meta.ip,
          at: clock.now(),
        });
      });
    },

    queue: async (limit) => {
      const rows = await db
        .select({
          id: verificationRequests.id,
          lawyerId: verificationRequests.lawyerId,
          name: lawyers.name,
          at: verificationRequests.createdAt,
        })
        .from(verificationRequests)
        .innerJoin(lawyers, eq(lawyers.id, verificationRequests.lawyerId))
        .where(eq(verificationRequests.status, "pending"))
        .orderBy(asc(verificationRequests.createdAt), asc(verificationRequests.id))
        .limit(limit);
      return rows.map(
        (r): QueueItem => ({
          id: String(r.id),
          kind: "verification",
          title: r.name,
          subjectType: "listing",
          subjectId: String(r.lawyerId),
          since: r.at.toISOString(),
          href: `/admin/verification/${r.id}`,
        }),
      );
    },

    async staffView(id) {
      if (!Number.isSafeInteger(id) || id <= 0 || id > 2_147_483_647) return null;
      const [row] = await db
        .select({ lawyerId: verificationRequests.lawyerId })
        .from(verificationRequests)
        .where(eq(verificationRequests.id, id));
      if (!row) return null;
      const view = await viewOf(row.lawyerId);
      const request = view?.requests.find((r) => r.id === id) ?? (await requestById(id, view));
      if (!view || !request) return null;
      const [owner] = await db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.lawyerId, row.lawyerId))
        .limit(1);
      const registers = Object.fromEntries(
        view.admissions.map((a) => [a.id, regulatorFor(a.countryCode, a.region).registerUrl]),
      );
      return { ...view, request, ownerEmail: owner?.email ?? null, registers };
    },

    async decide(actor, id, input, meta) {
      if (!isStaffRole(actor.role)) throw new ForbiddenError(VERIFICATION_MESSAGES.notStaff);
      if (!isIntegerId(id)) throw new NotFoundError(VERIFICATION_MESSAGES.requestNotFound);
      const parsed = DecisionInputSchema.safeParse(input);
      if (!parsed.success) throw validationOf(parsed.error);
      const v = parsed.data;
      if (v.decision === "reject" && !v.reason)
        throw new ValidationError(VERIFICATION_MESSAGES.reasonRequired, "reason");
      if (v.registerUrl && !/^https?:\/\/[^\s]+$/i.test(v.registerUrl))
        throw new ValidationError(VERIFICATION_MESSAGES.invalid, "registerUrl");
      await rateLimits.consume("staff-write", actor.id);
      const at = clock.now();
      const today = isoDay(at);
      const outcome = await db.transaction(async (tx) => {
        const [request] = await tx.select().from(verificationRequests).where(eq(verificationRequests.id, id));
        if (!request) throw new NotFoundError(VERIFICATION_MESSAGES.requestNotFound);
        if (request.status !== "pending") throw new ValidationError(VERIFICATION_MESSAGES.alreadyDecided);
        const kinds = request.kinds as CheckKind[];
        if (
          v.decision === "approve" &&
          (kinds.includes("licence") || kinds.includes("specialist_title")) &&
          v.method === "register_lookup" &&
          !v.registerUrl
        )
          throw new ValidationError(VERIFICATION_MESSAGES.registerUrlRequired, "registerUrl");
        const admissions = await tx
          .select()
          .from(barAdmissions)
          .where(eq(barAdmissions.lawyerId, request.lawyerId));
        const details = request.details ?? {};
        const years = admissions.map((a) => a.yearAdmitted).filter((y): y is number => y !== null);
        const earliestYear = years.length > 0 ? Math.min(...years) : null;
        const before: Record<string, string | null> = {};
        const after: Record<string, string | null> = {};
        const titles = await titlesOf(tx, request.lawyerId);
        for (const target of targetsOf(kinds, request.admissionIds, titles)) {
          const found = await findCheck(tx, request.lawyerId, target);
          const admission = admissions.find((a) => a.id === target.admissionId);
          const regulator = admission?.regulator ?? admissions[0]?.regulator ?? null;
          const label = labelOf(target);
          before[label] = found?.status ?? null;
          const set: CheckColumns =
            v.decision === "reject"
              ? {
                  status: "rejected",
                  method: null,
                  sourceUrl: null,
                  checkedOn: today,
                  checkedBy: actor.id,
                  nextCheckDue: null,
                }
              : approvedCheck(target.kind, {
                  method:
                    target.kind === "licence" ||
                    target.kind === "discipline" ||
                    target.kind === "specialist_title"
                      ? v.method
                      : "document_reviewed",
                  title: target.title,
                  registerUrl: v.registerUrl ?? null,
                  regulator,
                  today,
                  details,
                  // Experience is checked against the earliest admission (issue 15 §2).
                  yearAdmitted: earliestYear,
                  actorId: actor.id,
                });
          after[label] = set.status;
          if (found)
            await tx
              .update(verificationChecks)
              .set({ ...set, demo: false, updatedAt: at })
              .where(eq(verificationChecks.id, found.id));
          else
            await tx.insert(verificationChecks).values({
              lawyerId: request.lawyerId,
              admissionId: target.admissionId,
              kind: target.kind,
              ...set,
            });
        }
        await tx
          .update(verificationRequests)
          .set({
            status: v.decision === "approve" ? "approved" : "rejected",
            decisionReason: v.reason ?? null,
            decidedBy: actor.id,
            decidedAt: at,
          })
          .where(eq(verificationRequests.id, id));
        await recordAudit(tx, {
          actor: actorOf(actor),
          action: v.decision === "approve" ? "verification.approved" : "verification.rejected",
          subjectType: "listing",
          subjectId: request.lawyerId,
          before: { requestId: id, status: "pending", checks: before },
          after: {
            requestId: id,
            status: v.decision === "approve" ? "approved" : "rejected",
            checks: after,
            ...(v.decision === "approve" ? { method: v.method, registerUrl: v.registerUrl ?? null } : {}),
          },
          reason: v.reason ?? null,
          ip: meta.ip,
          at,
        });
        await recomputeVerification(tx, request.lawyerId, clock);
        return { lawyerId: request.lawyerId, kinds };
      });
      // The lawyer's notice, in the listing's first language the site speaks (issue 28 §2); a
      // failure to send is logged, not thrown.
      const [owner] = await db
        .select({
          email: users.email,
          locale: users.locale,
          firstName: users.firstName,
          languages: lawyers.languages,
        })
        .from(users)
        .innerJoin(lawyers, eq(lawyers.id, users.lawyerId))
        .where(eq(users.lawyerId, outcome.lawyerId))
        .limit(1);
      if (owner) {
        const locale = listingLocale(owner.languages, owner.locale);
        mailer.sendLater(
          verificationDecisionEmail(
            {
              name: owner.firstName,
              approved: v.decision === "approve",
              kinds: outcome.kinds,
              reason: v.reason ?? null,
              link: `${deps.emailLinkOrigin}${localizePath("/dashboard/verification", locale)}`,
            },
            locale,
          ).then((mail) => ({ to: owner.email, ...mail })),
        );
      } else logger.info({ requestId: id }, "verification decided for a listing without an owner account");
    },

    async download(user, proofId) {
      if (!user || !UUID.test(proofId)) return null;
      const [proof] = await db
        .select()
        .from(verificationProofs)
        .where(eq(verificationProofs.id, proofId.toLowerCase()));
      if (!proof) return null;
      const owner = user.role === "lawyer" && user.lawyerId === proof.lawyerId;
      if (!owner && !isStaffRole(user.role)) return null;
      // Issue 17 §3: every download writes a log row, so downloads are rate-limited (429).
      await rateLimits.consume("document-download", `user:${user.id}`);
      const object = await store.get(proof.fileKey);
      if (!object) {
        logger.error({ proofId: proof.id }, "a verification proof is missing from the store");
        return null;
      }
      const mediaType =
        CASE_DOCUMENT_TYPES[proof.fileType as keyof typeof CASE_DOCUMENT_TYPES] ?? "application/octet-stream";
      // Issue 17 §3: every download is recorded (the owner lawyer, or staff in the back office).
      await recordDownload(db, {
        proofId: proof.id,
        userId: user.id,
        role: owner ? "lawyer" : "staff",
        at: clock.now(),
      });
      return { fileName: proof.fileName, mediaType, size: object.size, body: object.body };
    },
  };

  async function requestById(id: number, view: OwnerVerificationView | null): Promise<RequestView | null> {
    if (!view) return null;
    const [r] = await db.select().from(verificationRequests).where(eq(verificationRequests.id, id));
    if (!r) return null;
    const proofs = await db.select().from(verificationProofs).where(eq(verificationProofs.requestId, id));
    return {
      id: r.id,
      lawyerId: r.lawyerId,
      kinds: r.kinds as CheckKind[],
      admissionIds: r.admissionIds,
      details: r.details ?? null,
      note: r.note ?? null,
      status: r.status as RequestView["status"],
      decisionReason: r.decisionReason ?? null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
      proofs: proofs.map((p) => ({
        id: p.id,
        fileName: p.fileName,
        fileType: p.fileType,
        fileSize: p.fileSize,
      })),
    };
  }
}

/** One check a request is about: a kind, for the licence its admission, for a specialist title the title. */
interface Target {
  kind: CheckKind;
  admissionId: number | null;
  title?: SpecialistTitle;
}

/** The listing's specialist titles as stored (issue 28 §2). */
async function titlesOf(tx: Pick<Db, "select">, lawyerId: number): Promise<SpecialistTitle[]> {
  const [row] = await tx
    .select({ specialistTitles: lawyers.specialistTitles })
    .from(lawyers)
    .where(eq(lawyers.id, lawyerId));
  return specialistTitlesOf(row?.specialistTitles);
}

/** The details a specialist title's check carries: the title it is about (issue 28 §2). */
function titleDetails(t: SpecialistTitle): CheckDetails {
  return { title: t.title, issuer: t.issuer, area: t.area, since: t.since };
}

/**
 * The checks of `kinds`: one licence check per admission, one per specialist title of `titles`
 * (issue 28 §2), one of each other kind.
 */
function targetsOf(
  kinds: readonly CheckKind[],
  admissionIds: readonly number[],
  titles: readonly SpecialistTitle[] = [],
): Target[] {
  const out: Target[] = [];
  for (const kind of kinds) {
    if (kind === "licence") for (const admissionId of admissionIds) out.push({ kind, admissionId });
    else if (kind === "specialist_title")
      for (const title of titles) out.push({ kind, admissionId: null, title });
    else out.push({ kind, admissionId: null });
  }
  return out;
}

/** The audit label of a target: "licence#12", "specialist_title#Fachanwalt für Verkehrsrecht" or the kind. */
function labelOf(t: Target): string {
  if (t.title) return `${t.kind}#${t.title.title}`;
  return t.admissionId === null ? t.kind : `${t.kind}#${t.admissionId}`;
}

/** The check row of a target (the first by id), or undefined. */
async function findCheck(tx: Pick<Db, "select">, lawyerId: number, t: Target) {
  if (t.kind === "specialist_title" && t.title) {
    const title = t.title;
    const rows = await tx
      .select({
        id: verificationChecks.id,
        status: verificationChecks.status,
        details: verificationChecks.details,
      })
      .from(verificationChecks)
      .where(and(eq(verificationChecks.lawyerId, lawyerId), eq(verificationChecks.kind, "specialist_title")))
      .orderBy(asc(verificationChecks.id));
    const found = rows.find((r) =>
      sameSpecialistTitle(title, {
        title: String(r.details?.title ?? ""),
        issuer: String(r.details?.issuer ?? ""),
      }),
    );
    return found ? { id: found.id, status: found.status } : undefined;
  }
  const where =
    t.kind === "licence" && t.admissionId !== null
      ? and(
          eq(verificationChecks.lawyerId, lawyerId),
          eq(verificationChecks.kind, "licence"),
          eq(verificationChecks.admissionId, t.admissionId),
        )
      : and(eq(verificationChecks.lawyerId, lawyerId), eq(verificationChecks.kind, t.kind));
  const [row] = await tx
    .select({ id: verificationChecks.id, status: verificationChecks.status })
    .from(verificationChecks)
    .where(where)
    .orderBy(asc(verificationChecks.id))
    .limit(1);
  return row;
}

/** The columns a decision writes on a check. */
interface CheckColumns {
  status: CheckStatus;
  method: string | null;
  source?: string | null;
  sourceUrl: string | null;
  checkedOn: string;
  checkedBy: string;
  nextCheckDue: string | null;
  details?: CheckDetails;
}

/**
 * The columns of an approved check (issue 15 §2): licence and discipline by register lookup (the
 * entry's URL) or a reviewed document, due again in a year; insurance a reviewed document due at
 * its expiry, with carrier/cover/expiry; education with school/degree/year; experience from the
 * year admitted; a specialist title (issue 28 §2) with the body that conferred it (the register
 * entry's URL for a register lookup, the certificate otherwise), due again in a year, with the
 * title it is about.
 */
function approvedCheck(
  kind: CheckKind,
  p: {
    method: "register_lookup" | "document_reviewed";
    registerUrl: string | null;
    regulator: string | null;
    today: string;
    details: CheckDetails;
    yearAdmitted: number | null;
    actorId: string;
    title?: SpecialistTitle | undefined;
  },
): CheckColumns {
  const base = { status: "verified" as const, checkedOn: p.today, checkedBy: p.actorId };
  switch (kind) {
    case "licence":
    case "discipline":
      return {
        ...base,
        method: p.method,
        source: p.regulator,
        sourceUrl: p.method === "register_lookup" ? p.registerUrl : null,
        nextCheckDue: plusOneYear(p.today),
      };
    case "insurance":
      return {
        ...base,
        method: "document_reviewed",
        source: typeof p.details.carrier === "string" ? p.details.carrier : null,
        sourceUrl: null,
        nextCheckDue: typeof p.details.expiry === "string" ? p.details.expiry : plusOneYear(p.today),
        details: {
          carrier: p.details.carrier ?? null,
          cover: p.details.cover ?? null,
          expiry: p.details.expiry ?? null,
        },
      };
    case "specialist_title":
      return {
        ...base,
        method: p.method,
        source: p.title?.issuer ?? null,
        sourceUrl: p.method === "register_lookup" ? p.registerUrl : null,
        nextCheckDue: plusOneYear(p.today),
        ...(p.title ? { details: titleDetails(p.title) } : {}),
      };
    case "education":
      return {
        ...base,
        method: "document_reviewed",
        source: typeof p.details.school === "string" ? p.details.school : null,
        sourceUrl: null,
        nextCheckDue: null,
        details: {
          school: p.details.school ?? null,
          degree: p.details.degree ?? null,
          year: p.details.year ?? null,
        },
      };
    default:
      return {
        ...base,
        method: "document_reviewed",
        source: p.regulator,
        sourceUrl: null,
        nextCheckDue: null,
        details: { yearAdmitted: p.yearAdmitted },
      };
  }
}
