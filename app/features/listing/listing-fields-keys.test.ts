/**
 * The listing form's field table (ListingFields.tsx LISTING_TEXT_FIELDS) names its labels, hints
 * and placeholders by catalog key: a literal English text there escapes the JSX literal-string
 * test and would show English on every page (it did: "Languages spoken" on the Arabic form).
 * Every label and description must be a key of the "listing" catalog in every locale; a
 * placeholder is a key too unless it is text any language reads ("https://", "en, fr").
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../lib/i18n/locales.ts";
import { LISTING_TEXT_FIELDS } from "./ListingFields";

function has(catalog: Record<string, unknown>, key: string): boolean {
  let node: unknown = catalog;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" && node.length > 0;
}

describe("the listing form's field table uses catalog keys (issue 14 §1)", () => {
  for (const locale of LOCALES) {
    it(`every label and hint is a key of ${locale}/listing.json`, () => {
      const catalog = JSON.parse(
        readFileSync(
          path.join(import.meta.dirname, "../../../lib/i18n/catalogs", locale, "listing.json"),
          "utf8",
        ),
      ) as Record<string, unknown>;
      for (const [field, spec] of Object.entries(LISTING_TEXT_FIELDS)) {
        const s = spec as { label: string; description?: string; placeholder?: string };
        expect(has(catalog, s.label), `${field}.label "${s.label}"`).toBe(true);
        if (s.description) expect(has(catalog, s.description), `${field}.description`).toBe(true);
        if (s.placeholder && /^[a-z]+\.[A-Za-z.]+$/.test(s.placeholder))
          expect(has(catalog, s.placeholder), `${field}.placeholder`).toBe(true);
      }
    });
  }
});
