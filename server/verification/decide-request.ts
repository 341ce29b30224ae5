/**
 * A moderator's decision on a verification request (issue 15 §2 "a moderator reviews against the
 * register and approves or rejects with a reason the lawyer sees"). Every check the request is
 * about (check-targets.ts) is verified (approved-check.ts) or rejected, the request closed,
 * audited and recomputed in one transaction; then the lawyer is emailed in the listing's first
 * language the site speaks (issue 28 §2).
 */
import { eq } from "drizzle-orm";
import { isStaffRole, type PublicUser } from "../../lib/account.ts";
import { listingLocale, localizePath } from "../../lib/i18n/locales.ts";
import { isIntegerId } from "../../lib/ids.ts";
import { type CheckKind, isoDay } from "../../lib/verification.ts";
import { recordAudit } from "../audit/index.ts";
import { barAdmissions, lawyers, users, verificationChecks, verificationRequests } from "../db/schema.ts";
import { verificationDecisionEmail } from "../email/templates/index.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { approvedCheck, type CheckColumns } from "./approved-check.ts";
import { findCheck, labelOf, targetsOf, titlesOf } from "./check-targets.ts";
import { recomputeVerification } from "./recompute.ts";
import { actorOf, DecisionInputSchema, validationOf } from "./request-input.ts";
import { VERIFICATION_MESSAGES, type VerificationDeps } from "./service.ts";

/**
 * Approves or rejects pending request `id` (staff only; a reason is required to reject; a
 * register lookup of a licence or specialist title needs the register entry's URL). Audited
 * (verification.approved / verification.rejected, each check before → after), recomputed, the
 * lawyer emailed (notifyDecision). Counts 'staff-write' after validation.
 * @throws ForbiddenError not staff, NotFoundError unknown id, ValidationError (form, no reason,
 * no register URL, decided already), RateLimitedError
 */
export async function decideRequest(
  deps: Pick<VerificationDeps, "db" | "clock" | "mailer" | "rateLimits" | "logger" | "emailLinkOrigin">,
  input: { actor: PublicUser; id: number; form: unknown; ip: string },
): Promise<void> {
  const { db, clock, rateLimits } = deps;
  const { actor, id, ip } = input;
  if (!isStaffRole(actor.role)) throw new ForbiddenError(VERIFICATION_MESSAGES.notStaff);
  if (!isIntegerId(id)) throw new NotFoundError(VERIFICATION_MESSAGES.requestNotFound);
  const parsed = DecisionInputSchema.safeParse(input.form);
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
      ip,
      at,
    });
    await recomputeVerification(tx, request.lawyerId, clock);
    return { lawyerId: request.lawyerId, kinds };
  });
  await notifyDecision(deps, {
    requestId: id,
    lawyerId: outcome.lawyerId,
    kinds: outcome.kinds,
    approved: v.decision === "approve",
    reason: v.reason ?? null,
  });
}

/**
 * The lawyer's notice of a decision, in the listing's first language the site speaks (issue 28
 * §2), with a link to /dashboard/verification; sent without waiting (a failure to send is logged
 * by the mailer, not thrown). A listing without an owner account is logged.
 */
export async function notifyDecision(
  deps: Pick<VerificationDeps, "db" | "mailer" | "logger" | "emailLinkOrigin">,
  input: {
    requestId: number;
    lawyerId: number;
    kinds: CheckKind[];
    approved: boolean;
    reason: string | null;
  },
): Promise<void> {
  const [owner] = await deps.db
    .select({
      email: users.email,
      locale: users.locale,
      firstName: users.firstName,
      languages: lawyers.languages,
    })
    .from(users)
    .innerJoin(lawyers, eq(lawyers.id, users.lawyerId))
    .where(eq(users.lawyerId, input.lawyerId))
    .limit(1);
  if (!owner) {
    deps.logger.info(
      { requestId: input.requestId },
      "verification decided for a listing without an owner account",
    );
    return;
  }
  const locale = listingLocale(owner.languages, owner.locale);
  deps.mailer.sendLater(
    verificationDecisionEmail(
      {
        name: owner.firstName,
        approved: input.approved,
        kinds: input.kinds,
        reason: input.reason,
        link: `${deps.emailLinkOrigin}${localizePath("/dashboard/verification", locale)}`,
      },
      locale,
    ).then((mail) => ({ to: owner.email, ...mail })),
  );
}
