/**
 * GET /api/taxonomy (issue 19 §3 "One taxonomy"; lib/taxonomy.ts, docs/taxonomy.md): the
 * practice areas and the injury types with the practice areas whose lawyers handle each, the
 * value the case form and the assessment store for it, and its label in the reader's language
 * (`locale`, else Accept-Language, else en). A public, read-only,
 * cacheable list: no rate limit beyond the API's, no personal data. A client that lets a person
 * pick an injury searches `/api/lawyers/search?practiceAreas=<its areas>` and finds the same
 * lawyers the case form's type and the assessment's type lead to.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { DEFAULT_LOCALE, LOCALES, negotiateLocale } from "../../lib/i18n/locales.ts";
import { msg } from "../../lib/i18n/message.ts";
import { injuryTypeTerms, practiceAreaLabel } from "../../lib/i18n/practice-area-terms.ts";
import {
  GENERAL_PRACTICE_MIN_AREAS,
  INJURY_TYPES,
  type InjuryTypeDefinition,
  PRACTICE_AREAS,
} from "../../lib/taxonomy.ts";
import { AssessmentCaseTypeSchema, CaseTypeSchema, PracticeAreaSchema } from "../../lib/taxonomy-schemas.ts";
import { errorResponse } from "../http.ts";
import { jsonResponse } from "./openapi.ts";

/**
 * A lawyer's practice areas in an answer: stored strings (an imported row is checked on the way
 * in, not on the way out), documented as an array of the PracticeArea component.
 */
export function practiceAreaList() {
  return z
    .array(z.string())
    .openapi({ items: { $ref: "#/components/schemas/PracticeArea" } } as Record<string, unknown>);
}

/** One injury type as GET /api/taxonomy answers it. */
const InjuryTypeSchema = z
  .object({
    id: z.string().openapi({ description: "Stable key of the injury type", example: "dogBite" }),
    label: z.string().openapi({ description: "Its name in the reader's language", example: "Dog Bites" }),
    // Without their own description: a described nullable would copy the list instead of referring to it.
    caseType: CaseTypeSchema.nullable(),
    assessmentType: AssessmentCaseTypeSchema.nullable(),
    practiceAreas: z
      .array(PracticeAreaSchema)
      .nullable()
      .openapi({
        description:
          "The practice areas whose lawyers handle it (a lawyer listing ANY of them); null for general practices: " +
          "lawyers listing at least generalPracticeMinAreas areas",
      }),
  })
  .openapi("InjuryType", {
    description:
      "An injury type of the one taxonomy. caseType: the value the case form stores for it (POST /api/cases), " +
      "assessmentType: the value the assessment stores (POST /api/personality/assessment); null when not offered.",
  });

/** The answer of GET /api/taxonomy. */
export const TaxonomySchema = z
  .object({
    locale: z.string().openapi({ description: "The language of the labels", example: "en" }),
    practiceAreas: z.array(
      z.object({ value: PracticeAreaSchema, label: z.string().openapi({ example: "Dog Bites" }) }),
    ),
    injuryTypes: z.array(InjuryTypeSchema),
    generalPracticeMinAreas: z.number().int().openapi({ example: GENERAL_PRACTICE_MIN_AREAS }),
  })
  .openapi("Taxonomy");

const taxonomyRoute = createRoute({
  method: "get",
  path: "/api/taxonomy",
  operationId: "getTaxonomy",
  summary: "Injury types and practice areas",
  description:
    "The one taxonomy (docs/taxonomy.md): every injury type with the practice areas whose lawyers handle it and " +
    "the values the case form and the assessment store for it; labels follow Accept-Language.",
  request: {
    query: z.object({
      locale: z
        .enum(LOCALES, { error: msg("validation:zod.oneOf", { options: LOCALES.join(", ") }) })
        .optional()
        .openapi({
          description: "The labels' language; without it, the best match of Accept-Language",
          example: "de",
        }),
    }),
  },
  responses: {
    200: jsonResponse(TaxonomySchema, "The taxonomy"),
    400: errorResponse("locale is not one of the site's languages"),
  },
});

/** The taxonomy with labels in `locale` (the body of GET /api/taxonomy). */
export function taxonomyBody(locale: string): z.infer<typeof TaxonomySchema> {
  const entries: readonly InjuryTypeDefinition[] = INJURY_TYPES;
  return {
    locale,
    practiceAreas: PRACTICE_AREAS.map((value) => ({ value, label: practiceAreaLabel(value, locale) })),
    injuryTypes: entries.map((e) => ({
      id: e.id,
      label: injuryTypeTerms(e.id as (typeof INJURY_TYPES)[number]["id"], locale).label,
      caseType: (e.caseType ?? null) as z.infer<typeof CaseTypeSchema> | null,
      assessmentType: (e.assessmentType ?? null) as z.infer<typeof AssessmentCaseTypeSchema> | null,
      practiceAreas: e.areas ? [...e.areas] : null,
    })),
    generalPracticeMinAreas: GENERAL_PRACTICE_MIN_AREAS,
  };
}

/** Registers GET /api/taxonomy on the app (see the module comment). */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerTaxonomyRoutes(app: OpenAPIHono<any>) {
  app.openapi(taxonomyRoute, (c) => {
    const locale =
      c.req.valid("query").locale ?? negotiateLocale(c.req.header("Accept-Language")) ?? DEFAULT_LOCALE;
    c.header("Cache-Control", "public, max-age=3600");
    c.header("Vary", "Accept-Language");
    return c.json(taxonomyBody(locale), 200);
  });
}
