/**
 * Adding or editing a bar admission from the dashboard (issue 15 §2 "they enter admissions"). A
 * new admission gets an `unverified` licence check; an edit of its regulator or number resets
 * that check to `unverified` (what was verified was this number at this regulator), an edit of
 * the year admitted makes a verified experience check stale, and an admission a pending request
 * covers keeps what the moderator is looking up. Audited and recomputed in one transaction.
 */
import { and, eq, sql } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { recordAudit } from "../audit/index.ts";
import type { Db } from "../db/client.ts";
import { barAdmissions, verificationChecks, verificationRequests } from "../db/schema.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { recomputeVerification } from "./recompute.ts";
import { AdmissionInputSchema, actorOf, listingOf, validationOf } from "./request-input.ts";
import { VERIFICATION_MESSAGES, type VerificationDeps } from "./service.ts";

/** An admission's columns as the form sets them. */
interface AdmissionValues {
  countryCode: string;
  region: string | null;
  regulator: string;
  licenceNumber: string;
  yearAdmitted: number | null;
}

/**
 * Adds an admission (with an `unverified` licence check) or edits the owner's own one (input
 * `admissionId`); answers its id. Counts 'verification-user' after validation.
 * @throws ForbiddenError no listing, NotFoundError another listing's admission, ConflictError an
 * admission under review whose identity changes, ValidationError, RateLimitedError
 */
export async function saveAdmission(
  deps: Pick<VerificationDeps, "db" | "clock" | "rateLimits">,
  input: { user: PublicUser; form: unknown; ip: string },
): Promise<number> {
  const { db, clock, rateLimits } = deps;
  const { user, ip } = input;
  const lawyerId = listingOf(user);
  const parsed = AdmissionInputSchema.safeParse(input.form);
  if (!parsed.success) throw validationOf(parsed.error);
  await rateLimits.consume("verification-user", user.id);
  const v = parsed.data;
  const at = clock.now();
  return db.transaction(async (tx) => {
    const values: AdmissionValues = {
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
        ip,
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
    const licenceBefore = changedIdentity
      ? await resetLicenceCheck(tx, { lawyerId, admissionId: before.id, values, at })
      : null;
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
      ip,
      at,
    });
    await recomputeVerification(tx, lawyerId, clock);
    return before.id;
  });
}

/**
 * Issue 15 §2: what was verified was this number at this regulator; a new one is not. Sets the
 * admission's licence check back to `unverified` (or adds one) and answers its status before.
 */
async function resetLicenceCheck(
  tx: Pick<Db, "select" | "update" | "insert">,
  p: { lawyerId: number; admissionId: number; values: AdmissionValues; at: Date },
): Promise<string | null> {
  const [check] = await tx
    .select({ id: verificationChecks.id, status: verificationChecks.status })
    .from(verificationChecks)
    .where(and(eq(verificationChecks.admissionId, p.admissionId), eq(verificationChecks.kind, "licence")));
  if (check)
    await tx
      .update(verificationChecks)
      .set({
        status: "unverified",
        method: null,
        source: p.values.regulator,
        sourceUrl: null,
        checkedOn: null,
        checkedBy: null,
        nextCheckDue: null,
        demo: false,
        updatedAt: p.at,
      })
      .where(eq(verificationChecks.id, check.id));
  else
    await tx.insert(verificationChecks).values({
      lawyerId: p.lawyerId,
      admissionId: p.admissionId,
      kind: "licence",
      status: "unverified",
      source: p.values.regulator,
    });
  return check?.status ?? null;
}
