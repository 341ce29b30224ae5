/**
 * Specificity and fitting areas of the one taxonomy (issue 28 §1; lib/taxonomy.ts,
 * docs/taxonomy.md "Specificity"): the order the description reader names areas in, and the
 * areas a reading brings along through the injury types' mapping. Property tests over every
 * subset of the twelve practice areas.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AREAS_BY_SPECIFICITY,
  areaBreadth,
  bySpecificity,
  fittingAreas,
  INJURY_TYPES,
  injuryForAssessmentType,
  ownInjuryAreas,
  PRACTICE_AREAS,
  type PracticeArea,
} from "./taxonomy.ts";

const areaSets = fc.uniqueArray(fc.constantFrom(...PRACTICE_AREAS), { minLength: 0, maxLength: 12 });
const rank = (a: PracticeArea) => AREAS_BY_SPECIFICITY.indexOf(a);

describe("specificity (issue 28 §1)", () => {
  it("orders all twelve areas from the narrowest to the widest", () => {
    expect([...AREAS_BY_SPECIFICITY].sort()).toEqual([...PRACTICE_AREAS].sort());
    for (let i = 1; i < AREAS_BY_SPECIFICITY.length; i++) {
      const [a, b] = [AREAS_BY_SPECIFICITY[i - 1] as PracticeArea, AREAS_BY_SPECIFICITY[i] as PracticeArea];
      expect(areaBreadth(a), `${a} before ${b}`).toBeLessThanOrEqual(areaBreadth(b));
    }
  });

  it("puts every area before the wider areas its own injury type also maps to", () => {
    const checked: string[] = [];
    for (const area of PRACTICE_AREAS) {
      const own = injuryForAssessmentType(area);
      if (!own?.areas) continue;
      expect(own.areas[0]).toBe(area);
      for (const other of own.areas.slice(1)) {
        expect(rank(area), `${area} before ${other}`).toBeLessThan(rank(other));
        checked.push(`${area} > ${other}`);
      }
    }
    expect(checked).toEqual([
      "Slip & Fall > Premises Liability",
      "Motorcycle Accidents > Car Accidents",
      "Birth Injury > Medical Malpractice",
      "Defective Drugs > Mass Torts",
    ]);
  });

  it("names the issue's examples specific first", () => {
    expect(bySpecificity(["Medical Malpractice", "Birth Injury"])).toEqual([
      "Birth Injury",
      "Medical Malpractice",
    ]);
    expect(bySpecificity(["Premises Liability", "Dog Bites"])).toEqual(["Dog Bites", "Premises Liability"]);
  });

  it("bySpecificity drops repeats and does not depend on the input order", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PRACTICE_AREAS), { maxLength: 20 }), (areas) => {
        const out = bySpecificity(areas);
        expect(bySpecificity([...areas].reverse())).toEqual(out);
        expect([...out].sort()).toEqual([...new Set(areas)].sort());
        for (let i = 1; i < out.length; i++)
          expect(rank(out[i - 1] as PracticeArea)).toBeLessThan(rank(out[i] as PracticeArea));
      }),
    );
  });
});

describe("fittingAreas (issue 28 §1)", () => {
  it("adds what each area's own injury type maps to: a birth injury is also medical malpractice", () => {
    expect(fittingAreas(["Birth Injury"])).toEqual(["Birth Injury", "Medical Malpractice"]);
    expect(fittingAreas(["Motorcycle Accidents"])).toEqual(["Motorcycle Accidents", "Car Accidents"]);
    expect(fittingAreas(["Slip & Fall"])).toEqual(["Slip & Fall", "Premises Liability"]);
    expect(fittingAreas(["Defective Drugs", "Product Liability"])).toEqual([
      "Defective Drugs",
      "Mass Torts",
      "Product Liability",
    ]);
    // The wider area does not bring the narrower one: malpractice is not always a birth injury.
    expect(fittingAreas(["Medical Malpractice"])).toEqual(["Medical Malpractice"]);
    expect(fittingAreas(["Premises Liability"])).toEqual(["Premises Liability"]);
  });

  it("is the smallest closed superset, ordered by specificity", () => {
    fc.assert(
      fc.property(areaSets, (areas) => {
        const out = fittingAreas(areas);
        for (const a of areas) expect(out).toContain(a);
        // Closed: every area's own injury type's areas are in it, and applying it again changes nothing.
        for (const a of out) for (const b of ownInjuryAreas(a)) expect(out).toContain(b);
        expect(fittingAreas(out)).toEqual(out);
        // Smallest: every added area is mapped by an area of the input.
        for (const a of out) {
          if (!areas.includes(a))
            expect(
              areas.some((x) => ownInjuryAreas(x).includes(a)),
              a,
            ).toBe(true);
        }
        expect(out).toEqual(bySpecificity(out));
      }),
    );
  });

  it("of an injury type named like its area equals that injury type's areas", () => {
    for (const injury of INJURY_TYPES) {
      if (!injury.areas || injury.assessmentType !== injury.areas[0]) continue;
      expect(fittingAreas([injury.areas[0]])).toEqual(bySpecificity(injury.areas));
    }
  });
});
