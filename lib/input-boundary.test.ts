/**
 * lib/input-boundary.ts (issue 27 §2) by properties: parsed input never reaches Object.prototype,
 * and the fields found holding forbidden text are exactly those that hold NUL or an unpaired
 * surrogate somewhere, in a value or a key, at any depth.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forbiddenText, hostileJson, hostileKey, PROTOTYPE_KEYS } from "../tests/support/hostile-input.ts";
import {
  fieldNameOf,
  formTextFields,
  hasInvalidCharacters,
  INVALID_CHARACTERS_MESSAGE,
  invalidFormFields,
  invalidTextFields,
  parseJsonInput,
} from "./input-boundary.ts";

/** The oracle: NUL, or a surrogate code unit that is not half of a pair. */
function oracle(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

/** True when any string in `value` (keys included) holds forbidden text, by the oracle. */
function deepOracle(value: unknown): boolean {
  if (typeof value === "string") return oracle(value);
  if (Array.isArray(value)) return value.some(deepOracle);
  if (typeof value === "object" && value !== null)
    return Object.keys(value).some((k) => oracle(k) || deepOracle((value as Record<string, unknown>)[k]));
  return false;
}

/** Every object inside `value` has no prototype. */
function allWithoutPrototype(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(allWithoutPrototype);
  if (typeof value === "object" && value !== null)
    return (
      Object.getPrototypeOf(value) === null &&
      Object.values(value as Record<string, unknown>).every(allWithoutPrototype)
    );
  return true;
}

describe("hasInvalidCharacters", () => {
  it("agrees with the oracle on any text, lone surrogates and NUL included", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(hasInvalidCharacters(text)).toBe(oracle(text));
      }),
      { numRuns: 1000 },
    );
  });

  it("accepts well-formed text of any script, emoji and other control characters than NUL", () => {
    for (const text of ["Hamburg", "東京", "محامي", "😀👍🏽", "tab\tand\nline", "\u0001\u007f", ""])
      expect(hasInvalidCharacters(text)).toBe(false);
    for (const text of ["a\u0000", "\ud800", "x\udc00", "\ud83d", "😀\ud83d"])
      expect(hasInvalidCharacters(text)).toBe(true);
  });
});

describe("parseJsonInput", () => {
  it("parses like JSON.parse, with objects that have no prototype, and never touches Object.prototype", () => {
    fc.assert(
      fc.property(hostileJson, (value) => {
        const text = JSON.stringify(value);
        const parsed = parseJsonInput(text);
        expect(JSON.stringify(parsed)).toBe(text);
        expect(allWithoutPrototype(parsed)).toBe(true);
        expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(
          Object.getOwnPropertyNames(Object.getPrototypeOf({})).sort(),
        );
      }),
      { numRuns: 500 },
    );
  });

  it("keeps `__proto__` as an own key that changes nothing", () => {
    const parsed = parseJsonInput(
      '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
    ) as Record<string, unknown>;
    expect(Object.getPrototypeOf(parsed)).toBeNull();
    expect(Object.keys(parsed)).toEqual(["__proto__", "constructor"]);
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    const own = Object.getOwnPropertyDescriptor(parsed, "__proto__")?.value as { polluted: boolean };
    expect(own.polluted).toBe(true);
  });

  it("throws SyntaxError on text that is not JSON", () => {
    expect(() => parseJsonInput("{")).toThrow(SyntaxError);
  });
});

describe("invalidTextFields", () => {
  it("names exactly the top-level fields holding forbidden text at any depth, keys included", () => {
    const body = fc.dictionary(
      fc.oneof(hostileKey, fc.string({ maxLength: 6 }), forbiddenText()),
      fc.oneof(
        hostileJson,
        forbiddenText(),
        fc.array(forbiddenText(), { maxLength: 2 }),
        fc.dictionary(forbiddenText(), fc.string(), { maxKeys: 2 }),
      ),
      { maxKeys: 5 },
    );
    fc.assert(
      fc.property(body, (input) => {
        const parsed = parseJsonInput(JSON.stringify(input)) as Record<string, unknown>;
        const found = invalidTextFields(parsed);
        expect(Object.getPrototypeOf(found)).toBeNull();
        const expected = new Set(
          Object.keys(parsed)
            .filter((k) => oracle(k) || deepOracle(parsed[k]))
            .map(fieldNameOf),
        );
        expect(Object.keys(found).sort()).toEqual([...expected].sort());
        for (const list of Object.values(found)) expect(list).toEqual([INVALID_CHARACTERS_MESSAGE]);
      }),
      { numRuns: 500 },
    );
  });

  it("names an array's elements by index and answers {} for anything but an object or array", () => {
    expect({ ...invalidTextFields(["ok", ["\u0000"]]) }).toEqual({ "1": [INVALID_CHARACTERS_MESSAGE] });
    for (const input of [null, undefined, 1, "\u0000", true])
      expect({ ...invalidTextFields(input) }).toEqual({});
  });

  it("walks a body nested thousands of levels deep without overflowing the stack", () => {
    const deep = `${"[".repeat(20_000)}"\\u0000"${"]".repeat(20_000)}`;
    expect(Object.keys(invalidTextFields({ a: JSON.parse(deep) }))).toEqual(["a"]);
  });
});

describe("page forms", () => {
  it("formTextFields keeps the first text value of every name, hostile names as ordinary keys", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.oneof(hostileKey, fc.string({ maxLength: 6 })), fc.string()), { maxLength: 8 }),
        (entries) => {
          const form = new FormData();
          for (const [name, value] of entries) form.append(name, value);
          const fields = formTextFields(form);
          expect(Object.getPrototypeOf(fields)).toBeNull();
          const first = new Map<string, string>();
          for (const [name, value] of form)
            if (typeof value === "string" && !first.has(name)) first.set(name, value);
          // (integer-like keys come first in any object: compared as sets of entries)
          expect(Object.entries(fields).sort()).toEqual([...first.entries()].sort());
        },
      ),
    );
  });

  it("invalidFormFields names each field whose name, text or file name holds forbidden text", () => {
    const form = new FormData();
    form.append("ok", "fine");
    form.append("regulator", "State Bar\u0000");
    form.append("__proto__", "\u0000");
    form.append("na\u0000me", "x");
    form.append("documents", new Blob(["%PDF"]), "a\u0000.pdf");
    expect(Object.keys(invalidFormFields(form))).toEqual([
      "regulator",
      "__proto__",
      "na\u0000me",
      "documents",
    ]);
    expect(PROTOTYPE_KEYS).toContain("__proto__");
  });
});
