/**
 * Privacy by design (issue 17): the numbers and names every part shares — the case form's consent,
 * the two-stage intake, the retention job, the data-rights routes and the privacy policy page,
 * which is generated from these same values (and the configured overrides in server/config.ts), so
 * the policy and the code cannot drift. Sources: GDPR Art. 5(1)(e) storage limitation, Art. 9(2)(a)
 * explicit consent for health data, Art. 15/17/20 access, erasure and portability, Art. 28
 * processors; ABA Model Rule 1.18 duties to prospective clients; see
 * ../shared/research/trust-and-regulation.md.
 */

/**
 * Version of the health-data consent text on the case form (issue 17 §1). Bump it whenever the
 * text (catalog key `cases:consent.healthData`) changes in meaning: each stored consent names the
 * version its person agreed to.
 */
export const HEALTH_DATA_CONSENT_VERSION = "2026-11-27";
/** The purposes a case consent can be given for (stored in case_consents.purpose). */
export const CONSENT_PURPOSES = ["health_data"] as const;
/** One of CONSENT_PURPOSES. */
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * Default retention periods in days (issue 17 §5), each overridable by configuration
 * (server/config.ts): cases a lawyer never accepted are deleted this long after submission,
 * documents of closed cases this long after closing, contact-form messages this long after they
 * were sent. Analytics rows are aggregated per day and hold no personal data.
 */
export const RETENTION_DEFAULTS = {
  unacceptedCaseDays: 183,
  closedCaseDocumentDays: 365,
  contactMessageDays: 365,
} as const;
/** The retention periods in force: RETENTION_DEFAULTS with any configured override. */
export type RetentionPolicy = { [K in keyof typeof RETENTION_DEFAULTS]: number };

/** Days between an account deletion request and the deletion itself (issue 17 §4); cancellable until then. */
export const ERASURE_GRACE_DAYS = 7;
/** Days a data export built in the background stays available for download (issue 17 §4). */
export const EXPORT_AVAILABLE_DAYS = 7;

/**
 * Over this many documents an account's data export is built in the background and emailed when
 * ready instead of streamed at once (issue 17 §4 "generated in the background for large accounts").
 */
export const EXPORT_INLINE_MAX_DOCUMENTS = 20;
/** Over this many bytes of documents an export is built in the background (50 MB; issue 17 §4). */
export const EXPORT_INLINE_MAX_BYTES = 50 * 1024 * 1024;
/** Version of the data export's data.json schema (docs/data-export.md); bump on any change of shape. */
export const EXPORT_SCHEMA_VERSION = 1;
/** What replaces a client's name, email and phone in a case kept for a lawyer's records after erasure (issue 17 §4). */
export const ERASED_PLACEHOLDER = "[erased]";
