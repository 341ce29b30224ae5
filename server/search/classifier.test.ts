/**
 * Units of the description classifier and of the description test (issue 19 §4;
 * server/search/classifier.ts, description.ts): deterministic training, text folding, what reads
 * as a description and what does not (names, practice-area queries, every row of the search
 * quality table of docs/search.md).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyDescription, classifyWith, featuresOf, loadDescriptions, trainModel } from "./classifier.ts";
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
