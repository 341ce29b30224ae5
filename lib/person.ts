/**
 * People's names worldwide (issue 14 §2 "Names: one name field is enough for people who have one
 * name; given/family order and display per locale; Unicode throughout"). Pure and browser-safe:
 * the sign-up form, the shared schemas and the server's emails use the same rules.
 */
import { z } from "zod";

/** A person's name as stored (users.first_name / last_name): the family name may be empty. */
export interface PersonName {
  firstName: string;
  lastName?: string | null;
}

/** Han ideographs, hiragana, katakana (and their marks): names written without spaces. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u3005\u30fc]/u;
/**
 * Hangul: Korean names are family-first too and written together ("김민준"): Korean orthography
 * (한글 맞춤법, art. 48) joins the family name to the given name.
 */
const HANGUL = /\p{Script=Hangul}/u;

/** Locales whose own order puts the family name first even in Latin letters (Hungarian). */
const FAMILY_FIRST_LOCALES = new Set(["hu"]);

/**
 * The name to show for a person in `locale` (a BCP 47 tag such as "ja" or "pt-BR"):
 * - one name only (family name empty): that name ("Suharto", "Madonna");
 * - written in Han/kana (Japanese, Chinese): family name first without a space ("山田太郎");
 * - written in Hangul: family name first without a space ("김민준", Korean orthography art. 48);
 * - in a family-first locale (hu): family name first with a space;
 * - otherwise given name first with a space ("José Álvarez", "محمد علي", "अमित शर्मा").
 * Both parts are trimmed and NFC-normalised; the result is "" for no name at all.
 */
export function displayName(person: PersonName, locale: string): string {
  const given = normalizeName(person.firstName ?? "");
  const family = normalizeName(person.lastName ?? "");
  if (!family) return given;
  if (!given) return family;
  if (CJK.test(given) && CJK.test(family)) return `${family}${given}`;
  if (HANGUL.test(given) && HANGUL.test(family)) return `${family}${given}`;
  const language = locale.split("-")[0]?.toLowerCase() ?? "";
  return FAMILY_FIRST_LOCALES.has(language) ? `${family} ${given}` : `${given} ${family}`;
}

/**
 * The order of the given-name and family-name inputs on a form in `locale`: family first for
 * Japanese (and the other family-first locales), given first elsewhere.
 */
export function nameFieldOrder(
  locale: string,
): readonly ["firstName", "lastName"] | readonly ["lastName", "firstName"] {
  const language = locale.split("-")[0]?.toLowerCase() ?? "";
  return language === "ja" || language === "zh" || language === "ko" || FAMILY_FIRST_LOCALES.has(language)
    ? (["lastName", "firstName"] as const)
    : (["firstName", "lastName"] as const);
}

/**
 * A name as stored: trimmed, inner runs of white space made one space, and NFC-normalised
 * (a decomposed "é" typed on macOS and a composed one are the same name; combining marks of
 * Devanagari, Arabic or Vietnamese stay, composed where Unicode composes them).
 */
export function normalizeName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/gu, " ");
}

/**
 * True when `name` holds at least one letter of any script (Latin, Arabic, Han, Devanagari...):
 * a name of only digits, punctuation or marks is refused.
 */
export function hasLetter(name: string): boolean {
  return /\p{L}/u.test(name);
}

/**
 * A one-line name field of at most `max` characters: trimmed, NFC, one space between words,
 * at least one letter of any script when given (`message` otherwise), no control characters.
 * `required: false` accepts "" (the family name of a person with one name) and gives "".
 */
export function personNameField(
  message: string,
  { max, required, tooLong, control }: { max: number; required: boolean; tooLong: string; control: string },
) {
  return (
    z
      .string({ error: message })
      .max(max * 2, { error: tooLong })
      // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
      .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { error: control })
      .transform(normalizeName)
      .pipe(
        z
          .string()
          .max(max, { error: tooLong })
          .refine((v) => (v === "" ? !required : hasLetter(v)), { error: message }),
      )
  );
}
