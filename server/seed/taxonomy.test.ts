/**
 * The one taxonomy (issue 19 §3, lib/taxonomy.ts, docs/taxonomy.md): the spec's three lists are
 * views of it and keep every value the spec stores; every entry of every view maps to practice
 * areas that demo lawyers list; the case form's type and the assessment's type of the same
 * injury lead to the same areas, hence to the same lawyers as the directory's filter; every label
 * is translated in the eight locales (the one table of practice-area-terms.ts and the catalogs).
 * It lives beside the demo generator because it checks the taxonomy against demo lawyers (lib/
 * imports nothing from server/).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { INJURY_TYPE_TERMS, injuryTypeTerms, SEARCH_LOCALES } from "../../lib/i18n/practice-area-terms.ts";
import { optionKey } from "../../lib/option-key.ts";
import { caseTypeKey } from "../../lib/personality.ts";
import {
  ASSESSMENT_CASE_TYPES,
  areasForAssessmentType,
  areasForCaseType,
  CASE_TYPES,
  directoryFilterFor,
  GENERAL_PRACTICE_MIN_AREAS,
  handlesAreas,
  handlesInjury,
  INJURY_TYPES,
  type InjuryTypeDefinition,
  injuriesForArea,
  injuryForAssessmentType,
  injuryForCaseType,
  PRACTICE_AREAS,
} from "../../lib/taxonomy.ts";
import { generateLawyers } from "./generate.ts";

const ENTRIES: readonly InjuryTypeDefinition[] = INJURY_TYPES;

/** The spec's lists as SPEC.md writes them: every stored value must stay valid. */
const SPEC_CASE_TYPES = [
  "Car Accident",
  "Medical Malpractice",
  "Workplace Injury",
  "Slip and Fall",
  "Product Liability",
  "Wrongful Death",
  "Brain Injury",
  "Spinal Cord Injury",
  "Burn Injury",
  "Nursing Home Abuse",
  "Other",
];
const SPEC_ASSESSMENT_TYPES = [
  "Car Accidents",
  "Medical Malpractice",
  "Slip & Fall",
  "Workplace Injury",
  "Product Liability",
  "Wrongful Death",
  "Personal Injury",
  "Other",
];
const SPEC_PRACTICE_AREAS = [
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
];

function catalog(locale: string, ns: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(path.join(import.meta.dirname, "../../lib/i18n/catalogs", locale, `${ns}.json`), "utf8"),
  ) as Record<string, unknown>;
}

describe("the views keep the spec's stored values", () => {
  it("the case form offers the spec's 11 case types, plus Dog Bite and Motorcycle Accident", () => {
    for (const v of SPEC_CASE_TYPES) expect(CASE_TYPES).toContain(v);
    expect(CASE_TYPES).toContain("Dog Bite");
    expect(CASE_TYPES).toContain("Motorcycle Accident");
    expect(CASE_TYPES.at(-1)).toBe("Other");
    expect(new Set(CASE_TYPES).size).toBe(CASE_TYPES.length);
  });

  it("the assessment offers the spec's 8 case types, plus every injury of the case form", () => {
    for (const v of SPEC_ASSESSMENT_TYPES) expect(ASSESSMENT_CASE_TYPES).toContain(v);
    expect(ASSESSMENT_CASE_TYPES).toContain("Dog Bites");
    expect(ASSESSMENT_CASE_TYPES.at(-1)).toBe("Other");
    for (const e of ENTRIES) if (e.caseType) expect(e.assessmentType, e.id).toBeDefined();
  });

  it("the directory's practice areas are the spec's 12, in the spec's order", () => {
    expect([...PRACTICE_AREAS]).toEqual(SPEC_PRACTICE_AREAS);
  });

  it("ids are unique and each view value names exactly one injury type", () => {
    expect(new Set(ENTRIES.map((e) => e.id)).size).toBe(ENTRIES.length);
    for (const v of CASE_TYPES) expect(ENTRIES.filter((e) => e.caseType === v)).toHaveLength(1);
    for (const v of ASSESSMENT_CASE_TYPES)
      expect(ENTRIES.filter((e) => e.assessmentType === v)).toHaveLength(1);
  });
});

describe("every entry maps to practice areas whose lawyers handle it", () => {
  const lawyers = generateLawyers(1500, 5);

  it("every view entry maps to at least one practice area that demo lawyers list (or to general practices)", () => {
    for (const v of [...CASE_TYPES, ...ASSESSMENT_CASE_TYPES]) {
      const injury = injuryForCaseType(v) ?? injuryForAssessmentType(v);
      expect(injury, v).toBeDefined();
      const areas = (injury as InjuryTypeDefinition).areas;
      if (areas !== null) expect(areas.length, v).toBeGreaterThan(0);
      const handled = lawyers.filter((l) => handlesAreas(l.practiceAreas ?? [], areas));
      expect(handled.length, v).toBeGreaterThan(0);
    }
  });

  it("every practice area is reached from the case form and from the assessment", () => {
    for (const area of PRACTICE_AREAS) {
      const injuries = injuriesForArea(area);
      expect(
        injuries.some((i) => i.caseType),
        area,
      ).toBe(true);
      expect(
        injuries.some((i) => i.assessmentType),
        area,
      ).toBe(true);
    }
  });

  it("only Personal Injury and Other go to general practices", () => {
    expect(ENTRIES.filter((e) => e.areas === null).map((e) => e.id)).toEqual(["personalInjury", "other"]);
    expect(handlesAreas(["Car Accidents", "Dog Bites"], null)).toBe(false);
    expect(handlesAreas(["Car Accidents", "Dog Bites", "Mass Torts"], null)).toBe(
      GENERAL_PRACTICE_MIN_AREAS <= 3,
    );
  });

  it("a dog-bite victim picks Dog Bite, not Other, and reaches the Dog Bites lawyers", () => {
    expect(areasForCaseType("Dog Bite")).toEqual(["Dog Bites"]);
    expect(areasForAssessmentType("Dog Bites")).toEqual(["Dog Bites"]);
    expect(handlesInjury(["Dog Bites"], injuryForCaseType("Dog Bite") as InjuryTypeDefinition)).toBe(true);
    expect(handlesInjury(["Car Accidents"], injuryForCaseType("Dog Bite") as InjuryTypeDefinition)).toBe(
      false,
    );
  });

  it("the case form, the directory filter and the assessment for the same injury find the same lawyers", () => {
    for (const injury of ENTRIES) {
      if (!injury.caseType || !injury.assessmentType || injury.areas === null) continue;
      const byCaseForm = lawyers.filter((l) =>
        handlesAreas(l.practiceAreas ?? [], areasForCaseType(injury.caseType as string)),
      );
      const byAssessment = lawyers.filter((l) =>
        handlesAreas(l.practiceAreas ?? [], areasForAssessmentType(injury.assessmentType as string)),
      );
      const filter = directoryFilterFor(injury).practiceAreas ?? [];
      // The directory's rule (docs/search.md, spec deviation 15): a lawyer lists ANY checked area.
      const byDirectory = lawyers.filter((l) =>
        (l.practiceAreas ?? []).some((a) => (filter as string[]).includes(a)),
      );
      expect(
        byCaseForm.map((l) => l.email),
        injury.id,
      ).toEqual(byDirectory.map((l) => l.email));
      expect(
        byAssessment.map((l) => l.email),
        injury.id,
      ).toEqual(byDirectory.map((l) => l.email));
      expect(byDirectory.length, injury.id).toBeGreaterThan(0);
    }
  });

  it("an unknown stored value (an old row) reads as general practices, never throws", () => {
    expect(injuryForCaseType("Demo")).toBeUndefined();
    expect(areasForCaseType("Demo")).toBeNull();
  });
});

describe("every label is translated in the eight locales", () => {
  it("the one table (practice-area-terms.ts) has a label and search terms for every injury type", () => {
    expect(Object.keys(INJURY_TYPE_TERMS).sort()).toEqual(ENTRIES.map((e) => e.id).sort());
    for (const e of ENTRIES) {
      const english = injuryTypeTerms(e.id as keyof typeof INJURY_TYPE_TERMS, "en").label;
      for (const locale of SEARCH_LOCALES) {
        const t = injuryTypeTerms(e.id as keyof typeof INJURY_TYPE_TERMS, locale);
        expect(t.label.trim(), `${e.id} ${locale}`).not.toBe("");
        expect(t.terms.length, `${e.id} ${locale}`).toBeGreaterThan(0);
        if (locale !== "en") expect(t.label, `${e.id} ${locale} is translated`).not.toBe(english);
      }
    }
  });

  it("the case form's and the assessment's catalogs label every value of their view, in every locale", () => {
    for (const locale of SEARCH_LOCALES) {
      const cases = catalog(locale, "cases") as { caseTypes: Record<string, string>; dialogSubtitle: string };
      const assessment = catalog(locale, "assessment") as { caseTypes: Record<string, string> };
      for (const v of CASE_TYPES) expect(cases.caseTypes[optionKey(v)], `${locale} ${v}`).toBeTruthy();
      for (const v of ASSESSMENT_CASE_TYPES)
        expect(assessment.caseTypes[caseTypeKey(v)], `${locale} ${v}`).toBeTruthy();
      expect(cases.dialogSubtitle, locale).toBeTruthy();
    }
    const en = catalog("en", "cases") as { caseTypes: Record<string, string> };
    for (const v of CASE_TYPES) expect(en.caseTypes[optionKey(v)]).toBe(v);
  });
});
