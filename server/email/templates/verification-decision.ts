/**
 * The lawyer's notice that a moderator decided their verification request (issue 15 §2: "a
 * moderator reviews against the register and approves or rejects with a reason the lawyer sees"),
 * in the lawyer's language (users.locale); sent by server/verification/decide-request.ts.
 */
import type { CheckKind } from "../../../lib/verification.ts";
import { type Locale, type MessageId, translator } from "./catalog.ts";
import { type EmailContent, type RenderedEmail, renderEmail } from "./layout.ts";

/** Who, which checks, the decision, the reason (required for a rejection) and the dashboard link. */
export interface VerificationDecisionParams {
  name: string;
  approved: boolean;
  kinds: readonly CheckKind[];
  reason: string | null;
  /** `${origin}/dashboard/verification` in the lawyer's locale. */
  link: string;
}

/** The notice's content: greeting, the decision on the listed checks, the reason, the link. */
export function verificationDecisionContent(
  p: VerificationDecisionParams,
  locale: Locale = "en",
): EmailContent {
  const t = translator(locale);
  const checks = p.kinds.map((k) => t(`verificationDecision.kinds.${k}` as MessageId)).join(", ");
  const reasonLines = p.reason ? [t("verificationDecision.reason", { reason: p.reason })] : [];
  return {
    subject: t(p.approved ? "verificationDecision.subjectApproved" : "verificationDecision.subjectRejected"),
    blocks: [
      { lines: [t("common.helloName", { name: p.name })] },
      {
        lines: [
          t(p.approved ? "verificationDecision.approved" : "verificationDecision.rejected", { checks }),
          ...reasonLines,
        ],
      },
      { lines: [{ href: p.link, label: t("verificationDecision.button"), button: true }] },
      { lines: [t("common.signature")] },
    ],
  };
}

/** The notice as `{ subject, html, text }`. */
export function verificationDecisionEmail(
  p: VerificationDecisionParams,
  locale: Locale = "en",
): Promise<RenderedEmail> {
  return renderEmail(verificationDecisionContent(p, locale), locale);
}
