import { describe, expect, it } from "vitest";
import { PRACTICE_AREAS } from "./constants.ts";
import {
  PRACTICE_AREA_TERMS,
  practiceAreaLabel,
  SEARCH_LOCALES,
  searchLocale,
} from "./i18n/practice-area-terms.ts";
import { translateQuery } from "./multilingual-query.ts";
import { SYNONYM_GROUPS } from "./query.ts";
import { foldText } from "./text-fold.ts";

describe("foldText (issue 14 §3)", () => {
  it.each([
    ["München", "munchen"],
    ["ＭＵＮＣＨＥＮ", "munchen"],
    ["São Paulo", "sao paulo"],
    ["Straße", "strasse"],
    ["مُحَامِي", "محامي"],
    ["أبو ظبي", "ابو ظبي"],
    ["ｶﾞｲﾄﾞ", "ガイド"],
    ["東京で", "東京で"],
  ])("%s -> %s", (text, key) => expect(foldText(text)).toBe(key));
});

describe("the practice-area table", () => {
  it("has every practice area of spec §3 and every locale, with a label and terms", () => {
    for (const area of PRACTICE_AREAS)
      expect(
        PRACTICE_AREA_TERMS.some((r) => r.area === area),
        area,
      ).toBe(true);
    for (const row of PRACTICE_AREA_TERMS) {
      for (const l of SEARCH_LOCALES) {
        expect(row.locales[l].label, `${row.area} ${l}`).not.toBe("");
        expect(row.locales[l].terms.length, `${row.area} ${l}`).toBeGreaterThan(0);
      }
    }
  });

  it("is the source of spec §5's synonym groups, in the spec's order", () => {
    expect(SYNONYM_GROUPS.map((g) => g.phrase)).toEqual([
      "car accident",
      "medical malpractice",
      "personal injury",
      "workplace injury",
      "slip and fall",
    ]);
    expect(SYNONYM_GROUPS[0]?.synonyms).toEqual(["auto accident", "vehicle accident", "traffic accident"]);
  });

  it("labels areas per locale, English for unknown locales", () => {
    expect(practiceAreaLabel("Car Accidents", "de")).toBe("Verkehrsunfälle");
    expect(practiceAreaLabel("Car Accidents", "ja")).toBe("交通事故");
    expect(practiceAreaLabel("Dog Bites", "pt-BR")).toBe("Mordidas de cachorro");
    expect(practiceAreaLabel("Dog Bites", "xx")).toBe("Dog Bites");
    expect(searchLocale("pt")).toBe("pt-BR");
    expect(searchLocale("de-AT")).toBe("de");
    expect(searchLocale(undefined)).toBe("en");
  });
});

describe("translateQuery (issue 14 §3)", () => {
  const places = new Set(["東京", "大阪"]);
  it.each([
    ["Unfallanwalt München", "car accident lawyer München"],
    ["avocat accident de la route Lyon", "lawyer car accident Lyon"],
    ["abogado accidente de tráfico Madrid", "lawyer car accident Madrid"],
    ["advogado acidente de trânsito São Paulo", "lawyer car accident São Paulo"],
    ["letselschade advocaat Rotterdam", "personal injury lawyer Rotterdam"],
    ["letselschadeadvocaat Rotterdam", "personal injury lawyer Rotterdam"],
    ["交通事故 弁護士 東京", "car accident lawyer 東京"],
    ["東京で交通事故の弁護士", "car accident lawyer in 東京"],
    ["محامي حوادث دبي", "lawyer car accident دبي"],
    ["محامي حوادث في دبي", "lawyer car accident in دبي"],
    ["Rechtsanwalt für Arzthaftung in Berlin", "lawyer medical malpractice in Berlin"],
    ["abogado cerca de Madrid", "lawyer in Madrid"],
    ["avvocato Milano", "lawyer Milano"],
    ["वकील London", "lawyer London"],
  ])("%s -> %s", (q, text) => {
    const t = translateQuery(q, places);
    expect(t.foreign).toBe(true);
    expect(t.text).toBe(text);
  });

  it("leaves English queries and names alone", () => {
    for (const q of ["car accident lawyer in Toronto", "Van Dyke", "De Souza lawyer", "Martin Fromm"]) {
      expect(translateQuery(q).foreign, q).toBe(false);
    }
  });
});
