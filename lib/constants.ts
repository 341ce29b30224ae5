/**
 * Reference lists and business constants of the product, kept once and imported by the browser,
 * the server and the database migrations (docs/design.md §4). Every list here comes from SPEC.md;
 * the section is named next to each one.
 */

/**
 * Practice areas (spec §3 "Options") and the case form's case types (spec §9 "Case form
 * options"): views of the one taxonomy of issue 19 §3, kept in lib/taxonomy.ts (docs/taxonomy.md).
 */
export { CASE_TYPES, PRACTICE_AREAS, type PracticeArea } from "./taxonomy.ts";

/** Case priorities, lowest first (spec §9). Default is "medium" (spec §3). */
export const CASE_PRIORITIES = ["low", "medium", "high", "urgent"] as const;

/** Preferred communication methods (spec §9). Default is "email" (spec §3). */
export const COMMUNICATION_METHODS = ["email", "phone", "text", "in-person"] as const;

/** Budget ranges (spec §9). */
export const BUDGETS = [
  "Under $1,000",
  "$1,000 - $5,000",
  "$5,000 - $10,000",
  "$10,000 - $25,000",
  "$25,000 - $50,000",
  "$50,000 - $100,000",
  "$100,000+",
  "Contingency Fee Only",
] as const;

/**
 * Case statuses a lawyer moves a case through (issue 4; spec §3 default "pending"). `engaged`
 * (issue 16 §1) is the lawyer's statement that the client instructed them; its date
 * (cases.engaged_at) starts the review window of lib/reviews.ts.
 */
export const CASE_STATUSES = ["pending", "reviewing", "accepted", "engaged", "declined", "closed"] as const;
/** One of CASE_STATUSES. */
export type CaseStatus = (typeof CASE_STATUSES)[number];

/** Contact form categories (spec §9 "Contact and legal"). */
export const CONTACT_CATEGORIES = [
  "General Inquiry",
  "Technical Support",
  "Lawyer Verification",
  "Account Issues",
  "Billing Questions",
  "Partnership Inquiry",
  "Media & Press",
  "Legal Questions",
  "Feedback & Suggestions",
  "Other",
] as const;

/** Response promise in hours per contact priority (spec §9). */
export const CONTACT_RESPONSE_HOURS = { low: 48, medium: 24, high: 12, urgent: 4 } as const;

/** Personality traits rated 1 to 10, default 5 (spec §3). */
export const PERSONALITY_TRAITS = [
  "openness",
  "conscientiousness",
  "extraversion",
  "agreeableness",
  "neuroticism",
  "assertiveness",
  "patience",
  "techSavvy",
] as const;
export type PersonalityTrait = (typeof PERSONALITY_TRAITS)[number];
export const TRAIT_MIN = 1;
export const TRAIT_MAX = 10;
export const TRAIT_DEFAULT = 5;

/** Assessment options (spec §5 "Assessment"). */
export const COMMUNICATION_STYLES = ["direct", "empathetic", "analytical", "collaborative"] as const;
export const APPROACH_STYLES = ["aggressive", "diplomatic", "methodical", "creative"] as const;
export const PRIORITY_FOCUSES = ["speed", "thoroughness", "cost", "results"] as const;
export const CASE_COMPLEXITIES = ["simple", "complex", "uncertain"] as const;
export const TIME_PREFERENCES = ["immediate", "flexible", "planned"] as const;
/** The assessment's case types (spec §5 "Assessment"): a view of lib/taxonomy.ts (issue 19 §3). */
export { ASSESSMENT_CASE_TYPES } from "./taxonomy.ts";
/** Availability levels a lawyer profile carries (spec §3 availabilityLevel; values ours). */
export const AVAILABILITY_LEVELS = ["immediate", "flexible", "planned"] as const;

/** Lawyer verification statuses; only "verified" shows the badge (spec §3). */
export const VERIFICATION_STATUSES = ["verified", "pending", "unverified"] as const;

/**
 * The checks behind a listing (issue 15 §2 "What is checked"): the licence per bar admission
 * against the regulator's register [S16][S20][S22][S27], public discipline [S1][S20][S21],
 * malpractice insurance, education and experience; and (issue 28 §2) each specialist title the
 * listing states (lib/specialist-titles.ts), with the body that conferred it. In display order.
 */
export const CHECK_KINDS = [
  "licence",
  "discipline",
  "insurance",
  "education",
  "experience",
  "specialist_title",
] as const;
/** A check's state (issue 15 §2): only `verified` (and not past its due date) can show a tick. */
export const CHECK_STATUSES = ["unverified", "pending", "verified", "lapsed", "rejected"] as const;
/** How a check was made (issue 15 §2): the regulator's register, a document, or an imported data set. */
export const CHECK_METHODS = ["register_lookup", "document_reviewed", "dataset_import"] as const;
/** A bar admission's standing as the register states it (issue 15 §2 "bar admissions"). */
export const ADMISSION_STATUSES = ["active", "inactive", "suspended", "revoked"] as const;

/**
 * User roles (spec §3, §5): "user" is a client. "moderator" and "admin" are staff (issue 15 §1):
 * never self-chosen, given only by `npm run staff:create` (server/staff/staff-cli.ts).
 */
export const USER_ROLES = ["user", "lawyer", "moderator", "admin"] as const;
/** The roles a person may choose at sign-up, on the page and in the API (spec §5; issue 15 §1). */
export const SIGNUP_ROLES = ["user", "lawyer"] as const;
/** States of a contact-form message in the staff inbox (issue 15 §1). */
export const CONTACT_MESSAGE_STATUSES = ["new", "handled"] as const;
/** Staff roles (issue 15 §1): they sign in with a second factor and may open /admin. */
export const STAFF_ROLES = ["moderator", "admin"] as const;
export const SUBSCRIPTION_TIERS = ["free", "premium"] as const;
export const SUBSCRIPTION_STATUSES = ["inactive", "active", "canceled", "past_due"] as const;

/** Search listing constants (spec §9 "Listing"). */
export const PAGE_SIZES = [6, 12, 24, 48] as const;
export const DEFAULT_PAGE_SIZE = 12;
/**
 * The result window (issue 18 §1 "deep pages must not walk an OFFSET"): only the first 10,000
 * matches of a search can be paged through (`page * pageSize` at most this), like
 * Elasticsearch's `index.max_result_window`. A deeper page answers 400 (`page: …`) from the API
 * and the browse page says to narrow the search; every OFFSET the database walks is therefore
 * under 10,000 rows. docs/search.md "Paging", docs/spec-deviations.md.
 */
export const MAX_RESULT_WINDOW = 10_000;
export const SORT_OPTIONS = [
  { value: "relevance", label: "Relevance" },
  { value: "rating", label: "Highest Rated" },
  { value: "experience", label: "Most Experienced" },
  { value: "reviews", label: "Most Reviews" },
  { value: "name", label: "Name (A-Z)" },
  { value: "location", label: "Location" },
  /** Issue 16 §3: fastest median first response first, listings without figures last, then id. */
  { value: "response", label: "Response time" },
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number]["value"];
export const SORT_VALUES = SORT_OPTIONS.map((o) => o.value) as [SortOption, ...SortOption[]];

/** Filter sliders (spec §5 "Filter sliders"). */
export const EXPERIENCE_MAX = 30;
export const RATING_MAX = 5;
export const RATING_STEP = 0.5;

/** Search timing and limits (spec §9). */
export const FILTER_DEBOUNCE_MS = 300;
export const SCROLL_TO_RESULTS_DELAY_MS = 100;
export const SUGGESTION_MIN_LENGTH = 3; // "longer than 2 characters"
export const MAX_SUGGESTIONS = 3;
export const MAX_QUERY_LENGTH = 200;

/** The ten fixed suggestion phrases (spec §9 "Suggestions"). */
export const SUGGESTION_PHRASES = [
  "car accident lawyers",
  "medical malpractice attorneys",
  "personal injury lawyers",
  "workplace injury attorneys",
  "slip and fall lawyers",
  "product liability attorneys",
  "motorcycle accident lawyers",
  "wrongful death attorneys",
  "dog bite lawyers",
  "birth injury attorneys",
] as const;

/**
 * Support contact details (spec §2 "Static pages"; placeholders per the spec's {email}/{phone}).
 * The phones are fictional New York 555-01XX lines, valid numbers stored as E.164 like every
 * phone (issue 14 §2); pages show them per visitor (app/i18n/phone.server.ts supportPhones).
 */
export const SUPPORT = {
  general: "info@lexatlas.example",
  support: "support@lexatlas.example",
  privacy: "privacy@lexatlas.example",
  legal: "legal@lexatlas.example",
  phone: "+12125550100",
  emergencyPhone: "+12125550199",
  address: "350 Fifth Avenue, New York, NY 10118, USA",
} as const;

/** Premium price in US cents per month (spec §9). */
export const PREMIUM_PRICE_CENTS = 2999;
/**
 * Shortest password of a client or lawyer account, in characters (Unicode code points): 10
 * (issue 27 §2; NIST SP 800-63B §5.1.1.2 sets 8 as the floor and a blocklist instead of
 * composition rules). The spec's 6 is too short for accounts that hold health data:
 * docs/spec-deviations.md #63.
 */
export const MIN_PASSWORD_LENGTH = 10;
/** Shortest password of a staff account (moderator, admin), in characters: 12 (issue 27 §2). */
export const MIN_STAFF_PASSWORD_LENGTH = 12;
