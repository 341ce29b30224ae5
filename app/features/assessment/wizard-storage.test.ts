/**
 * The wizard's answers kept in the tab (issue 5 QA): what is written is read back unchanged,
 * and anything malformed, of another version or out of range is ignored rather than trusted.
 */
import { describe, expect, it } from "vitest";
import { PERSONALITY_TRAITS } from "../../../lib/constants.ts";
import { initialAnswers, type WizardAnswers } from "./wizard";
import {
  type AnswerStorage,
  clearAnswers,
  loadAnswers,
  parseStoredAnswers,
  saveAnswers,
  serializeAnswers,
  WIZARD_STORAGE_KEY,
} from "./wizard-storage";

const COUNTRIES = new Set(["CA", "GB", "US"]);

const answered: WizardAnswers = {
  ...initialAnswers("CA"),
  traits: { ...initialAnswers().traits, openness: 10, neuroticism: 1, techSavvy: 7 },
  communicationPreference: "direct",
  approachPreference: "methodical",
  priorityFocus: "results",
  caseType: "Personal Injury",
  caseComplexity: "complex",
  timePreference: "flexible",
  country: "GB",
};

/** A Map-backed Storage; `broken` makes every call throw, as a blocked or full storage does. */
function memoryStorage(broken = false): AnswerStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  const guard = () => {
    if (broken) throw new DOMException("blocked", "SecurityError");
  };
  return {
    map,
    getItem: (k) => {
      guard();
      return map.get(k) ?? null;
    },
    setItem: (k, v) => {
      guard();
      map.set(k, v);
    },
    removeItem: (k) => {
      guard();
      map.delete(k);
    },
  };
}

/** Stored text of `answered` with `changes` applied to its answers. */
function storedWith(changes: Record<string, unknown>): string {
  return JSON.stringify({ v: 1, answers: { ...answered, ...changes } });
}

describe("parseStoredAnswers", () => {
  it("reads back exactly what was written", () => {
    expect(parseStoredAnswers(serializeAnswers(answered), COUNTRIES, "CA")).toEqual(answered);
    const fresh = initialAnswers("");
    expect(parseStoredAnswers(serializeAnswers(fresh), COUNTRIES, "CA")).toEqual(fresh);
  });

  it("gives null for nothing, non-JSON, another version or another shape", () => {
    for (const text of [
      null,
      "",
      "{",
      "null",
      "[]",
      '"text"',
      "42",
      JSON.stringify({ answers: answered }),
      JSON.stringify({ v: 2, answers: answered }),
      JSON.stringify({ v: "1", answers: answered }),
      JSON.stringify({ v: 1 }),
      JSON.stringify({ v: 1, answers: [] }),
      JSON.stringify({ v: 1, answers: "x" }),
    ])
      expect(parseStoredAnswers(text, COUNTRIES, "CA"), String(text)).toBeNull();
  });

  it("ignores traits that are not integers from 1 to 10, keeping the valid ones", () => {
    for (const bad of [0, 11, -1, 5.5, "7", null, true, Number.NaN]) {
      const restored = parseStoredAnswers(
        storedWith({ traits: { ...answered.traits, openness: bad } }),
        COUNTRIES,
        "CA",
      );
      expect(restored?.traits.openness, String(bad)).toBe(5);
      expect(restored?.traits.techSavvy).toBe(7);
    }
    const noTraits = parseStoredAnswers(storedWith({ traits: "high" }), COUNTRIES, "CA");
    expect(Object.values(noTraits?.traits ?? {})).toEqual(PERSONALITY_TRAITS.map(() => 5));
    expect(noTraits?.communicationPreference).toBe("direct");
    // Unknown extra traits are dropped.
    const extra = parseStoredAnswers(storedWith({ traits: { ...answered.traits, charm: 9 } }), COUNTRIES);
    expect(Object.keys(extra?.traits ?? {})).toEqual([...PERSONALITY_TRAITS]);
  });

  it("ignores a choice outside the spec's option list", () => {
    const restored = parseStoredAnswers(
      storedWith({ communicationPreference: "loud", caseType: "personal injury", timePreference: 3 }),
      COUNTRIES,
      "CA",
    );
    expect(restored).toMatchObject({
      communicationPreference: "",
      caseType: "",
      timePreference: "",
      approachPreference: "methodical",
      priorityFocus: "results",
      caseComplexity: "complex",
    });
  });

  it("keeps a chosen country or Anywhere, and ignores a country that is not offered", () => {
    expect(parseStoredAnswers(storedWith({ country: "US" }), COUNTRIES, "CA")?.country).toBe("US");
    expect(parseStoredAnswers(storedWith({ country: "" }), COUNTRIES, "CA")?.country).toBe("");
    for (const bad of ["FR", "gb", "United Kingdom", 1, null])
      expect(parseStoredAnswers(storedWith({ country: bad }), COUNTRIES, "CA")?.country, String(bad)).toBe(
        "CA",
      );
  });
});

describe("preferred language (issue 14 §4)", () => {
  it("keeps a stored ISO 639-1 code or no preference, and falls back to the default for anything else", () => {
    expect(parseStoredAnswers(storedWith({ language: "de" }), COUNTRIES, "CA", "fr")?.language).toBe("de");
    expect(parseStoredAnswers(storedWith({ language: "" }), COUNTRIES, "CA", "fr")?.language).toBe("");
    for (const bad of ["DE", "deu", "xx", 1, null, undefined])
      expect(
        parseStoredAnswers(storedWith({ language: bad }), COUNTRIES, "CA", "fr")?.language,
        String(bad),
      ).toBe("fr");
  });
});

describe("load, save and clear", () => {
  it("round-trips through one key and clears it", () => {
    const storage = memoryStorage();
    expect(loadAnswers(storage, COUNTRIES)).toBeNull();
    saveAnswers(storage, answered);
    expect([...storage.map.keys()]).toEqual([WIZARD_STORAGE_KEY]);
    expect(JSON.parse(storage.map.get(WIZARD_STORAGE_KEY) as string)).toMatchObject({ v: 1 });
    expect(loadAnswers(storage, COUNTRIES, "CA")).toEqual(answered);
    clearAnswers(storage);
    expect(storage.map.size).toBe(0);
    expect(loadAnswers(storage, COUNTRIES)).toBeNull();
  });

  it("works without storage, and a storage that throws behaves as empty", () => {
    const broken = memoryStorage(true);
    expect(() => saveAnswers(broken, answered)).not.toThrow();
    expect(loadAnswers(broken, COUNTRIES)).toBeNull();
    expect(() => clearAnswers(broken)).not.toThrow();
    expect(loadAnswers(undefined, COUNTRIES)).toBeNull();
    expect(() => saveAnswers(undefined, answered)).not.toThrow();
  });
});
