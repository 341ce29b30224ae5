/**
 * The one taxonomy of injury types and practice areas (issue 19 §3 "One taxonomy";
 * docs/taxonomy.md). Two halves:
 *
 * - PRACTICE_AREAS: what a lawyer lists and the directory filters on (spec §3 "Options"; the
 *   stored values of `lawyers.practice_areas`).
 * - INJURY_TYPES: what happened to a person, each mapped to the practice area(s) whose lawyers
 *   handle it (`areas`), or to "general practices" (`areas: null`: lawyers listing at least
 *   GENERAL_PRACTICE_MIN_AREAS areas) for the spec's "Personal Injury" and "Other".
 *
 * The spec's three lists are VIEWS of it: the directory's practice areas (spec §3), the case
 * form's case types (spec §9 "Case form options", stored in `cases.case_type`) and the
 * assessment's case types (spec §5 "Assessment", stored in `client_personalities.case_type`).
 * An injury type carries the value each view stores for it (`caseType`, `assessmentType`): the
 * spec's values stay exactly as written (rows stored before issue 19 stay valid); issue 19 adds
 * the injuries a list lacked (Dog Bite, Motorcycle Accident, Birth Injury, Defective Drug on the
 * case form; those and the four injury kinds of the case form on the assessment) so nobody has
 * to pick "Other" for a common injury, and every list reaches every practice area.
 *
 * "Every list filters the same lawyers": a listing handles an injury type when it lists ANY of
 * the injury's areas (`handlesInjury`), which is exactly the directory's filter with those areas
 * checked (spec-deviations 15: any of the checked areas), the matching candidates
 * (server/matching/model.ts coversCaseType) and the assessment. Labels and search terms in the
 * eight locales: lib/i18n/practice-area-terms.ts (injuryTypeTerms). Pure, no I/O; imported by
 * the browser, the server and the migrations.
 */

/** Practice areas a lawyer can list and a visitor can filter by (spec §3 "Options"), in the spec's order. */
export const PRACTICE_AREAS = [
  "Car Accidents",
  "Medical Malpractice",
  "Workplace Injury",
  "Slip & Fall",
  "Product Liability",
  "Motorcycle Accidents",
  "Wrongful Death",
  "Dog Bites",
  "Premises Liability",
  "Birth Injury",
  "Defective Drugs",
  "Mass Torts",
] as const;
/** One of PRACTICE_AREAS. */
export type PracticeArea = (typeof PRACTICE_AREAS)[number];

/**
 * A general practice lists at least this many of the twelve practice areas (docs/matching.md
 * "Candidates"): the lawyers for an injury type with `areas: null`. Three is where a listing
 * stops being a specialist: in the demo data 55% of listings list three or more.
 */
export const GENERAL_PRACTICE_MIN_AREAS = 3;

/** One injury type of the taxonomy (the shape INJURY_TYPES is checked against). */
export interface InjuryTypeDefinition {
  /** Stable key (lower camel case): the catalog key and the docs' name. */
  readonly id: string;
  /** The value the case form stores (spec §9 spelling), when the case form offers it. */
  readonly caseType?: string;
  /** The value the assessment stores (spec §5 spelling), when the assessment offers it. */
  readonly assessmentType?: string;
  /** Practice areas whose lawyers handle it (any of them), or null for general practices. */
  readonly areas: readonly PracticeArea[] | null;
  /** Why these areas, in a few words (docs/taxonomy.md repeats it). */
  readonly why: string;
}

/**
 * The injury types, in the order the case form and the assessment show them: the spec's case
 * form order first (spec §9), then the injuries issue 19 added, then "Personal Injury"
 * (assessment only, shown as "General Personal Injury", spec §5) and "Other" last.
 */
export const INJURY_TYPES = [
  {
    id: "carAccident",
    caseType: "Car Accident",
    assessmentType: "Car Accidents",
    areas: ["Car Accidents"],
    why: "the practice area of the same name",
  },
  {
    id: "medicalMalpractice",
    caseType: "Medical Malpractice",
    assessmentType: "Medical Malpractice",
    areas: ["Medical Malpractice"],
    why: "the practice area of the same name",
  },
  {
    id: "workplaceInjury",
    caseType: "Workplace Injury",
    assessmentType: "Workplace Injury",
    areas: ["Workplace Injury"],
    why: "the practice area of the same name",
  },
  {
    id: "slipAndFall",
    caseType: "Slip and Fall",
    assessmentType: "Slip & Fall",
    areas: ["Slip & Fall", "Premises Liability"],
    why: 'spec §5 synonym group "slip and fall: slip fall, premises liability, trip and fall"',
  },
  {
    id: "productLiability",
    caseType: "Product Liability",
    assessmentType: "Product Liability",
    areas: ["Product Liability"],
    why: "the practice area of the same name",
  },
  {
    id: "wrongfulDeath",
    caseType: "Wrongful Death",
    assessmentType: "Wrongful Death",
    areas: ["Wrongful Death"],
    why: "the practice area of the same name",
  },
  {
    id: "brainInjury",
    caseType: "Brain Injury",
    assessmentType: "Brain Injury",
    areas: [
      "Car Accidents",
      "Motorcycle Accidents",
      "Workplace Injury",
      "Slip & Fall",
      "Medical Malpractice",
    ],
    why: "an injury, not a cause: the areas where head injuries usually arise",
  },
  {
    id: "spinalCordInjury",
    caseType: "Spinal Cord Injury",
    assessmentType: "Spinal Cord Injury",
    areas: [
      "Car Accidents",
      "Motorcycle Accidents",
      "Workplace Injury",
      "Slip & Fall",
      "Medical Malpractice",
    ],
    why: "an injury, not a cause: the areas where spinal injuries usually arise",
  },
  {
    id: "burnInjury",
    caseType: "Burn Injury",
    assessmentType: "Burn Injury",
    areas: ["Workplace Injury", "Product Liability", "Premises Liability", "Car Accidents"],
    why: "burns come from work, faulty products, unsafe premises (fires) and vehicle fires",
  },
  {
    id: "nursingHomeAbuse",
    caseType: "Nursing Home Abuse",
    assessmentType: "Nursing Home Abuse",
    areas: ["Medical Malpractice", "Premises Liability"],
    why: "neglect of care (malpractice) and unsafe premises of a care home",
  },
  {
    id: "motorcycleAccident",
    caseType: "Motorcycle Accident",
    assessmentType: "Motorcycle Accidents",
    areas: ["Motorcycle Accidents", "Car Accidents"],
    why: "its practice area, and road-traffic lawyers (the area's label in most locales is traffic accidents)",
  },
  {
    id: "dogBite",
    caseType: "Dog Bite",
    assessmentType: "Dog Bites",
    areas: ["Dog Bites"],
    why: "the practice area of the same name",
  },
  {
    id: "birthInjury",
    caseType: "Birth Injury",
    assessmentType: "Birth Injury",
    areas: ["Birth Injury", "Medical Malpractice"],
    why: "its practice area; a birth injury claim is a medical malpractice claim",
  },
  {
    id: "defectiveDrug",
    caseType: "Defective Drug",
    assessmentType: "Defective Drugs",
    areas: ["Defective Drugs", "Mass Torts"],
    why: "its practice area; harmful drugs are brought as mass torts",
  },
  {
    id: "personalInjury",
    assessmentType: "Personal Injury",
    areas: null,
    why: "spec §5 General Personal Injury names no single area: general practices",
  },
  {
    id: "other",
    caseType: "Other",
    assessmentType: "Other",
    areas: null,
    why: "names no area: general practices",
  },
] as const satisfies readonly InjuryTypeDefinition[];

type Entry = (typeof INJURY_TYPES)[number];
/** The id of an injury type, e.g. "dogBite". */
export type InjuryTypeId = Entry["id"];
/** A case type the case form stores (spec §9 plus issue 19's additions), e.g. "Dog Bite". */
export type CaseType = Extract<Entry, { caseType: string }>["caseType"];
/** A case type the assessment stores (spec §5 plus issue 19's additions), e.g. "Dog Bites". */
export type AssessmentCaseType = Extract<Entry, { assessmentType: string }>["assessmentType"];

/** The injury type entries widened to the common shape (for lookups by a value). */
const ENTRIES: readonly InjuryTypeDefinition[] = INJURY_TYPES;

/** View: the case form's case types (spec §9 "Case form options" + issue 19), in display order. */
export const CASE_TYPES = ENTRIES.flatMap((e) => (e.caseType ? [e.caseType] : [])) as unknown as readonly [
  CaseType,
  ...CaseType[],
];

/** View: the assessment's case types (spec §5 "Assessment" + issue 19), in display order. */
export const ASSESSMENT_CASE_TYPES = ENTRIES.flatMap((e) =>
  e.assessmentType ? [e.assessmentType] : [],
) as unknown as readonly [AssessmentCaseType, ...AssessmentCaseType[]];

/** The injury type with this id (undefined for an unknown id). */
export function injuryType(id: string): InjuryTypeDefinition | undefined {
  return ENTRIES.find((e) => e.id === id);
}

/** The injury type a stored case form value stands for ("Dog Bite" → dogBite); undefined for an unknown value (an old row). */
export function injuryForCaseType(caseType: string): InjuryTypeDefinition | undefined {
  return ENTRIES.find((e) => e.caseType === caseType);
}

/** The injury type a stored assessment value stands for ("Dog Bites" → dogBite); undefined when unknown. */
export function injuryForAssessmentType(assessmentType: string): InjuryTypeDefinition | undefined {
  return ENTRIES.find((e) => e.assessmentType === assessmentType);
}

/** Practice areas of a case form value (null: general practices, also for an unknown value). */
export function areasForCaseType(caseType: string): readonly PracticeArea[] | null {
  return injuryForCaseType(caseType)?.areas ?? null;
}

/** Practice areas of an assessment value (null: general practices, also for an unknown value). */
export function areasForAssessmentType(assessmentType: string): readonly PracticeArea[] | null {
  return injuryForAssessmentType(assessmentType)?.areas ?? null;
}

/** The injury types a practice area handles (it is in their `areas`), in taxonomy order. */
export function injuriesForArea(area: PracticeArea): InjuryTypeDefinition[] {
  return ENTRIES.filter((e) => e.areas?.includes(area));
}

/**
 * True when a listing with these practice areas handles the injury type's cases: it lists ANY
 * of `areas` (the directory's filter with those areas checked), or, for `areas: null`, at least
 * GENERAL_PRACTICE_MIN_AREAS distinct areas.
 */
export function handlesAreas(
  practiceAreas: readonly string[],
  areas: readonly PracticeArea[] | null,
): boolean {
  if (areas === null) return new Set(practiceAreas).size >= GENERAL_PRACTICE_MIN_AREAS;
  return practiceAreas.some((a) => (areas as readonly string[]).includes(a));
}

/** handlesAreas for an injury type. */
export function handlesInjury(practiceAreas: readonly string[], injury: InjuryTypeDefinition): boolean {
  return handlesAreas(practiceAreas, injury.areas);
}

/**
 * The directory search that lists the lawyers of an injury type: `{ practiceAreas }` with its
 * areas (any of them matches), or `{}` for general practices (the directory has no filter for
 * "at least three areas"; docs/taxonomy.md).
 */
export function directoryFilterFor(injury: InjuryTypeDefinition): { practiceAreas?: PracticeArea[] } {
  return injury.areas ? { practiceAreas: [...injury.areas] } : {};
}

/**
 * How wide a practice area is: the number of injury types whose lawyers include it (those whose
 * `areas` name it; injuriesForArea). Birth Injury, Dog Bites, Wrongful Death, Defective Drugs and
 * Mass Torts handle one injury type each; Car Accidents and Medical Malpractice five. Issue 28
 * §1: the narrower an area, the more specific a reading that names it.
 */
export function areaBreadth(area: PracticeArea): number {
  return injuriesForArea(area).length;
}

/**
 * PRACTICE_AREAS from the most specific to the widest (issue 28 §1, docs/taxonomy.md
 * "Specificity"): by areaBreadth, then in the spec's order. Every area's own injury type (the one
 * of the same name, ownInjuryAreas) lists it before the wider areas it also maps to, and this
 * order keeps that: Birth Injury before Medical Malpractice, Motorcycle Accidents before Car
 * Accidents, Slip & Fall before Premises Liability, Defective Drugs before Mass Torts.
 */
export const AREAS_BY_SPECIFICITY: readonly PracticeArea[] = [...PRACTICE_AREAS].sort(
  (a, b) => areaBreadth(a) - areaBreadth(b) || PRACTICE_AREAS.indexOf(a) - PRACTICE_AREAS.indexOf(b),
);

/** `areas` without repeats, most specific first (AREAS_BY_SPECIFICITY); a new array. */
export function bySpecificity(areas: readonly PracticeArea[]): PracticeArea[] {
  return [...new Set(areas)].sort(
    (a, b) => AREAS_BY_SPECIFICITY.indexOf(a) - AREAS_BY_SPECIFICITY.indexOf(b),
  );
}

/**
 * The areas of an area's own injury type: the injury type of the same name (its assessment
 * value is the area's name, spec §5), e.g. "Birth Injury" → Birth Injury, Medical Malpractice;
 * "Motorcycle Accidents" → Motorcycle Accidents, Car Accidents. An area without one (Premises
 * Liability, Mass Torts) stands for itself only.
 */
export function ownInjuryAreas(area: PracticeArea): readonly PracticeArea[] {
  return injuryForAssessmentType(area)?.areas ?? [area];
}

/**
 * Every area that fits a case read as `areas` (issue 28 §1): the areas themselves and, for each,
 * the other areas its own injury type maps to (ownInjuryAreas: a birth injury is also a medical
 * malpractice case, a defective drug also a mass tort), most specific first (bySpecificity).
 * Closed: fittingAreas(fittingAreas(x)) equals fittingAreas(x).
 */
export function fittingAreas(areas: readonly PracticeArea[]): PracticeArea[] {
  const out = new Set<PracticeArea>(areas);
  // A closure, not one step: an added area's own injury type adds its areas too.
  for (const area of out) for (const a of ownInjuryAreas(area)) out.add(a);
  return bySpecificity([...out]);
}
