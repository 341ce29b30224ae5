/**
 * The taxonomy's lists as zod schemas, each declared ONCE with an OpenAPI component id (issue 19
 * §3 "the API documents the list once, as a component"; lib/taxonomy.ts, docs/taxonomy.md): the
 * lawyer JSON, the search parameters, the case form API and the assessment API refer to
 * `#/components/schemas/PracticeArea`, `CaseType` and `AssessmentCaseType` instead of repeating
 * the values. Plain zod (`.meta({ id })`, which @hono/zod-openapi turns into a `$ref`), so the
 * browser can import it. Validation messages are catalog references (issue 14 §1).
 */
import { z } from "zod";
import { msg } from "./i18n/message.ts";
import { ASSESSMENT_CASE_TYPES, CASE_TYPES, PRACTICE_AREAS } from "./taxonomy.ts";

/** A practice area (spec §3 "Options"): what a lawyer lists and the directory filters on. */
export const PracticeAreaSchema = z.enum(PRACTICE_AREAS).meta({
  id: "PracticeArea",
  description:
    "A practice area of the one taxonomy (docs/taxonomy.md): what a lawyer lists and the directory filters on. " +
    "Each case type and assessment case type maps to the practice areas whose lawyers handle it (GET /api/taxonomy).",
});

/** A case type of the case form (spec §9 + issue 19 §3), stored as sent in `cases.case_type`. */
export const CaseTypeSchema = z.enum(CASE_TYPES, { error: msg("validation:case.caseType") }).meta({
  id: "CaseType",
  description:
    "A case type of the case form: the case form's view of the one taxonomy (docs/taxonomy.md). The spec's 11 " +
    "values plus Motorcycle Accident, Dog Bite, Birth Injury and Defective Drug (issue 19 §3).",
});

/**
 * A case type of the assessment (spec §5 + issue 19 §3), stored in
 * `client_personalities.case_type`. Its messages are the assessment's for every choice
 * (lib/personality.ts): "required" when empty, else "one of …".
 */
export const AssessmentCaseTypeSchema = z
  .enum(ASSESSMENT_CASE_TYPES, {
    error: (i) =>
      i.input === undefined || i.input === ""
        ? msg("validation:zod.required")
        : msg("validation:zod.oneOf", { options: ASSESSMENT_CASE_TYPES.join(", ") }),
  })
  .meta({
    id: "AssessmentCaseType",
    description:
      "A case type of the assessment: the assessment's view of the one taxonomy (docs/taxonomy.md). The spec's 8 " +
      '("Personal Injury" is shown as General Personal Injury) plus the injuries issue 19 §3 added.',
  });
