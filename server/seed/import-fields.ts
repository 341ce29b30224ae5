/**
 * The field parsers of an import row (issue 2 §2; format in docs/import.md): texts, URLs,
 * numbers from CSV text, enumerations, lists and the JSON-or-text fields, each with the message
 * docs/import.md quotes. server/seed/import-schema.ts puts them together into one row's schema.
 */

import { z } from "zod";
import {
  PERSONALITY_TRAITS,
  PRACTICE_AREAS,
  TRAIT_DEFAULT,
  TRAIT_MAX,
  TRAIT_MIN,
} from "../../lib/constants.ts";
import { MAX_LANGUAGES, parseLanguageList } from "../../lib/languages.ts";
import { parseSpecialistTitles, SPECIALIST_TITLES_MAX } from "../../lib/specialist-titles.ts";

/** A required text of at most `max` characters (trimmed). */
export const requiredText = (max: number) =>
  z
    .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be text") })
    .trim()
    .min(1, "is required")
    .max(max, `must be at most ${max} characters`);

/** An optional text of at most `max` characters (trimmed). */
export const optionalText = (max: number) =>
  z.string({ error: "must be text" }).trim().max(max, `must be at most ${max} characters`).optional();

/** An optional http(s) URL of at most `max` characters. */
export const optionalUrl = (max: number) =>
  optionalText(max).refine((v) => v === undefined || isHttpUrl(v), "must be an http:// or https:// URL");

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Numbers may arrive as text (CSV) or numbers (JSON). */
export const numberFromText = (schema: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : v), schema);

/** A finite number. */
export const number = () =>
  z.number({ error: "must be a number" }).refine(Number.isFinite, "must be a number");

/** True for 0 given as a number or a text ("0", " 0.00 "), the one value a rating column may carry. */
function isZero(value: unknown): boolean {
  if (typeof value === "number") return value === 0;
  return typeof value === "string" && value.trim() !== "" && Number(value.trim()) === 0;
}

/**
 * `rating` and `reviewCount` (issue 16 §1: the lawyer JSON's `rating` and `reviewCount` are the
 * average and count of reviews PUBLISHED on LexAtlas after a verified engagement; spec deviation
 * 49): a file may no longer bring them from elsewhere (FTC 16 CFR 465, EU Omnibus Directive
 * 2019/2161: no review figures whose source the platform cannot vouch for). The columns stay
 * known so an older file gets this message rather than "unknown column"; empty or 0 is accepted
 * for compatibility, anything else rejects the row (and so the whole file).
 */
export const notFromElsewhere = (what: string) =>
  z
    .unknown()
    .refine(isZero, `${what} come only from reviews verified on LexAtlas; leave it empty`)
    .optional();

/** Optionally one of `values`, with the list in the message. */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of: ${values.join(", ")}` }).optional();

const practiceAreaByKey = new Map(PRACTICE_AREAS.map((a) => [a.toLowerCase(), a]));

/** Practice areas: a JSON array or a ";"-separated text; each one of the spec's list (any case). */
export const practiceAreasField = z
  .union([z.string(), z.array(z.string())], { error: 'must be a list of practice areas separated by ";"' })
  .transform((value, ctx) => {
    const parts = (Array.isArray(value) ? value : value.split(";")).map((p) => p.trim()).filter(Boolean);
    const out: string[] = [];
    for (const p of parts) {
      const known = practiceAreaByKey.get(p.toLowerCase());
      if (!known) {
        ctx.addIssue({
          code: "custom",
          message: `unknown practice area "${p}"; use one of: ${PRACTICE_AREAS.join(", ")}`,
        });
        return z.NEVER;
      }
      if (!out.includes(known)) out.push(known);
    }
    if (out.length === 0) {
      ctx.addIssue({ code: "custom", message: "needs at least one practice area" });
      return z.NEVER;
    }
    return out;
  });

/**
 * Languages spoken (issue 14 §4): a JSON array or a text separated by ";", "," or spaces, each an
 * ISO 639-1 code in any case ("de; EN"); duplicates dropped; at most MAX_LANGUAGES; may be empty.
 */
export const languagesField = z
  .union([z.string(), z.array(z.string())], {
    error: 'must be a list of ISO 639-1 language codes separated by ";", such as "de; en"',
  })
  .transform((value, ctx) => {
    const { codes, unknown } = parseLanguageList(Array.isArray(value) ? value.join(";") : value);
    if (unknown.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `unknown language code${unknown.length > 1 ? "s" : ""} ${unknown.map((u) => `"${u}"`).join(", ")}; use ISO 639-1 codes such as "en", "de", "ar"`,
      });
      return z.NEVER;
    }
    if (codes.length > MAX_LANGUAGES) {
      ctx.addIssue({ code: "custom", message: `lists more than ${MAX_LANGUAGES} languages` });
      return z.NEVER;
    }
    return codes;
  });

/** Personality ratings: an object (or its JSON text) with any of the eight traits, each 1-10; missing ones are 5. */
export const personalityTraitsField = z
  .union([z.string(), z.record(z.string(), z.unknown())], { error: "must be a JSON object of trait ratings" })
  .transform((value, ctx) => {
    let obj: unknown = value;
    if (typeof value === "string") {
      try {
        obj = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: 'must be a JSON object such as {"openness": 7}' });
        return z.NEVER;
      }
    }
    if (typeof obj !== "object" || obj === null || Array.isArray(obj)) {
      ctx.addIssue({ code: "custom", message: 'must be a JSON object such as {"openness": 7}' });
      return z.NEVER;
    }
    const traits: Record<string, number> = {};
    for (const t of PERSONALITY_TRAITS) traits[t] = TRAIT_DEFAULT;
    for (const [key, v] of Object.entries(obj)) {
      if (!(PERSONALITY_TRAITS as readonly string[]).includes(key)) {
        ctx.addIssue({
          code: "custom",
          message: `unknown trait "${key}"; use ${PERSONALITY_TRAITS.join(", ")}`,
        });
        return z.NEVER;
      }
      if (typeof v !== "number" || !Number.isInteger(v) || v < TRAIT_MIN || v > TRAIT_MAX) {
        ctx.addIssue({
          code: "custom",
          message: `${key} must be a whole number from ${TRAIT_MIN} to ${TRAIT_MAX}`,
        });
        return z.NEVER;
      }
      traits[key] = v;
    }
    return traits;
  });

/** The last year an imported title may carry (as admissionYear's bound: the file is not checked against a clock). */
const IMPORT_LAST_YEAR = 2100;

/**
 * Specialist titles (issue 28 §2; lib/specialist-titles.ts): a JSON array (or its JSON text in a
 * CSV cell) of at most five `{ "title", "issuer", "area", "since" }`, checked by the listing
 * form's own rule (parseSpecialistTitles); the first problem names the title and field.
 */
export const specialistTitlesField = z
  .union([z.string(), z.array(z.unknown())], { error: "must be a JSON array of specialist titles" })
  .transform((value, ctx) => {
    let list: unknown = value;
    if (typeof value === "string") {
      if (value.trim() === "") return [];
      try {
        list = JSON.parse(value);
      } catch {
        ctx.addIssue({
          code: "custom",
          message:
            'must be a JSON array such as [{"title": "…", "issuer": "…", "area": "Car Accidents", "since": 2012}]',
        });
        return z.NEVER;
      }
    }
    const { titles, errors } = parseSpecialistTitles(list, IMPORT_LAST_YEAR);
    if (!titles) {
      const [key] = Object.keys(errors);
      const where = key?.match(/^specialistTitles\.(\d+)\.(\w+)$/);
      ctx.addIssue({
        code: "custom",
        message: where
          ? `title ${Number(where[1]) + 1}: ${where[2]} is missing or invalid (title and issuer: one line of at most 200 characters; area: one of the practice areas; since: a year from 1950; no title twice)`
          : `must be a JSON array of at most ${SPECIALIST_TITLES_MAX} titles, each with exactly title, issuer, area and since`,
      });
      return z.NEVER;
    }
    return titles;
  });

/** A boolean, also as text: true/yes/1 or false/no/0 (any case). */
export const booleanField = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v;
    const s = v.trim().toLowerCase();
    if (["true", "yes", "1"].includes(s)) return true;
    if (["false", "no", "0"].includes(s)) return false;
    return v;
  },
  z.boolean({ error: "must be true or false" }),
);
