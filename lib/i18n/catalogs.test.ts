/**
 * Catalog completeness (issue 14 §1 "Catalogs are complete: a test fails on a key missing from
 * any locale"): every locale has every namespace of the English source with exactly its keys,
 * no empty message, every message is valid ICU MessageFormat and uses the same arguments as the
 * English one (a translation cannot drop "{count}" or invent "{name}").
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { DEFAULT_LOCALE, LOCALES } from "./locales.ts";

const DIR = path.join(import.meta.dirname, "catalogs");

/** Flattens nested catalog objects into "a.b.c" -> message. */
function flatten(value: unknown, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, value);
  return out;
}

function load(locale: string, ns: string): Map<string, unknown> {
  return flatten(JSON.parse(readFileSync(path.join(DIR, locale, `${ns}.json`), "utf8")));
}

/** The argument names of an ICU message ("{count, plural, …}" -> count). */
function argumentsOf(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (
      el.type === TYPE.argument ||
      el.type === TYPE.number ||
      el.type === TYPE.date ||
      el.type === TYPE.time
    )
      out.add(el.value);
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.add(el.value);
      for (const option of Object.values(el.options)) argumentsOf(option.value, out);
    }
    if (el.type === TYPE.tag) argumentsOf(el.children, out);
  }
  return out;
}

const namespaces = readdirSync(path.join(DIR, DEFAULT_LOCALE))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -5));

describe("translation catalogs (issue 14 §1)", () => {
  it("every locale has a folder and no namespace English lacks", () => {
    expect(readdirSync(DIR).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const files = readdirSync(path.join(DIR, locale)).map((f) => f.replace(/\.json$/, ""));
      expect(files.sort(), locale).toEqual([...namespaces].sort());
    }
  });

  for (const ns of namespaces) {
    const source = load(DEFAULT_LOCALE, ns);
    it(`${ns}: English messages are non-empty, valid ICU`, () => {
      for (const [key, message] of source) {
        expect(typeof message, `${ns}:${key}`).toBe("string");
        expect((message as string).trim(), `${ns}:${key}`).not.toBe("");
        expect(() => parse(message as string), `${ns}:${key}`).not.toThrow();
      }
    });
    for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
      it(`${ns}: ${locale} has exactly the English keys, each valid ICU with the same arguments`, () => {
        const catalog = load(locale, ns);
        expect(
          [...catalog.keys()].filter((k) => !source.has(k)),
          "keys English does not have",
        ).toEqual([]);
        expect(
          [...source.keys()].filter((k) => !catalog.has(k)),
          "missing keys",
        ).toEqual([]);
        for (const [key, english] of source) {
          const message = catalog.get(key);
          expect(typeof message, `${locale} ${ns}:${key}`).toBe("string");
          expect((message as string).trim(), `${locale} ${ns}:${key}`).not.toBe("");
          const wanted = [...argumentsOf(parse(english as string))].sort();
          const got = [...argumentsOf(parse(message as string))].sort();
          expect(got, `${locale} ${ns}:${key} arguments`).toEqual(wanted);
        }
      });
    }
  }
});
