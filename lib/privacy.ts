/**
 * Privacy by design (issue 17): the numbers and names every part shares — the case form's consent,
 * the two-stage intake, the retention job, the data-rights routes and the privacy policy page,
 * which is generated from these same values (and the configured overrides in server/config.ts), so
 * the policy and the code cannot drift. Sources: GDPR Art. 5(1)(e) storage limitation, Art. 9(2)(a)
 * explicit consent for health data, Art. 15/17/20 access, erasure and portability, Art. 28
 * processors; ABA Model Rule 1.18 duties to prospective clients; see
 * ../shared/research/trust-and-regulation.md.
 */
import { readJsonCookie } from "./cookies.ts";

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
 * were sent, the review signals (keyed hashes of IP addresses, networks and device cookies; issue
 * 27 §2) this long after they were recorded: 90 days, the review checks look back 30
 * (lib/reviews.ts REVIEW_SIGNAL_WINDOW_DAYS) and a review opens 14 days after engagement. Analytics
 * rows are aggregated per day and hold no personal data.
 */
export const RETENTION_DEFAULTS = {
  unacceptedCaseDays: 183,
  closedCaseDocumentDays: 365,
  contactMessageDays: 365,
  reviewSignalDays: 90,
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

/**
 * The processors that receive personal data on our behalf (issue 17 §1; GDPR Art. 13(1)(e)
 * "recipients", Art. 28 processors). The privacy policy lists exactly these, each with what it
 * receives and why (catalog `privacy:processors.<id>.*`); the configured details (the SMTP relay's
 * host, the bucket's endpoint, whether ads are on) come from server/config.ts through the policy
 * page's loader. Add a processor here and the policy page and its test follow.
 */
export const PROCESSORS = [
  {
    /** Card payments for the premium subscription (server/billing, issue 6). */
    id: "payments",
    name: "Stripe",
  },
  {
    /**
     * The ad network (app/features/billing/AdSlot.tsx): its script loads only after the visitor
     * accepts the "ads" cookie category, and never for premium subscribers.
     */
    id: "ads",
    name: "Google AdSense",
  },
  {
    /** Every email the product sends (server/email): the configured SMTP relay (SMTP_URL). */
    id: "email",
    name: "SMTP",
  },
  {
    /**
     * Case documents and verification proofs (server/storage): DATA_DIR/uploads or the configured
     * S3-compatible bucket, each file encrypted at rest with AES-256-GCM (issue 17 §3).
     */
    id: "storage",
    name: "S3",
  },
] as const;
/** One of PROCESSORS' ids. */
export type ProcessorId = (typeof PROCESSORS)[number]["id"];

/**
 * The cookie categories of the consent banner (ePrivacy Directive 2002/58/EC Art. 5(3): storing or
 * reading information on a visitor's device needs consent unless strictly necessary for the
 * service they asked for). `necessary` is always on and cannot be refused; `ads` is the ad
 * network's (only offered to visitors who can see network ads: not premium, AD_PUBLISHER_ID set).
 */
export const COOKIE_CATEGORIES = ["necessary", "ads"] as const;
/** One of COOKIE_CATEGORIES. */
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number];

/** The review checks' device cookie (issue 27 §2; server/security/device-cookie.ts): random, HttpOnly, Secure. */
export const DEVICE_COOKIE = "__Host-lexatlas_device";
/** Days the device cookie lasts (a year: a lawyer's sign-ins and a client's review are months apart at most). */
export const DEVICE_COOKIE_DAYS = 365;

/** The cookie vanilla-cookieconsent writes with the visitor's choice (JSON: `categories`, `revision`, …). */
export const CONSENT_COOKIE = "cc_cookie";
/** Days the consent choice is kept before we ask again (EDPB 05/2020 §§ on renewing consent; CNIL: 6 months). */
export const CONSENT_COOKIE_DAYS = 182;
/** Bump to ask every visitor again (e.g. a new cookie category): older choices are then invalid. */
export const CONSENT_REVISION = 1;

/**
 * Every cookie the product sets or lets a third party set (the cookie audit of issue 17 §1), with
 * its category, lifetime and purpose (catalog `privacy:cookies.<id>`); the privacy policy and the
 * preferences dialog list these. Names with `<id>` stand for a family (one per case).
 * Strictly necessary (no consent needed, ePrivacy Art. 5(3) second sentence):
 * - session: keeps a signed-in person signed in (HttpOnly, Secure, 30 days);
 * - locale: the language the visitor chose in the switcher (set only by that explicit choice);
 * - timeZone: the browser's time zone name only (no identifier), so times are shown in the
 *   visitor's zone — a user-interface setting (Art. 29 WP Opinion 04/2012 §3.6);
 * - caseTracking: the private access to one's own case opened from the emailed link;
 * - caseSent: 15 minutes, shows the just-sent case summary again on reload instead of sending twice;
 * - device: a random identifier of the browser, set only when someone signs up, signs in, sends a
 *   case or writes a review, so the review checks can tell a lawyer reviewing their own listing
 *   from another browser (issue 27 §2; fraud prevention, a security purpose the person's request
 *   needs: Art. 29 WP Opinion 04/2012 §3.3 "user-centric security"); stored only as a keyed hash;
 * - consent: the visitor's cookie choice itself.
 * With consent only (`ads`): Google AdSense's first-party cookies; its third-party cookies on
 * Google's domains come with its script, which loads only after consent.
 * Not set at all: no analytics cookie — lawyer analytics count visitors by a daily-rotated keyed
 * hash, server side (docs/ARCHITECTURE.md "Analytics").
 */
export const COOKIES = [
  { id: "session", name: "__Host-lexatlas_session", category: "necessary", days: 30 },
  { id: "locale", name: "lexatlas_locale", category: "necessary", days: 365 },
  { id: "timeZone", name: "lexatlas_tz", category: "necessary", days: 365 },
  { id: "caseTracking", name: "lexatlas_case_<id>", category: "necessary", days: 365 },
  { id: "caseSent", name: "lexatlas_case_sent", category: "necessary", days: 0 },
  { id: "device", name: DEVICE_COOKIE, category: "necessary", days: DEVICE_COOKIE_DAYS },
  { id: "consent", name: CONSENT_COOKIE, category: "necessary", days: CONSENT_COOKIE_DAYS },
  { id: "adsense", name: "__gads, __gpi, __eoi", category: "ads", days: 395 },
] as const satisfies readonly { id: string; name: string; category: CookieCategory; days: number }[];

/**
 * The categories a consent cookie's value (`cc_cookie`, URI-encoded JSON as vanilla-cookieconsent
 * writes it) accepts, or null when there is no valid choice (absent, malformed, older revision).
 * Read by the server (root loader: does this visitor get network ads?) and by tests.
 */
export function consentedCategories(cookieHeader: string | null | undefined): string[] | null {
  const value = readJsonCookie(cookieHeader, CONSENT_COOKIE);
  const { categories, revision } = (value ?? {}) as { categories?: unknown; revision?: unknown };
  if (!Array.isArray(categories) || revision !== CONSENT_REVISION) return null;
  return categories.filter((c): c is string => typeof c === "string");
}

/** Whether the request's consent cookie accepts `category` (never without a valid choice). */
export function hasConsent(cookieHeader: string | null | undefined, category: CookieCategory): boolean {
  return consentedCategories(cookieHeader)?.includes(category) ?? false;
}

/**
 * The retention periods in force: RETENTION_DEFAULTS with each configured override (whole days;
 * server/config.ts RETENTION_* variables). The retention job (server/privacy/retention.ts) and
 * the privacy policy page both use this, so the page states the numbers the job applies.
 */
export function effectiveRetention(
  overrides: Partial<Record<keyof RetentionPolicy, number | undefined>>,
): RetentionPolicy {
  return {
    unacceptedCaseDays: overrides.unacceptedCaseDays ?? RETENTION_DEFAULTS.unacceptedCaseDays,
    closedCaseDocumentDays: overrides.closedCaseDocumentDays ?? RETENTION_DEFAULTS.closedCaseDocumentDays,
    contactMessageDays: overrides.contactMessageDays ?? RETENTION_DEFAULTS.contactMessageDays,
    reviewSignalDays: overrides.reviewSignalDays ?? RETENTION_DEFAULTS.reviewSignalDays,
  };
}

/**
 * What the privacy policy page states about this deployment (issue 17 §1), built by its loader
 * from the configuration: the retention in force, and each processor's configured details.
 */
export interface PolicyFacts {
  retention: RetentionPolicy;
  erasureGraceDays: number;
  exportAvailableDays: number;
  /** Card payments go to Stripe (STRIPE_SECRET_KEY set); false: the local test provider, nothing leaves. */
  paymentsLive: boolean;
  /** The ad network is configured (AD_PUBLISHER_ID); it still loads only after consent, never for premium. */
  adsConfigured: boolean;
  /** Host of the configured SMTP relay (no credentials), or null: emails stay in DATA_DIR/outbox. */
  smtpHost: string | null;
  /** Host of the S3-compatible bucket's endpoint, or null: documents on the server's local disk. */
  storageHost: string | null;
}
