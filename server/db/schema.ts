/**
 * The database schema: every entity of spec §3 with its lengths, defaults and unique constraints,
 * in snake_case columns (docs/design.md §4). `drizzle-kit generate` turns changes here into SQL
 * migrations under ./migrations, which the app applies at start.
 *
 * Reference lists from lib/constants.ts are enforced by CHECK constraints where they are stored.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { CASE_ACCESS_TOKEN_PURPOSES } from "../../lib/cases.ts";
import {
  ADMISSION_STATUSES,
  APPROACH_STYLES,
  ASSESSMENT_CASE_TYPES,
  CASE_COMPLEXITIES,
  CASE_PRIORITIES,
  CASE_STATUSES,
  CHECK_KINDS,
  CHECK_METHODS,
  CHECK_STATUSES,
  COMMUNICATION_METHODS,
  COMMUNICATION_STYLES,
  CONTACT_CATEGORIES,
  CONTACT_MESSAGE_STATUSES,
  PRACTICE_AREAS,
  PRIORITY_FOCUSES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TIERS,
  TIME_PREFERENCES,
  USER_ROLES,
  VERIFICATION_STATUSES,
} from "../../lib/constants.ts";
import type { FeeModel } from "../../lib/fees.ts";
import { GRAMMATICAL_GENDERS } from "../../lib/grammatical-gender.ts";
import { DEFAULT_LOCALE, LOCALES } from "../../lib/i18n/locales.ts";
import { ISO_639_1_CODES, MAX_LANGUAGES } from "../../lib/languages.ts";
import {
  CORRECTION_FIELDS,
  CORRECTION_KINDS,
  CORRECTION_STATUSES,
  HIDDEN_REASONS,
  REPORT_REASONS,
  REPORT_STATUSES,
} from "../../lib/moderation.ts";
import {
  REVIEW_HOLD_REASONS,
  REVIEW_REPORT_REASONS,
  REVIEW_SIGNAL_KINDS,
  REVIEW_STATUSES,
} from "../../lib/reviews.ts";
import type { SpecialistTitle } from "../../lib/specialist-titles.ts";

const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** SQL literal list for a CHECK constraint, e.g. `('a','b')`. */
function sqlList(values: readonly string[]) {
  return sql.raw(`(${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")})`);
}
function sqlArray(values: readonly string[]) {
  return sql.raw(`ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(",")}]::text[]`);
}

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** Eight personality ratings, 1 to 10 (spec §3). */
export type PersonalityTraits = Record<string, number>;

/** Lawyer listing (spec §3 "Lawyer"). Location columns are also used by search and distance. */
export const lawyers = pgTable(
  "lawyers",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 255 }).notNull(),
    firm: varchar("firm", { length: 255 }).notNull().default(""),
    email: varchar("email", { length: 255 }).notNull(),
    phone: varchar("phone", { length: 50 }).notNull().default(""),
    location: varchar("location", { length: 255 }).notNull(),
    country: varchar("country", { length: 100 }).notNull(),
    countryCode: varchar("country_code", { length: 2 }).notNull(),
    state: varchar("state", { length: 100 }),
    city: varchar("city", { length: 100 }).notNull(),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    timeZone: varchar("time_zone", { length: 64 }),
    experience: integer("experience").notNull().default(0),
    rating: numeric("rating", { precision: 3, scale: 2, mode: "number" }).notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    bio: text("bio").notNull().default(""),
    practiceAreas: text("practice_areas").array().notNull().default(sql`'{}'::text[]`),
    /** Languages spoken, ISO 639-1 codes (issue 14 §4); empty when the listing names none. */
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    imageUrl: varchar("image_url", { length: 500 }),
    businessLogo: varchar("business_logo", { length: 500 }),
    businessAddress: varchar("business_address", { length: 500 }),
    website: varchar("website", { length: 500 }),
    googleReviewsUrl: varchar("google_reviews_url", { length: 500 }),
    workingHours: varchar("working_hours", { length: 255 }),
    /**
     * How the listing wants to be spoken about (issue 28 §2; lib/grammatical-gender.ts):
     * "feminine", "masculine" or "neutral"; null when it says nothing (neutral wording).
     */
    grammaticalGender: varchar("grammatical_gender", { length: 16 }),
    /**
     * A cache of the listing's verification checks (issue 15 §2; docs/spec-deviations.md): written
     * only by recomputeVerification (server/verification/recompute.ts) so that search filters on
     * a column. A listing without checks is not verified.
     */
    verified: boolean("verified").notNull().default(false),
    verificationStatus: varchar("verification_status", { length: 20 }).notNull().default("unverified"),
    /** True for the fictional demo listings the seed generates: only they show the demo-data notice. */
    demo: boolean("demo").notNull().default(false),
    /**
     * Hidden by a moderator (issue 15 §3): the profile answers 410 with `hiddenReason` in general
     * terms, and the listing leaves search, the sitemap and matches. Written only by
     * server/moderation (audited, before -> after); a restore clears all three.
     */
    hidden: boolean("hidden").notNull().default(false),
    hiddenReason: varchar("hidden_reason", { length: 30 }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    /**
     * Cached response statistics (issue 16 §3; server/responses/stats.ts is the only writer):
     * median hours from a case's or profile message's arrival to the lawyer's first response over
     * the last RESPONSE_WINDOW_DAYS, the share answered within 24 h, and how many items counted.
     * Both figures are null below RESPONSE_MIN_SAMPLE items. Refreshed by the daily job and when a
     * lawyer first responds; search filters and sorts on the median (lawyers_response_idx).
     */
    medianFirstResponseHours: real("median_first_response_hours"),
    answeredWithin24hShare: real("answered_within_24h_share"),
    responseSampleSize: integer("response_sample_size").notNull().default(0),
    personalityTraits: jsonb("personality_traits").$type<PersonalityTraits>(),
    communicationStyle: varchar("communication_style", { length: 20 }),
    approachStyle: varchar("approach_style", { length: 20 }),
    clientFocus: varchar("client_focus", { length: 20 }),
    availabilityLevel: varchar("availability_level", { length: 20 }),
    caseComplexityPreference: varchar("case_complexity_preference", { length: 20 }),
    /**
     * Fees and first meeting (issue 19 §1; lib/fees.ts FeeTerms): a free first consultation, its
     * length in minutes (null when not free or not said) and the fee models offered as a JSON
     * array of lib/fees.ts FeeModel ({ kind, minPercent, maxPercent, minAmount, maxAmount,
     * currency }), at most one per kind, checked against the country's rule (lib/fee-rules.ts)
     * by the listings service before it is written. Search filters on them (lawyers_fee_models_idx).
     */
    freeConsultation: boolean("free_consultation").notNull().default(false),
    consultationMinutes: integer("consultation_minutes"),
    feeModels: jsonb("fee_models").$type<FeeModel[]>().notNull().default(sql`'[]'::jsonb`),
    /**
     * Specialist titles (issue 28 §2; lib/specialist-titles.ts SpecialistTitle): a JSON array of
     * { title (as conferred, original language), issuer, area (a practice area), since (year) },
     * at most five, checked by parseSpecialistTitles before it is written; each is verified on its
     * own (verification_checks of kind `specialist_title` whose details name the title and issuer).
     */
    specialistTitles: jsonb("specialist_titles")
      .$type<SpecialistTitle[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Weighted full-text document; generated by the database (docs/search.md). */
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`f_lawyer_document(name, firm, practice_areas, city, state, country, bio)`,
    ),
    ...timestamps,
  },
  (t) => [
    index("lawyers_search_vector_idx").using("gin", t.searchVector),
    index("lawyers_practice_areas_idx").using("gin", t.practiceAreas),
    index("lawyers_languages_idx").using("gin", t.languages),
    index("lawyers_country_code_idx").on(t.countryCode),
    index("lawyers_rating_idx").on(t.rating.desc(), t.reviewCount.desc(), t.id),
    index("lawyers_experience_idx").on(t.experience.desc(), t.id),
    index("lawyers_reviews_idx").on(t.reviewCount.desc(), t.id),
    index("lawyers_name_idx").on(t.name, t.id),
    // Issue 16 §3: sort=response (fastest first, nulls last, id) and respondsWithin24h (median <= 24).
    index("lawyers_response_idx").on(t.medianFirstResponseHours.asc().nullsLast(), t.id),
    // City key, country, then the rating order: a city's first page by rating (the default order
    // of a location search) is read from the index without sorting the city's every lawyer
    // (docs/search.md "Performance"; 16 ms -> 0.4 ms for Toronto at 100,000 lawyers).
    index("lawyers_city_idx").on(
      sql`lower(public.f_unaccent(${t.city}))`,
      t.countryCode,
      t.rating.desc(),
      t.reviewCount.desc(),
      t.id,
    ),
    index("lawyers_email_lower_idx").on(sql`lower(${t.email})`),
    // Issue 19 §1: feeModel=<kind> is `fee_models @> '[{"kind":"<kind>"}]'` (containment, GIN).
    index("lawyers_fee_models_idx").using("gin", sql`${t.feeModels} jsonb_path_ops`),
    check("lawyers_rating_range", sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    check("lawyers_experience_range", sql`${t.experience} >= 0 AND ${t.experience} <= 80`),
    check("lawyers_review_count_nonneg", sql`${t.reviewCount} >= 0`),
    check("lawyers_verification_status", sql`${t.verificationStatus} IN ${sqlList(VERIFICATION_STATUSES)}`),
    check("lawyers_practice_areas_known", sql`${t.practiceAreas} <@ ${sqlArray(PRACTICE_AREAS)}`),
    check("lawyers_languages_known", sql`${t.languages} <@ ${sqlArray(ISO_639_1_CODES)}`),
    check(
      "lawyers_hidden_reason",
      sql`${t.hiddenReason} IS NULL OR ${t.hiddenReason} IN ${sqlList(HIDDEN_REASONS)}`,
    ),
    check(
      "lawyers_grammatical_gender",
      sql`${t.grammaticalGender} IS NULL OR ${t.grammaticalGender} IN ${sqlList(GRAMMATICAL_GENDERS)}`,
    ),
    check("lawyers_languages_count", sql`cardinality(${t.languages}) <= ${sql.raw(String(MAX_LANGUAGES))}`),
  ],
);

/** Account of a client ("user") or a lawyer (spec §3 "User"). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: varchar("email", { length: 255 }).notNull().unique(),
    /** argon2id hash, never the password itself. */
    password: varchar("password", { length: 255 }).notNull(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    role: varchar("role", { length: 20 }).notNull().default("user"),
    isVerified: boolean("is_verified").notNull().default(false),
    businessName: varchar("business_name", { length: 255 }),
    businessDescription: text("business_description"),
    businessPhone: varchar("business_phone", { length: 50 }),
    businessAddress: varchar("business_address", { length: 500 }),
    businessWebsite: varchar("business_website", { length: 500 }),
    profileImageUrl: varchar("profile_image_url", { length: 500 }),
    lawyerId: integer("lawyer_id")
      .unique()
      .references(() => lawyers.id, { onDelete: "set null" }),
    stripeCustomerId: varchar("stripe_customer_id", { length: 255 }).unique(),
    stripeSubscriptionId: varchar("stripe_subscription_id", { length: 255 }).unique(),
    subscriptionStatus: varchar("subscription_status", { length: 20 }).notNull().default("inactive"),
    subscriptionTier: varchar("subscription_tier", { length: 20 }).notNull().default("free"),
    subscriptionStartDate: timestamp("subscription_start_date", { withTimezone: true }),
    subscriptionEndDate: timestamp("subscription_end_date", { withTimezone: true }),
    /** The subscription ends at subscriptionEndDate and will not renew (issue 6, cancel at period end). */
    subscriptionCancelAtPeriodEnd: boolean("subscription_cancel_at_period_end").notNull().default(false),
    /**
     * The account's language (issue 14 §1): its emails are written in it. Set at sign-up from
     * the page's locale (or the API request's Accept-Language); one of lib/i18n/locales.ts LOCALES.
     */
    locale: varchar("locale", { length: 10 }).notNull().default(DEFAULT_LOCALE),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    check("users_role", sql`${t.role} IN ${sqlList(USER_ROLES)}`),
    check("users_subscription_tier", sql`${t.subscriptionTier} IN ${sqlList(SUBSCRIPTION_TIERS)}`),
    check("users_subscription_status", sql`${t.subscriptionStatus} IN ${sqlList(SUBSCRIPTION_STATUSES)}`),
    check("users_locale", sql`${t.locale} IN ${sqlList(LOCALES)}`),
  ],
);

/** One-time password reset token; `token` holds the SHA-256 of the emailed secret (spec §3). */
export const passwordResetTokens = pgTable("password_reset_tokens", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: uuid("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  token: varchar("token", { length: 128 }).notNull().unique(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Server-side session; `session_token` holds the SHA-256 of the opaque token (spec §3). */
export const userSessions = pgTable(
  "user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionToken: varchar("session_token", { length: 128 }).notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * When this session passed the second factor (issue 15 §1). A staff account's session
     * without it is pending: usable only on the second-factor page, nowhere else.
     */
    secondFactorAt: timestamp("second_factor_at", { withTimezone: true }),
    /**
     * Signed in with a password that no longer meets the password policy (issue 27 §2): the
     * session may only change the password, read its own account and sign out until it does.
     */
    passwordChangeRequired: boolean("password_change_required").notNull().default(false),
  },
  (t) => [index("user_sessions_user_idx").on(t.userId)],
);

/** Message a visitor sends to a lawyer from the profile (spec §3 "CustomerMessage"). */
export const customerMessages = pgTable(
  "customer_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    customerName: varchar("customer_name", { length: 255 }).notNull(),
    customerEmail: varchar("customer_email", { length: 255 }).notNull(),
    customerPhone: varchar("customer_phone", { length: 50 }),
    subject: varchar("subject", { length: 255 }).notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    /** The language the customer wrote in (issue 14 §1): the lawyer's emailed reply is framed in it. */
    locale: varchar("locale", { length: 10 }).notNull().default(DEFAULT_LOCALE),
    /**
     * The signed-in account that sent it, or null for a visitor (issue 17 §4): the account's export
     * includes it and its erasure deletes it, whatever email was typed.
     */
    senderUserId: uuid("sender_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("customer_messages_lawyer_idx").on(t.lawyerId, t.isRead, t.createdAt),
    index("customer_messages_sender_idx").on(t.senderUserId),
    check("customer_messages_locale", sql`${t.locale} IN ${sqlList(LOCALES)}`),
  ],
);

/** A lawyer's reply to a CustomerMessage (spec §3 "MessageReply"). */
export const messageReplies = pgTable(
  "message_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => customerMessages.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reply: text("reply").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("message_replies_message_idx").on(t.messageId, t.createdAt)],
);

/** Daily profile counters per lawyer (spec §3 "BusinessAnalytics"). */
export const businessAnalytics = pgTable(
  "business_analytics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(0),
    clicks: integer("clicks").notNull().default(0),
    contactClicks: integer("contact_clicks").notNull().default(0),
    /**
     * Issue 19 §5: times the listing was shown on a search results page to a person (bot user
     * agents left out); click-through rate = clicks / impressions.
     */
    impressions: integer("impressions").notNull().default(0),
    date: date("date", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("business_analytics_lawyer_date").on(t.lawyerId, t.date)],
);

/** Answers of one personality assessment (spec §3 "ClientPersonality"). */
export const clientPersonalities = pgTable(
  "client_personalities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: varchar("session_id", { length: 100 }).notNull().unique(),
    /** JSON text of the eight ratings, as the spec's payload sends it. */
    personalityTraits: text("personality_traits").notNull(),
    communicationPreference: varchar("communication_preference", { length: 20 }).notNull(),
    approachPreference: varchar("approach_preference", { length: 20 }).notNull(),
    priorityFocus: varchar("priority_focus", { length: 20 }).notNull(),
    caseType: varchar("case_type", { length: 100 }).notNull(),
    caseComplexity: varchar("case_complexity", { length: 20 }).notNull(),
    timePreference: varchar("time_preference", { length: 20 }).notNull(),
    /** "Where is your case?" (issue 5): ISO 3166-1 alpha-2, or null for anywhere. */
    countryCode: varchar("country_code", { length: 2 }),
    /** Preferred language (issue 14 §4): ISO 639-1, or null for no preference. */
    language: varchar("language", { length: 2 }),
    /** "Where are you?" (issue 19 §2): the town or city as typed, or null. */
    place: varchar("place", { length: 100 }),
    /** The client's position in degrees (issue 19 §2), or null: from the browser or found from `place`. */
    nearLat: doublePrecision("near_lat"),
    nearLng: doublePrecision("near_lng"),
    /**
     * The signed-in account that took the assessment (issue 17 §4), or null for a visitor: lets
     * the account's export include it and its erasure delete it (GDPR Art. 15, 17).
     */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("client_personalities_user_idx").on(t.userId),
    check(
      "client_personalities_communication",
      sql`${t.communicationPreference} IN ${sqlList(COMMUNICATION_STYLES)}`,
    ),
    check("client_personalities_approach", sql`${t.approachPreference} IN ${sqlList(APPROACH_STYLES)}`),
    check("client_personalities_focus", sql`${t.priorityFocus} IN ${sqlList(PRIORITY_FOCUSES)}`),
    check("client_personalities_case_type", sql`${t.caseType} IN ${sqlList(ASSESSMENT_CASE_TYPES)}`),
    check("client_personalities_complexity", sql`${t.caseComplexity} IN ${sqlList(CASE_COMPLEXITIES)}`),
    check("client_personalities_time", sql`${t.timePreference} IN ${sqlList(TIME_PREFERENCES)}`),
    check("client_personalities_country_code", sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check("client_personalities_language", sql`${t.language} IN ${sqlList(ISO_639_1_CODES)}`),
  ],
);

/** A legal case sent to exactly one lawyer (spec §3 "Case"). */
export const cases = pgTable(
  "cases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "restrict" }),
    /** The signed-in client who submitted it, if any (issue 4). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** SHA-256 of the private tracking token emailed to a visitor (issue 4). */
    trackingTokenHash: varchar("tracking_token_hash", { length: 128 }).unique(),
    caseTitle: varchar("case_title", { length: 255 }).notNull(),
    caseType: varchar("case_type", { length: 100 }).notNull(),
    description: text("description").notNull(),
    priority: varchar("priority", { length: 20 }).notNull().default("medium"),
    dateNeeded: varchar("date_needed", { length: 50 }),
    clientName: varchar("client_name", { length: 255 }).notNull(),
    clientEmail: varchar("client_email", { length: 255 }).notNull(),
    clientPhone: varchar("client_phone", { length: 50 }).notNull(),
    preferredCommunication: varchar("preferred_communication", { length: 50 }).notNull().default("email"),
    budget: varchar("budget", { length: 100 }),
    status: varchar("status", { length: 50 }).notNull().default("pending"),
    /**
     * The language the client wrote the case in (issue 14 §1): the client's emails about it are
     * written in it. One of lib/i18n/locales.ts LOCALES.
     */
    locale: varchar("locale", { length: 10 }).notNull().default(DEFAULT_LOCALE),
    /** When the lawyer was reminded of this unanswered case (issue 16 §3, once per case). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    /** When the client was told the lawyer has not answered within 24 h (issue 16 §3, once per case). */
    clientNotifiedAt: timestamp("client_notified_at", { withTimezone: true }),
    /** The unanswered case this one was re-sent from, to another lawyer (issue 16 §3). */
    resentFromCaseId: uuid("resent_from_case_id"),
    /**
     * When the lawyer first marked the case `engaged` (issue 16 §1): starts the review window
     * (lib/reviews.ts REVIEW_MIN_DAYS_AFTER_ENGAGEMENT). Kept when the case is later closed; a
     * case closed without ever being engaged has none and cannot be reviewed.
     */
    engagedAt: timestamp("engaged_at", { withTimezone: true }),
    /**
     * Conflict-check facts of step 1 (issue 17 §2, ABA Model Rule 1.18 and 1.7): the other party
     * (a person or a company; optional), and where and when the incident happened.
     */
    otherParty: varchar("other_party", { length: 255 }),
    incidentDate: date("incident_date", { mode: "string" }),
    incidentPlace: varchar("incident_place", { length: 255 }),
    /**
     * When the lawyer accepted the case for review, confirming no conflict (issue 17 §2): only
     * from then on do the description and the documents open to the lawyer.
     */
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    /** When the lawyer declined the case (issue 17 §2), with the optional reason the client sees. */
    declinedAt: timestamp("declined_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    /**
     * When the case was first closed (issue 17 §5): documents of closed cases are deleted a
     * retention period after it (lib/privacy.ts).
     */
    closedAt: timestamp("closed_at", { withTimezone: true }),
    /** When the retention job deleted the case's documents (issue 17 §5); the case itself stays. */
    documentsPurgedAt: timestamp("documents_purged_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("cases_lawyer_idx").on(t.lawyerId, t.createdAt),
    index("cases_user_idx").on(t.userId, t.createdAt),
    // The response sweep (issue 16 §3) reads only cases whose client has not been told yet.
    index("cases_response_sweep_idx").on(t.createdAt).where(sql`${t.clientNotifiedAt} IS NULL`),
    index("cases_resent_from_idx").on(t.resentFromCaseId),
    check("cases_priority", sql`${t.priority} IN ${sqlList(CASE_PRIORITIES)}`),
    check("cases_status", sql`${t.status} IN ${sqlList(CASE_STATUSES)}`),
    check("cases_locale", sql`${t.locale} IN ${sqlList(LOCALES)}`),
    check(
      "cases_preferred_communication",
      sql`${t.preferredCommunication} IN ${sqlList(COMMUNICATION_METHODS)}`,
    ),
  ],
);

/**
 * An explicit consent given for a case (issue 17 §1, GDPR Art. 9(2)(a) for health data): what
 * it was for, the version of the text the person agreed to, in which language, and when. A case
 * is never sent without its `health_data` consent; a resend to another lawyer records a new one.
 */
export const caseConsents = pgTable(
  "case_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 40 }).notNull(),
    textVersion: varchar("text_version", { length: 40 }).notNull(),
    locale: varchar("locale", { length: 10 }).notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("case_consents_case_idx").on(t.caseId, t.givenAt)],
);

/** A file attached to a case, stored privately (spec §3 "CaseDocument"). */
export const caseDocuments = pgTable(
  "case_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    fileType: varchar("file_type", { length: 50 }).notNull(),
    fileSize: integer("file_size").notNull(),
    /** Storage key (random name), never a public URL. */
    fileUrl: varchar("file_url", { length: 500 }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("case_documents_case_idx").on(t.caseId)],
);

/** A message in a case's thread, written by its client or its lawyer (issue 4 "Tracking and messages"). */
export const caseMessages = pgTable(
  "case_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    /** Which party wrote it: the case's client (signed in or by tracking link) or its lawyer. */
    authorRole: varchar("author_role", { length: 10 }).notNull(),
    /** The account that wrote it, when signed in. */
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("case_messages_case_idx").on(t.caseId, t.createdAt),
    check("case_messages_author_role", sql`${t.authorRole} IN ('client','lawyer')`),
  ],
);

/** One step of a case's status timeline, the first being 'pending' at submission (issue 4). */
export const caseStatusEvents = pgTable(
  "case_status_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 50 }).notNull(),
    changedByUserId: uuid("changed_by_user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("case_status_events_case_idx").on(t.caseId, t.createdAt),
    check("case_status_events_status", sql`${t.status} IN ${sqlList(CASE_STATUSES)}`),
  ],
);

/**
 * A private link to a case minted for one email after the submission (issue 16 §1 review
 * invitation, §3 late notice) to a client without an account: like the tracking token only its
 * SHA-256 is stored; it opens only its own case, until `expires_at` (lib/cases.ts
 * CASE_ACCESS_TOKEN_DAYS). server/cases/access-tokens.ts mints and checks them.
 */
export const caseAccessTokens = pgTable(
  "case_access_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .references(() => cases.id, { onDelete: "cascade" }),
    tokenHash: varchar("token_hash", { length: 128 }).notNull().unique(),
    purpose: varchar("purpose", { length: 20 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("case_access_tokens_case_idx").on(t.caseId, t.expiresAt),
    check("case_access_tokens_purpose", sql`${t.purpose} IN ${sqlList(CASE_ACCESS_TOKEN_PURPOSES)}`),
  ],
);

/** A message sent through the contact page's form (spec §3 "Contact form fields"; issue 4). */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 255 }).notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    phone: varchar("phone", { length: 50 }),
    subject: varchar("subject", { length: 255 }).notNull(),
    category: varchar("category", { length: 50 }).notNull(),
    message: text("message").notNull(),
    priority: varchar("priority", { length: 20 }).notNull().default("medium"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The staff inbox's state (issue 15 §1): "new" until a staff member marks it handled. */
    status: varchar("status", { length: 20 }).notNull().default("new"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    handledBy: uuid("handled_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt),
    index("contact_messages_status_idx").on(t.status, t.createdAt),
    check("contact_messages_status", sql`${t.status} IN ${sqlList(CONTACT_MESSAGE_STATUSES)}`),
    check("contact_messages_category", sql`${t.category} IN ${sqlList(CONTACT_CATEGORIES)}`),
    check("contact_messages_priority", sql`${t.priority} IN ${sqlList(CASE_PRIORITIES)}`),
  ],
);

/** Stripe webhook events already applied, so a redelivered event changes nothing (issue 6). */
export const stripeEvents = pgTable("stripe_events", {
  id: varchar("id", { length: 255 }).primaryKey(),
  type: varchar("type", { length: 100 }).notNull(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A checkout of the local test-payments provider, used when no Stripe key is configured
 * (issue 6; docs/design.md §2 "Payments"). Its id appears in the test checkout page's URL.
 */
export const testCheckoutSessions = pgTable(
  "test_checkout_sessions",
  {
    id: varchar("id", { length: 64 }).primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** open, complete or expired. */
    status: varchar("status", { length: 20 }).notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("test_checkout_sessions_user_idx").on(t.userId),
    check("test_checkout_sessions_status", sql`${t.status} IN ('open','complete','expired')`),
  ],
);

/**
 * Who has already been counted as a profile view of a listing on a day (issue 6: one view per
 * visitor per day). `visitorHash` is a keyed hash of the visitor (never the raw IP).
 */
export const analyticsVisitors = pgTable(
  "analytics_visitors",
  {
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    visitorHash: varchar("visitor_hash", { length: 64 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lawyerId, t.date, t.visitorHash] })],
);

/**
 * The key of the day's visitor hashes (issue 6), shared by every server instance so that a
 * visitor counts once per day across restarts and instances; deleted with the hashes after a day,
 * which makes the old hashes unlinkable to anyone.
 */
export const analyticsKeys = pgTable("analytics_keys", {
  date: date("date", { mode: "string" }).primaryKey(),
  /** 32 random bytes, hex. */
  key: varchar("key", { length: 64 }).notNull(),
});

/**
 * Spelling vocabulary for typo-tolerant search: each distinct word of names, firms, practice
 * areas and places, with a trigram index (docs/search.md). Rebuilt after seeding and imports.
 */
export const searchLexicon = pgTable(
  "search_lexicon",
  {
    word: varchar("word", { length: 100 }).primaryKey(),
    frequency: integer("frequency").notNull().default(1),
  },
  (t) => [index("search_lexicon_trgm_idx").using("gin", sql`${t.word} gin_trgm_ops`)],
);

/** Known places (city, state, country) with their lawyer counts, for location matching (docs/search.md). */
export const searchPlaces = pgTable(
  "search_places",
  {
    id: serial("id").primaryKey(),
    kind: varchar("kind", { length: 10 }).notNull(),
    /** Unaccented lower-case name used for matching. */
    key: varchar("key", { length: 100 }).notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    countryCode: varchar("country_code", { length: 2 }).notNull(),
    lawyerCount: integer("lawyer_count").notNull().default(0),
  },
  (t) => [
    unique("search_places_kind_key_cc").on(t.kind, t.key, t.countryCode),
    index("search_places_trgm_idx").using("gin", sql`${t.key} gin_trgm_ops`),
  ],
);

/**
 * One row holding the directory's data version, bumped by a statement trigger on every write to
 * `lawyers` (migration 0004). Every instance compares it with the version its in-process search
 * copy was built from, so a change made by any process is seen by all (docs/search.md "Caching").
 */
export const searchState = pgTable(
  "search_state",
  {
    id: integer("id").primaryKey().default(1),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("search_state_single_row", sql`${t.id} = 1`)],
);

/**
 * Issue 18 §2 "Several instances": the last day (UTC, of the job's clock) each scheduled job
 * finished, shared by every instance. The daily job runs under a PostgreSQL advisory lock
 * (server/cluster/jobs.ts) and records its day here, so a second instance neither runs it at
 * the same time nor re-runs it later the same day.
 */
export const jobRuns = pgTable("job_runs", {
  name: varchar("name", { length: 64 }).primaryKey(),
  lastDay: date("last_day", { mode: "string" }).notNull(),
  finishedAt: timestamp("finished_at", { withTimezone: true }).notNull(),
});

/**
 * Rate-limit counters shared by every server process (issue 3 "Brute force"). The columns are
 * the ones rate-limiter-flexible's RateLimiterPostgres expects: `expire` is epoch milliseconds.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 255 }).primaryKey(),
    points: integer("points").notNull().default(0),
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [index("rate_limits_expire_idx").on(t.expire)],
);

/**
 * A lawyer account's request to claim the listing whose contact email is its own (issue 3
 * "Lawyer onboarding"). `token` holds the SHA-256 of the emailed secret; single use.
 */
export const listingClaims = pgTable(
  "listing_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    token: varchar("token", { length: 128 }).notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("listing_claims_user_idx").on(t.userId)],
);

/**
 * An emailed link that proves a lawyer account's email address before it may create a listing
 * (issue 3 "Lawyer onboarding"; security review: a listing shows its email, so the address must
 * be the account's). `token` holds the SHA-256 of the emailed secret; single use. `email` is the
 * address the link was sent to: the link proves only that address.
 */
export const emailVerifications = pgTable(
  "email_verifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 255 }).notNull(),
    token: varchar("token", { length: 128 }).notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("email_verifications_user_idx").on(t.userId)],
);

/**
 * A listing's logo, re-encoded on upload (issue 3): kept in the database so that every server
 * instance serves it without shared disk; served at /media/logos/{lawyerId}.
 */
export const lawyerLogos = pgTable("lawyer_logos", {
  lawyerId: integer("lawyer_id")
    .primaryKey()
    .references(() => lawyers.id, { onDelete: "cascade" }),
  content: bytea("content").notNull(),
  contentType: varchar("content_type", { length: 50 }).notNull(),
  byteSize: integer("byte_size").notNull(),
  /** Short content hash, used as the cache-busting version in the logo URL. */
  etag: varchar("etag", { length: 64 }).notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A staff account's TOTP second factor (issue 15 §1). `secret` is the base32 secret encrypted with
 * AES-256-GCM under STAFF_SECRET_KEY (server/staff/secret-box.ts), so a dump of the database alone
 * does not give it. `confirmedAt` is null until the first code proved the enrolment;
 * `lastTimeStep` is the TOTP time step of the last accepted code (a code is accepted once).
 */
export const staffSecondFactors = pgTable("staff_second_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  lastTimeStep: bigint("last_time_step", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A staff account's one-time recovery codes (issue 15 §1): only their SHA-256, each usable once. */
export const staffRecoveryCodes = pgTable(
  "staff_recovery_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 128 }).notNull().unique(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_recovery_codes_user_idx").on(t.userId)],
);

/**
 * The append-only audit log (issue 15 §1): every staff action and every change of a listing's
 * verification, visibility or ownership. Written only by recordAudit (server/audit/index.ts);
 * a trigger (migration 0013) rejects UPDATE, DELETE and TRUNCATE. `actorUserId` has no foreign
 * key on purpose: ON DELETE SET NULL would be an UPDATE, which the trigger refuses, and the row
 * must outlive the account. `actorRole` is the role at the time, or "system" for the command line.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    actorUserId: uuid("actor_user_id"),
    actorRole: varchar("actor_role", { length: 20 }).notNull(),
    action: varchar("action", { length: 64 }).notNull(),
    subjectType: varchar("subject_type", { length: 32 }).notNull(),
    subjectId: varchar("subject_id", { length: 64 }).notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    reason: text("reason"),
    at: timestamp("at", { withTimezone: true }).notNull(),
    ip: varchar("ip", { length: 64 }),
  },
  (t) => [
    index("audit_log_subject_idx").on(t.subjectType, t.subjectId, t.at),
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_idx").on(t.actorUserId, t.at),
  ],
);

/**
 * A lawyer's admission to practise in one jurisdiction (issue 15 §2 "bar admissions"): the
 * country (ISO 3166-1 alpha-2) and region (a US state, a Canadian province, a German
 * Kammerbezirk…), the regulator that keeps the register (State Bar of California, Law Society of
 * Ontario, SRA [S20][S22][S23][S25][S27]), the number on that register, the year admitted and the
 * standing the register gives.
 */
export const barAdmissions = pgTable(
  "bar_admissions",
  {
    id: serial("id").primaryKey(),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    countryCode: varchar("country_code", { length: 2 }).notNull(),
    region: varchar("region", { length: 100 }),
    regulator: varchar("regulator", { length: 255 }).notNull(),
    licenceNumber: varchar("licence_number", { length: 100 }).notNull(),
    yearAdmitted: integer("year_admitted"),
    status: varchar("status", { length: 20 }).notNull().default("active"),
    ...timestamps,
  },
  (t) => [
    index("bar_admissions_lawyer_idx").on(t.lawyerId),
    check("bar_admissions_status", sql`${t.status} IN ${sqlList(ADMISSION_STATUSES)}`),
    check(
      "bar_admissions_year",
      sql`${t.yearAdmitted} IS NULL OR (${t.yearAdmitted} >= 1900 AND ${t.yearAdmitted} <= 2100)`,
    ),
  ],
);

/** What a check found beyond its status (issue 15 §2): insurance carrier/cover/expiry, education school/degree/year… */
export type CheckDetails = Record<string, string | number | boolean | null>;

/**
 * One check of a listing (issue 15 §2 "Five checks"): licence (per admission), discipline,
 * insurance, education, experience; with its status, method, source (the register's name, a
 * reviewed document, a data set) and the register entry's URL, when and by whom it was made, when
 * it must be repeated (licence yearly, insurance at expiry), and `demo` for the seed's made-up
 * records (their source names the real regulator with "(demo record)").
 */
export const verificationChecks = pgTable(
  "verification_checks",
  {
    id: serial("id").primaryKey(),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    admissionId: integer("admission_id").references(() => barAdmissions.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("unverified"),
    method: varchar("method", { length: 30 }),
    source: varchar("source", { length: 255 }),
    sourceUrl: varchar("source_url", { length: 500 }),
    checkedOn: date("checked_on"),
    /** The staff account that made the check; null for imports, the seed and the register import. */
    checkedBy: uuid("checked_by").references(() => users.id, { onDelete: "set null" }),
    nextCheckDue: date("next_check_due"),
    details: jsonb("details").$type<CheckDetails>(),
    demo: boolean("demo").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("verification_checks_lawyer_idx").on(t.lawyerId),
    index("verification_checks_due_idx").on(t.nextCheckDue),
    check("verification_checks_kind", sql`${t.kind} IN ${sqlList(CHECK_KINDS)}`),
    check("verification_checks_status", sql`${t.status} IN ${sqlList(CHECK_STATUSES)}`),
    check("verification_checks_method", sql`${t.method} IS NULL OR ${t.method} IN ${sqlList(CHECK_METHODS)}`),
  ],
);

/**
 * A public disciplinary record from the regulator (issue 15 §2 "discipline"; shown as Avvo and
 * the LSO do [S1][S20][S21]): its date, outcome, regulator and source link, and the lawyer's own
 * statement, shown next to it.
 */
export const disciplinaryRecords = pgTable(
  "disciplinary_records",
  {
    id: serial("id").primaryKey(),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    decidedOn: date("decided_on").notNull(),
    outcome: varchar("outcome", { length: 500 }).notNull(),
    regulator: varchar("regulator", { length: 255 }).notNull(),
    sourceUrl: varchar("source_url", { length: 500 }),
    lawyerStatement: text("lawyer_statement"),
    demo: boolean("demo").notNull().default(false),
    ...timestamps,
  },
  (t) => [index("disciplinary_records_lawyer_idx").on(t.lawyerId)],
);

/** The states of a lawyer's verification request (issue 15 §2): waiting, approved or rejected by a moderator. */
export const VERIFICATION_REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;

/**
 * A lawyer's request to verify checks of their listing (issue 15 §2 "Lawyers request verification
 * from their dashboard"): which checks (`kinds`), for the licence which admissions, the details
 * entered with the proof (insurance carrier/cover/expiry, education school/degree/year), an
 * optional note, and the moderator's decision with the reason the lawyer sees.
 * server/verification/submit-request.ts and decide-request.ts are its only writers.
 */
export const verificationRequests = pgTable(
  "verification_requests",
  {
    id: serial("id").primaryKey(),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    requestedBy: uuid("requested_by").references(() => users.id, { onDelete: "set null" }),
    kinds: text("kinds").array().notNull(),
    admissionIds: integer("admission_ids").array().notNull().default(sql`'{}'::int[]`),
    details: jsonb("details").$type<CheckDetails>(),
    note: text("note"),
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    decisionReason: text("decision_reason"),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("verification_requests_lawyer_idx").on(t.lawyerId, t.createdAt),
    index("verification_requests_status_idx").on(t.status, t.createdAt),
    check("verification_requests_status", sql`${t.status} IN ${sqlList(VERIFICATION_REQUEST_STATUSES)}`),
    check("verification_requests_kinds", sql`${t.kinds} <@ ${sqlArray(CHECK_KINDS)}`),
  ],
);

/**
 * A visitor's report of a listing (issue 15 §3 "Report a listing"): the reason, the details, the
 * optional email the answer goes to (in `locale`), and the moderator's resolution (dismissed, or
 * the listing hidden) with its reason. The `reports` queue lists the open ones, oldest first.
 */
export const listingReports = pgTable(
  "listing_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    reason: varchar("reason", { length: 30 }).notNull(),
    details: text("details").notNull(),
    email: varchar("email", { length: 255 }),
    locale: varchar("locale", { length: 10 }).notNull().default(DEFAULT_LOCALE),
    reporterUserId: uuid("reporter_user_id").references(() => users.id, { onDelete: "set null" }),
    status: varchar("status", { length: 20 }).notNull().default("open"),
    resolution: text("resolution"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listing_reports_status_idx").on(t.status, t.createdAt),
    index("listing_reports_lawyer_idx").on(t.lawyerId),
    check("listing_reports_reason", sql`${t.reason} IN ${sqlList(REPORT_REASONS)}`),
    check("listing_reports_status", sql`${t.status} IN ${sqlList(REPORT_STATUSES)}`),
    check("listing_reports_locale", sql`${t.locale} IN ${sqlList(LOCALES)}`),
  ],
);

/**
 * A proof file of a verification request (issue 15 §2 "upload proof (kept private, like case
 * documents)"): stored through server/storage under a random key, never a public URL; only the
 * listing's owner and staff download it (server/api/verification-proofs.ts).
 */
export const verificationProofs = pgTable(
  "verification_proofs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: integer("request_id")
      .notNull()
      .references(() => verificationRequests.id, { onDelete: "cascade" }),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    fileType: varchar("file_type", { length: 50 }).notNull(),
    fileSize: integer("file_size").notNull(),
    /** Storage key (random name), never a public URL. */
    fileKey: varchar("file_key", { length: 500 }).notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("verification_proofs_request_idx").on(t.requestId)],
);

/**
 * That the reminder of a check's coming due date went out (issue 15 §2 "Ongoing monitoring":
 * "emails the lawyer 30 days before"): one row per check and due date, so the daily job
 * (server/verification/daily.ts) sends it once however often it runs, and again only for a new
 * due date after a re-check. `sentAt` is the job's clock.
 */
export const verificationReminders = pgTable(
  "verification_reminders",
  {
    checkId: integer("check_id")
      .notNull()
      .references(() => verificationChecks.id, { onDelete: "cascade" }),
    dueOn: date("due_on").notNull(),
    sentTo: varchar("sent_to", { length: 255 }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.checkId, t.dueOn] })],
);

/**
 * A correction request (the listing's lawyer, about facts they cannot edit: admissions, the
 * discipline statement) or a removal request (anyone, about an unclaimed listing about them)
 * (issue 15 §3 "Corrections and removal"). The `corrections` queue lists the open ones; the
 * moderator's answer (accepted/declined + reason) is emailed to `email` in `locale`.
 */
export const listingCorrections = pgTable(
  "listing_corrections",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 20 }).notNull(),
    /** For a correction: which facts (admissions, discipline); null for a removal. */
    field: varchar("field", { length: 20 }),
    details: text("details").notNull(),
    email: varchar("email", { length: 255 }).notNull(),
    locale: varchar("locale", { length: 10 }).notNull().default(DEFAULT_LOCALE),
    requesterUserId: uuid("requester_user_id").references(() => users.id, { onDelete: "set null" }),
    status: varchar("status", { length: 20 }).notNull().default("open"),
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("listing_corrections_status_idx").on(t.status, t.createdAt),
    index("listing_corrections_lawyer_idx").on(t.lawyerId),
    check("listing_corrections_kind", sql`${t.kind} IN ${sqlList(CORRECTION_KINDS)}`),
    check(
      "listing_corrections_field",
      sql`${t.field} IS NULL OR ${t.field} IN ${sqlList(CORRECTION_FIELDS)}`,
    ),
    check("listing_corrections_status", sql`${t.status} IN ${sqlList(CORRECTION_STATUSES)}`),
    check("listing_corrections_locale", sql`${t.locale} IN ${sqlList(LOCALES)}`),
  ],
);

/**
 * A client's review of the lawyer of one engagement (issue 16 §1 "Engagement-verified reviews"):
 * at most one per case (unique case_id), written by the case's client at least
 * REVIEW_MIN_DAYS_AFTER_ENGAGEMENT days after `engaged_on`, editable for REVIEW_EDIT_DAYS.
 * Written only by server/reviews, which recomputes lawyers.rating/review_count in the same
 * transaction (the only writer of those caches). `demo` marks the seed's demo reviews.
 * Sources: FTC 16 CFR 465, EU Omnibus 2019/2161, UK DMCC Act 2024.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id")
      .notNull()
      .unique()
      .references(() => cases.id, { onDelete: "cascade" }),
    lawyerId: integer("lawyer_id")
      .notNull()
      .references(() => lawyers.id, { onDelete: "cascade" }),
    /** The client's account, when they wrote it signed in. */
    authorUserId: uuid("author_user_id").references(() => users.id, { onDelete: "set null" }),
    rating: integer("rating").notNull(),
    communication: integer("communication").notNull(),
    responsiveness: integer("responsiveness").notNull(),
    outcome: integer("outcome").notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    text: text("text").notNull(),
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    /** Why it is held (`third_party_personal_data`, `reported`) or was rejected/removed (a policy reason). */
    moderationReason: varchar("moderation_reason", { length: 40 }),
    /**
     * Every reason it was held for a moderator at its last write (issue 27 §2; lib/reviews.ts
     * REVIEW_HOLD_REASONS): contact details, or signals that tie the client to the lawyer. Kept
     * after a moderator publishes, so the screen says why it was held.
     */
    holdReasons: text("hold_reasons").array().notNull().default(sql`'{}'::text[]`),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    moderatedBy: uuid("moderated_by").references(() => users.id, { onDelete: "set null" }),
    /** The lawyer's one public reply. */
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    /** Copy of cases.engaged_at's day: "Verified client — engaged {month year}". */
    engagedOn: date("engaged_on").notNull(),
    demo: boolean("demo").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("reviews_lawyer_idx").on(t.lawyerId, t.status, t.createdAt),
    index("reviews_status_idx").on(t.status, t.createdAt),
    check("reviews_status", sql`${t.status} IN ${sqlList(REVIEW_STATUSES)}`),
    check(
      "reviews_hold_reasons",
      sql`${t.holdReasons} <@ ARRAY[${sql.raw(REVIEW_HOLD_REASONS.map((r) => `'${r}'`).join(","))}]::text[]`,
    ),
    check(
      "reviews_ratings",
      sql`${t.rating} BETWEEN 1 AND 5 AND ${t.communication} BETWEEN 1 AND 5 AND ${t.responsiveness} BETWEEN 1 AND 5 AND ${t.outcome} BETWEEN 1 AND 5`,
    ),
  ],
);

/**
 * What the review checks remember of a sign-up, a sign-in, a case submission or a review (issue
 * 27 §2 "Reviews that can't be gamed"): keyed hashes (HMAC-SHA256 under REVIEW_SIGNAL_KEY,
 * server/reviews/signals.ts) of the client IP, of its network (IPv4 /24, IPv6 /48) and of the
 * browser's device cookie, never the address or the cookie itself. Deleted with the account or
 * the case, and by the retention job after RETENTION_REVIEW_SIGNAL_DAYS (lib/privacy.ts; GDPR
 * Art. 5(1)(c) data minimisation, 5(1)(e) storage limitation).
 */
export const reviewSignals = pgTable(
  "review_signals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** sign_up | sign_in | case_submitted | review_written (lib/reviews.ts REVIEW_SIGNAL_KINDS). */
    kind: varchar("kind", { length: 20 }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    caseId: uuid("case_id").references(() => cases.id, { onDelete: "cascade" }),
    ipHash: varchar("ip_hash", { length: 64 }),
    networkHash: varchar("network_hash", { length: 64 }),
    deviceHash: varchar("device_hash", { length: 64 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("review_signals_user_idx").on(t.userId, t.createdAt),
    index("review_signals_case_idx").on(t.caseId),
    index("review_signals_ip_idx").on(t.ipHash),
    index("review_signals_device_idx").on(t.deviceHash),
    index("review_signals_network_idx").on(t.networkHash, t.createdAt),
    index("review_signals_created_idx").on(t.createdAt),
    check("review_signals_kind", sql`${t.kind} IN ${sqlList(REVIEW_SIGNAL_KINDS)}`),
  ],
);

/** A lawyer's report of a review of their listing (issue 16 §1): goes to the `reviews` queue. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterUserId: uuid("reporter_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: varchar("reason", { length: 40 }).notNull(),
    details: text("details").notNull(),
    /** open until a moderator decides the review; then resolved. */
    status: varchar("status", { length: 20 }).notNull().default("open"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("review_reports_review_idx").on(t.reviewId),
    index("review_reports_status_idx").on(t.status, t.createdAt),
    check("review_reports_reason", sql`${t.reason} IN ${sqlList(REVIEW_REPORT_REASONS)}`),
    check("review_reports_status", sql`${t.status} IN ('open','resolved')`),
  ],
);

/**
 * The wrapped data key of one stored document or proof (issue 17 §3 "a data key per file wrapped
 * by a master key"; GDPR Art. 32(1)(a) encryption of personal data). One row per storage key;
 * the file itself (server/storage/encrypted.ts) holds only a header, the ciphertext and the GCM
 * tag. `wrapped_key` is the 256-bit data key sealed with AES-256-GCM under the master key
 * `master_key_id` (a short hash of the key, never the key): `<iv>.<ciphertext>.<tag>` in base64url.
 * Rotation (server/storage/rotate.ts) rewrites only these rows, never the files.
 * `encrypted_at` is null only while a legacy plaintext object is being encrypted in place.
 */
export const documentKeys = pgTable(
  "document_keys",
  {
    storageKey: varchar("storage_key", { length: 64 }).primaryKey(),
    masterKeyId: varchar("master_key_id", { length: 32 }).notNull(),
    wrappedKey: text("wrapped_key").notNull(),
    encryptedAt: timestamp("encrypted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    rewrappedAt: timestamp("rewrapped_at", { withTimezone: true }),
  },
  (t) => [index("document_keys_master_idx").on(t.masterKeyId)],
);

/**
 * One download of a case document or a verification proof (issue 17 §3 "every download is
 * recorded (who, when) and the client sees the list on the case page"). `downloader_role` is
 * client (signed-in submitter), case_link (the holder of the case's link), lawyer or staff; the
 * user id is null for a case-link visitor. Rows go with the document (cascade).
 */
export const documentDownloads = pgTable(
  "document_downloads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    caseId: uuid("case_id").references(() => cases.id, { onDelete: "cascade" }),
    caseDocumentId: uuid("case_document_id").references(() => caseDocuments.id, { onDelete: "cascade" }),
    proofId: uuid("proof_id").references(() => verificationProofs.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    downloaderRole: varchar("downloader_role", { length: 20 }).notNull(),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("document_downloads_case_idx").on(t.caseId, t.downloadedAt),
    index("document_downloads_proof_idx").on(t.proofId),
    check("document_downloads_role", sql`${t.downloaderRole} IN ('client','case_link','lawyer','staff')`),
    check(
      "document_downloads_target",
      sql`(${t.caseDocumentId} IS NOT NULL AND ${t.caseId} IS NOT NULL) <> (${t.proofId} IS NOT NULL)`,
    ),
  ],
);

/**
 * A data export built in the background (issue 17 §4; GDPR Art. 15 access, Art. 20 portability):
 * for an account (`user_id`) or for one case opened by its case link (`case_id`). `building` until
 * the zip is stored in the document store under `storage_key`, then `ready` until `expires_at`
 * (lib/privacy.ts EXPORT_AVAILABLE_DAYS), when the daily job deletes the file and the row;
 * `failed` when the build failed (the person may ask again). `email` is where "ready" was sent.
 */
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    caseId: uuid("case_id").references(() => cases.id, { onDelete: "cascade" }),
    status: varchar("status", { length: 20 }).notNull().default("building"),
    storageKey: varchar("storage_key", { length: 100 }),
    byteSize: bigint("byte_size", { mode: "number" }),
    locale: varchar("locale", { length: 10 }).notNull().default(DEFAULT_LOCALE),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    index("data_exports_user_idx").on(t.userId),
    index("data_exports_case_idx").on(t.caseId),
    index("data_exports_expires_idx").on(t.expiresAt),
    check("data_exports_status", sql`${t.status} IN ('building','ready','failed')`),
    check("data_exports_owner", sql`${t.userId} IS NOT NULL OR ${t.caseId} IS NOT NULL`),
  ],
);

/**
 * A pending account deletion (issue 17 §4; GDPR Art. 17): asked at `requested_at`, carried out by
 * the daily job on or after `deletion_date` (ERASURE_GRACE_DAYS later) unless cancelled first
 * (the row is deleted then). One per account; it goes with the account.
 */
export const accountErasures = pgTable("account_erasures", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
  deletionDate: timestamp("deletion_date", { withTimezone: true }).notNull(),
});
