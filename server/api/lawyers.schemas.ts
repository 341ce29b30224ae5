/**
 * The schemas of the /api/lawyers routes (server/api/lawyers.ts; spec §7, issue 2 §3): the public
 * lawyer, its detail with checks and admissions (issue 15 §2), the facets, and the search query
 * as /api/openapi.json describes it, checked by lib/search-params.ts. Beside their routes
 * (issue 30 "schemas move beside their routes"); personality.ts reuses LawyerSchema.
 */
import { z } from "@hono/zod-openapi";
import {
  ADMISSION_STATUSES,
  CHECK_KINDS,
  CHECK_METHODS,
  CHECK_STATUSES,
  MAX_QUERY_LENGTH,
  PAGE_SIZES,
  SORT_VALUES,
} from "../../lib/constants.ts";
import { FEE_KINDS } from "../../lib/fees.ts";
import { GRAMMATICAL_GENDERS } from "../../lib/grammatical-gender.ts";
import {
  RESPONSE_DEADLINE_HOURS,
  RESPONSE_MIN_SAMPLE,
  RESPONSE_WINDOW_DAYS,
} from "../../lib/response-times.ts";
import { type SearchParams, SearchParamsSchema } from "../../lib/search-params.ts";
import { zodIssueMessage } from "../../lib/zod-issue-message.ts";
import { FeeTermsSchema } from "./fees-schema.ts";
import { SpecialistTitlesSchema } from "./specialist-titles-schema.ts";
import { practiceAreaList } from "./taxonomy.ts";

/** One "Why this lawyer?" factor (lib/ranking.ts RelevanceFactor). */
const RelevanceFactorSchema = z
  .object({
    kind: z.enum(["country", "words", "distance", "rating", "verifiedOnly"]),
    countryCode: z.string().optional().openapi({
      description:
        "country: the office is in the visitor's country (ISO 3166-1 alpha-2), ordered first (issue 28 §1; X-Preferred-Country)",
      example: "BR",
    }),
    level: z
      .number()
      .int()
      .min(1)
      .max(3)
      .optional()
      .openapi({ description: "words: 1 name or practice area, 2 firm or place, 3 only the bio" }),
    field: z.enum(["name", "practiceArea", "firm", "place", "bio"]).optional(),
    value: z.string().optional().openapi({ description: "words/practiceArea: the practice area matched" }),
    km: z.number().optional().openapi({ description: "distance: kilometres from `near`" }),
    rating: z.number().optional(),
    reviewCount: z.number().int().optional(),
  })
  .openapi("RelevanceFactor");

/** The public lawyer shape (lib/lawyer.ts LawyerDTO). */
export const LawyerSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    firm: z.string(),
    email: z.string(),
    phone: z.string().openapi({
      description:
        "E.164 (issue 14 §2: stored as E.164); format it for your reader, e.g. with libphonenumber. " +
        'An imported or older listing without a valid number may carry other text, or "". A fictional demo listing ' +
        "(`demo`) shows only numbers in a range reserved for fiction (NANP 555-0100–0199, Ofcom drama ranges, ACMA, " +
        'PTS; issue 28 §4): any other made-up number could be a real person\'s and is "" here',
      example: "+14165550100",
    }),
    location: z.string().openapi({ example: "Toronto, Ontario, Canada" }),
    country: z.string(),
    countryCode: z.string().openapi({ description: "ISO 3166-1 alpha-2", example: "CA" }),
    state: z.string().nullable(),
    city: z.string(),
    latitude: z.number().min(-90).max(90).nullable().openapi({
      description:
        "The listing's own office position in degrees (WGS 84; issue 19 §1): set by the lawyer or an import, the demo data's a street-level position in its city; null when unknown",
      example: 43.6535,
    }),
    longitude: z.number().min(-180).max(180).nullable().openapi({ example: -79.3839 }),
    timeZone: z.string().nullable(),
    experience: z.number().int().openapi({ description: "Years of practice" }),
    rating: z.number().openapi({ description: "0.00 to 5.00" }),
    reviewCount: z.number().int(),
    bio: z.string(),
    practiceAreas: practiceAreaList(),
    languages: z
      .array(z.string())
      .openapi({ description: "Languages spoken, ISO 639-1 codes (issue 14 §4)", example: ["de", "en"] }),
    imageUrl: z.string().nullable(),
    business_logo: z.string().nullable(),
    business_address: z.string().nullable(),
    website: z.string().nullable(),
    googleReviewsUrl: z.string().nullable(),
    workingHours: z.string().nullable().openapi({
      description:
        'Office hours in the office\'s time zone (`timeZone`), English shorthand such as "Mon-Fri 9:00-17:00, Sat 9:00-13:00" or "Sun-Thu 9:00-18:00"; free text when the lawyer typed something else',
    }),
    grammaticalGender: z.enum(GRAMMATICAL_GENDERS).nullable().openapi({
      description:
        'Issue 28 §2: how the listing wants to be spoken about in languages whose words agree with a person ("avocate", "Anwältin", Arabic verbs): "feminine" or "masculine" (CLDR grammatical genders), "neutral" for gender-neutral wording; null when the listing says nothing (neutral wording). Never shown, filtered or ranked on',
      example: "feminine",
    }),
    openNow: z.boolean().openapi({
      description:
        "Issue 19 §1: true when `workingHours` read in `timeZone` say the office is open at the time of this request; false when closed or when the hours are free text or the zone is unknown",
    }),
    verified: z.boolean().openapi({
      description:
        "The tick: a licence check verified against the regulator's register and not past its next check (issue 15 §2); computed from the checks",
    }),
    verification_status: z.enum(["verified", "pending", "unverified"]),
    demo: z.boolean().openapi({
      description: "A fictional demo listing (issue 15 §2): only these carry the demo-data notice",
    }),
    managed: z.boolean().openapi({
      description:
        "Issue 28 §4: a lawyer account with a confirmed email manages the listing (it can open and answer the listing's cases). A listing nobody manages promises no reply: a case sent to it waits, its description and documents held, until the lawyer claims the listing and accepts it",
    }),
    responseStats: z
      .object({
        medianFirstResponseHours: z
          .number()
          .nullable()
          .openapi({
            description: `Median hours from a case's or profile message's arrival to the lawyer's first reply or status change over the last ${RESPONSE_WINDOW_DAYS} days, one decimal; null below ${RESPONSE_MIN_SAMPLE} counted items`,
            example: 5.5,
          }),
        answeredWithin24hShare: z
          .number()
          .min(0)
          .max(1)
          .nullable()
          .openapi({
            description: `Share (0 to 1) answered within ${RESPONSE_DEADLINE_HOURS} hours; unanswered items older than that count as late; null below ${RESPONSE_MIN_SAMPLE} counted items`,
            example: 0.9,
          }),
        sampleSize: z
          .number()
          .int()
          .min(0)
          .openapi({ description: "Cases and profile messages counted", example: 12 }),
      })
      .openapi({ description: "Measured response times (issue 16 §3)" }),
    fees: FeeTermsSchema,
    specialistTitles: SpecialistTitlesSchema,
    personalityTraits: z.record(z.string(), z.number()).nullable(),
    communicationStyle: z.string().nullable(),
    approachStyle: z.string().nullable(),
    clientFocus: z.string().nullable(),
    availabilityLevel: z.string().nullable(),
    caseComplexityPreference: z.string().nullable(),
    distanceKm: z.number().optional().openapi({ description: "Kilometres from `near`, only when given" }),
    why: z.array(RelevanceFactorSchema).optional().openapi({
      description:
        "Only in a search with sort=relevance (issue 16 §2 'Why this lawyer?'; docs/spec-deviations.md): the factors that placed this result, in the order of the ranking (/how-ranking-works). Never about payment.",
    }),
  })
  .openapi("Lawyer");

const CheckSchema = z
  .object({
    kind: z.enum(CHECK_KINDS),
    status: z
      .enum(CHECK_STATUSES)
      .openapi({ description: "A verified check past nextCheckDue reads lapsed" }),
    method: z.enum(CHECK_METHODS).nullable(),
    source: z.string().nullable().openapi({
      description:
        "The register's or body's name, the insurer, the school; a demo record (`demo`) names the real body and is marked on the page",
      example: "Law Society of Ontario",
    }),
    sourceUrl: z
      .string()
      .nullable()
      .openapi({ description: "The register entry or the register's search page" }),
    checkedOn: z.string().nullable().openapi({ description: "YYYY-MM-DD" }),
    nextCheckDue: z
      .string()
      .nullable()
      .openapi({ description: "YYYY-MM-DD: licence yearly, insurance at expiry" }),
    details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).nullable(),
    demo: z.boolean().openapi({ description: "A made-up record of the demo data" }),
  })
  .openapi("VerificationCheck");

const AdmissionSchema = z
  .object({
    countryCode: z.string().openapi({ description: "ISO 3166-1 alpha-2" }),
    region: z.string().nullable(),
    regulator: z.string(),
    licenceNumber: z.string(),
    yearAdmitted: z.number().int().nullable(),
    status: z.enum(ADMISSION_STATUSES),
  })
  .openapi("BarAdmission");

/** One lawyer with the issue 15 §2 verification contract (`verification`, `disciplinaryRecords`). */
export const LawyerDetailSchema = LawyerSchema.extend({
  verification: z.object({
    status: z.enum(CHECK_STATUSES).openapi({
      description:
        "Best licence check: verified > pending > lapsed > rejected > unverified; only verified shows a tick",
    }),
    checks: z.array(CheckSchema),
    admissions: z.array(AdmissionSchema),
  }),
  disciplinaryRecords: z.array(
    z.object({
      date: z.string().openapi({ description: "YYYY-MM-DD" }),
      outcome: z.string(),
      regulator: z.string(),
      sourceUrl: z.string().nullable(),
      lawyerStatement: z.string().nullable(),
      demo: z.boolean().openapi({
        description:
          'A made-up record of the demo data (issue 28 §2): its `outcome` and `lawyerStatement` are catalog references such as "profile:verification.demoDiscipline.reprimand", which the pages show in the reader\'s language',
      }),
    }),
  ),
}).openapi("LawyerDetail");

const FacetCountSchema = z.object({ value: z.string(), label: z.string(), count: z.number().int() });
const PlaceFacetSchema = z
  .object({
    value: z.string().openapi({ description: 'The `location` filter value of this place, "Munich, DE"' }),
    label: z.string().openapi({ description: "The place's name as stored" }),
    count: z.number().int(),
    countryCode: z.string().openapi({ description: "ISO 3166-1 alpha-2" }),
  })
  .openapi("PlaceFacet");
export const FacetsSchema = z
  .object({
    countries: z.array(FacetCountSchema),
    cities: z.array(PlaceFacetSchema).openapi({
      description:
        "The 50 cities with most matches of every filter except `location` (within the location filter's countries when set), plus the selected one (issue 19 §2)",
    }),
    regions: z.array(PlaceFacetSchema).openapi({
      description: "Regions (states, provinces), counted like `cities` (issue 19 §2)",
    }),
    practiceAreas: z.array(FacetCountSchema),
    languages: z
      .array(FacetCountSchema)
      .openapi({ description: "Languages spoken: value = ISO 639-1 code, label = English name" }),
    verified: z.number().int().openapi({
      description:
        'Verified listings among the matches of every filter except `verified` (issue 15 §2 "Verified only")',
    }),
    respondsWithin24h: z.number().int().openapi({
      description:
        "Listings that usually respond within 24 h among the matches of every filter except `respondsWithin24h` (issue 16 §3)",
    }),
    freeConsultation: z.number().int().openapi({
      description:
        "Listings with a free first consultation among the matches of every filter except `freeConsultation` (issue 19 §1)",
    }),
    feeModels: z.array(FacetCountSchema).openapi({
      description: `Listings offering each fee model (value = kind: ${FEE_KINDS.join(", ")}) among the matches of every filter except \`feeModel\` (issue 19 §1; contingency = "No win, no fee")`,
    }),
    total: z.number().int(),
  })
  .openapi("Facets");

/**
 * The query parameters as strings (what the OpenAPI document lists), then checked and converted
 * by SearchParamsSchema (lib/search-params.ts, the same rules as the pages): the declaration is
 * what validates the search and facets routes, and every error names its parameter.
 */
const SearchQueryStrings = z.object({
  query: z
    .string()
    .optional()
    .openapi({
      description: `Free text, at most ${MAX_QUERY_LENGTH} characters ("car accident lawyer in Toronto")`,
    }),
  location: z
    .string()
    .optional()
    .openapi({ description: "City, state, country name or ISO code; '' or 'all' means any", example: "CA" }),
  practiceAreas: z
    .string()
    .optional()
    .openapi({
      // Documented as the list it is (comma-joined PracticeArea values, issue 19 §3: the list once, as a component).
      param: { style: "form", explode: false },
      type: "array",
      items: { $ref: "#/components/schemas/PracticeArea" },
      description:
        "Comma-joined practice areas (the PracticeArea component); a lawyer matches ANY of them. The areas of an " +
        "injury type (GET /api/taxonomy) list the same lawyers as the case form and the assessment for it.",
    } as never),
  languages: z.string().optional().openapi({
    description: "Comma-joined ISO 639-1 codes; a lawyer matches if they speak ANY of them",
    example: "de,fr",
  }),
  verified: z.string().optional().openapi({
    description:
      "true: only listings whose licence check is verified against the regulator's register and not past due (issue 15 §2); false or absent: all",
    example: "true",
  }),
  respondsWithin24h: z
    .string()
    .optional()
    .openapi({
      description: `true: only listings whose median first response over the last ${RESPONSE_WINDOW_DAYS} days is at most ${RESPONSE_DEADLINE_HOURS} hours, from at least ${RESPONSE_MIN_SAMPLE} cases (issue 16 §3); false or absent: all`,
      example: "true",
    }),
  freeConsultation: z.string().optional().openapi({
    description: "true: only listings whose first consultation is free (issue 19 §1); false or absent: all",
    example: "true",
  }),
  feeModel: z
    .string()
    .optional()
    .openapi({
      description: `Only listings offering this fee model (issue 19 §1): one of ${FEE_KINDS.join(", ")}; contingency = "No win, no fee"`,
      example: "contingency",
    }),
  experience: z.string().optional().openapi({ description: "Minimum years, 0 to 30", example: "10" }),
  rating: z.string().optional().openapi({ description: "Minimum rating, 0 to 5", example: "4.5" }),
  sort: z
    .string()
    .optional()
    .openapi({ description: `One of ${SORT_VALUES.join(", ")} (default relevance)` }),
  page: z.string().optional().openapi({ description: "1-based page number", example: "1" }),
  pageSize: z
    .string()
    .optional()
    .openapi({ description: `One of ${PAGE_SIZES.join(", ")} (default 12)` }),
  near: z
    .string()
    .optional()
    .openapi({ description: "LAT,LNG in degrees; adds distanceKm", example: "43.65,-79.38" }),
  radiusKm: z.string().optional().openapi({ description: "Only lawyers within this many km of `near`" }),
  preferCountry: z
    .string()
    .optional()
    .openapi({
      description:
        "Issue 28 §1: the country whose lawyers come first (ISO 3166-1 alpha-2, any case) when the search names no " +
        "place (no `location`, no place in `query`) and has no `near`, under sort=relevance; `none` turns that off. " +
        "Absent: the region of Accept-Language (pt-BR gives BR; a bare language tag such as de its usual country, " +
        "but not en or ar). The country used is sent back in X-Preferred-Country. Another value answers 400",
      example: "BR",
    }),
});

/** SearchQueryStrings checked and converted by SearchParamsSchema; its issues become the 400's fieldErrors. */
export const SearchQuery = SearchQueryStrings.transform((raw, ctx): SearchParams => {
  const parsed = SearchParamsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // A query parameter is flat: its issues are named by the parameter ("practiceAreas", not ".1").
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: "custom", message: zodIssueMessage(issue), path: issue.path.slice(0, 1) });
  return z.NEVER;
});
