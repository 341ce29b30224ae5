/**
 * The privacy policy loader's work (issue 17 §1 "generated from the same configuration the code
 * uses"): what this deployment does, read from the validated configuration — the retention in
 * force (lib/privacy.ts effectiveRetention over the RETENTION_* overrides, as the retention job
 * applies it), and each processor's configured details. Only host names: never a credential.
 */
import {
  ERASURE_GRACE_DAYS,
  EXPORT_AVAILABLE_DAYS,
  effectiveRetention,
  type PolicyFacts,
} from "../../../lib/privacy.ts";
import type { Config } from "../../../server/config.ts";

/** Host of a URL, or null when there is none (or it does not parse). */
function hostOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** The facts the policy states for `config`. */
export function policyFacts(config: Config): PolicyFacts {
  return {
    retention: effectiveRetention({
      unacceptedCaseDays: config.RETENTION_UNACCEPTED_CASE_DAYS,
      closedCaseDocumentDays: config.RETENTION_CLOSED_CASE_DOCUMENT_DAYS,
      contactMessageDays: config.RETENTION_CONTACT_MESSAGE_DAYS,
      reviewSignalDays: config.RETENTION_REVIEW_SIGNAL_DAYS,
    }),
    erasureGraceDays: ERASURE_GRACE_DAYS,
    exportAvailableDays: EXPORT_AVAILABLE_DAYS,
    paymentsLive: Boolean(config.STRIPE_SECRET_KEY),
    adsConfigured: Boolean(config.AD_PUBLISHER_ID),
    smtpHost: hostOf(config.SMTP_URL),
    storageHost: config.S3_BUCKET
      ? (hostOf(config.S3_ENDPOINT) ?? `s3.${config.S3_REGION}.amazonaws.com`)
      : null,
  };
}
