/**
 * Units of the description classifier and of the description test (issue 19 §4, issue 28 §1;
 * server/search/classifier.ts, description.ts): deterministic training, text folding, every
 * fitting area most specific first, what reads as a description and what does not (names,
 * practice-area queries, every row of the search quality table of docs/search.md).
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PRACTICE_AREA_TERMS } from "../../lib/i18n/practice-area-terms.ts";
import { bySpecificity, fittingAreas, type PracticeArea } from "../../lib/taxonomy.ts";
import {
  classifyDescription,
  classifyWith,
  descriptionModel,
  featuresOf,
  loadDescriptions,
  trainModel,
} from "./classifier.ts";
import { readsAsDescription } from "./description.ts";

describe("classifier (issue 19 §4)", () => {
  it("trains deterministically: the same data gives the same scores, whatever the order", () => {
    const data = loadDescriptions("train");
    const a = trainModel(data);
    const b = trainModel([...data].reverse());
    for (const text of [
      "I slipped on a wet floor at the supermarket",
      "صدمتني سيارة",
      "交通事故でむち打ちになった",
    ]) {
      expect(classifyWith(a, text).ranking).toEqual(classifyWith(b, text).ranking);
    }
    expect(classifyDescription("mein Hund wurde gebissen")).toEqual(
      classifyDescription("mein Hund wurde gebissen"),
    );
  });

  it("reads through case, accents, full-width letters and Arabic letter variants (lib/text-fold.ts)", () => {
    expect(featuresOf("MEIN HUND WURDE GEBISSEN")).toEqual(featuresOf("mein Hund wurde gebissen"));
    expect(featuresOf("me caí en el supermercado")).toEqual(featuresOf("Me cai en el SUPERMERCADO"));
    expect(featuresOf("ｍｅｉｎ Ｈｕｎｄ")).toEqual(featuresOf("mein Hund"));
    expect(featuresOf("أصبت في العمل")).toEqual(featuresOf("اصبت في العمل"));
  });

  it("maps the issue's examples to their practice areas", () => {
    expect(classifyDescription("I slipped on a wet floor at the supermarket").areas).toContain("Slip & Fall");
    expect(classifyDescription("mein Hund wurde gebissen").areas[0]).toBe("Dog Bites");
    expect(classifyDescription("ich wurde von einem Hund gebissen").areas[0]).toBe("Dog Bites");
    expect(classifyDescription("me caí en el supermercado").areas).toContain("Slip & Fall");
    expect(classifyDescription("交通事故でむち打ちになった").areas[0]).toBe("Car Accidents");
    expect(classifyDescription("صدمتني سيارة").areas[0]).toBe("Car Accidents");
  });

  it("reads a birth injury by a medical error as Birth Injury and Medical Malpractice, the specific first (issue 28 §1)", () => {
    for (const text of [
      "meu filho nasceu com uma lesão por erro médico no parto",
      "erro médico no parto",
      "negligencia médica en el parto",
      "medical negligence during birth, my son has a brachial plexus injury",
      "ein Behandlungsfehler bei der Geburt, unser Sohn hat einen Hirnschaden",
      "出産の時の医療ミスで娘に障害が残った",
    ]) {
      expect(classifyDescription(text).areas, text).toEqual(["Birth Injury", "Medical Malpractice"]);
    }
    // Malpractice that is no birth stays Medical Malpractice alone.
    expect(classifyDescription("the surgeon left a sponge inside me").areas).toEqual(["Medical Malpractice"]);
  });

  it("keeps a death's cause beside Wrongful Death, and a motorcycle's road-traffic lawyers", () => {
    expect(classifyDescription("my husband died when a drunk driver hit his car").areas).toEqual([
      "Wrongful Death",
      "Car Accidents",
    ]);
    expect(classifyDescription("a van knocked me off my motorbike").areas).toEqual([
      "Motorcycle Accidents",
      "Car Accidents",
    ]);
  });

  it("answers, for any text, every fitting area most specific first, the main area among them", () => {
    const vocabulary = [...descriptionModel().words];
    const texts = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.array(fc.constantFrom(...vocabulary), { minLength: 1, maxLength: 12 }).map((w) => w.join(" ")),
    );
    fc.assert(
      fc.property(texts, (text) => {
        const c = classifyDescription(text);
        expect(c.areas.length).toBeGreaterThan(0);
        expect(c.areas).toEqual(fittingAreas(c.areas));
        expect(c.areas).toEqual(bySpecificity(c.areas));
        expect(c.areas).toContain(c.main);
        for (const a of c.labelSet) expect(c.areas).toContain(a);
        expect(c.main).toBe(c.ranking[0]?.area);
      }),
      { numRuns: 300 },
    );
  });

  it("loads every data line with at least one known practice area, 200+ held out", () => {
    expect(loadDescriptions("train").every((d) => d.areas.length > 0)).toBe(true);
    expect(loadDescriptions("heldout").length).toBeGreaterThanOrEqual(200);
  });
});

describe("readsAsDescription (issue 19 §4)", () => {
  it("reads a description in each language as one", () => {
    for (const q of [
      "I was hit by a car in Munich",
      "mein Hund wurde gebissen",
      "j'ai glissé dans un magasin",
      "me caí en el supermercado",
      "fui atropelado por uma moto",
      "ik ben gebeten door een hond",
      "交通事故でむち打ちになった",
      "صدمتني سيارة",
    ]) {
      expect(readsAsDescription(q), q).toBe(true);
    }
  });

  it("reads a case named by the terms of two practice areas as a description (issue 28 §1)", () => {
    for (const q of [
      "erro médico no parto",
      "erro médico no parto em São Paulo",
      "negligencia médica en el parto",
      "medical malpractice birth injury",
    ]) {
      expect(readsAsDescription(q), q).toBe(true);
    }
    // Generated: a term of one area and a term of another, disjoint area of the same language.
    const byLocale = PRACTICE_AREA_TERMS.filter((r) => r.area !== "Personal Injury").flatMap((r) =>
      Object.entries(r.locales).flatMap(([locale, l]) =>
        l.terms.map((term) => ({ locale, term, area: r.area })),
      ),
    );
    const latin = byLocale.filter((t) => t.locale !== "ja");
    fc.assert(
      fc.property(fc.constantFrom(...latin), fc.constantFrom(...latin), (a, b) => {
        fc.pre(
          a.locale === b.locale && !fittingAreas([a.area as PracticeArea]).includes(b.area as PracticeArea),
        );
        fc.pre(!fittingAreas([b.area as PracticeArea]).includes(a.area as PracticeArea));
        fc.pre(
          !PRACTICE_AREA_TERMS.some(
            (r) => r.area === a.area && Object.values(r.locales).some((l) => l.terms.includes(b.term)),
          ),
        );
        expect(readsAsDescription(`${a.term} ${b.term}`), `${a.term} ${b.term}`).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("reads no single practice-area term of any language as a description, with or without a lawyer word", () => {
    const terms = PRACTICE_AREA_TERMS.flatMap((r) => Object.values(r.locales).flatMap((l) => l.terms));
    expect(terms.filter((t) => readsAsDescription(t) || readsAsDescription(`lawyer ${t} Berlin`))).toEqual(
      [],
    );
  });

  it("does not read names, firms, places and practice-area queries as descriptions", () => {
    for (const q of [
      undefined,
      "",
      "Maria Schmidt",
      "Dr. Hans Müller Berlin",
      "Smith & Partners",
      "I need a lawyer",
      "my lawyer in Berlin",
      "car accident lawyer",
      "dog bite lawyer Cologne",
    ]) {
      expect(readsAsDescription(q), String(q)).toBe(false);
    }
  });

  it("leaves every query of the search quality table (docs/search.md) as it was", () => {
    const doc = readFileSync(new URL("../../docs/search.md", import.meta.url), "utf8");
    const body = doc.split("<!-- quality-table:start -->")[1]?.split("<!-- quality-table:end -->")[0] ?? "";
    const queries = body
      .split("\n")
      .filter((l) => /^\|\s*\d+\s*\|/.test(l))
      .map((l) => l.split("|")[3]?.trim() ?? "");
    expect(queries.length).toBeGreaterThanOrEqual(60);
    expect(queries.filter((q) => readsAsDescription(q))).toEqual([]);
  });
});
