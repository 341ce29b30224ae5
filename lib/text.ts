/**
 * Rules for text people type into cases, messages and the contact form (security review of
 * issues 4 and 6). PostgreSQL refuses NUL in text (SQLSTATE 22021), so NUL and the other control
 * characters are refused by the shared zod schemas before anything reaches the database; fields
 * that are one line (names, titles, subjects) refuse line breaks and tabs too, so nobody can forge
 * extra "From:"/"Subject:" lines in the plain-text emails that quote them.
 */
import type { z } from "zod";
import { CONTROL_CHARACTERS_MESSAGE, hasNoControlCharacters } from "./account.ts";

export { CONTROL_CHARACTERS_MESSAGE } from "./account.ts";

/** True for a one-line text: no control character at all (no line break, no tab). */
export function isSingleLine(text: string): boolean {
  return hasNoControlCharacters(text) && !/[\r\n\t]/.test(text);
}

/**
 * `schema` refusing every control character (a one-line field) with CONTROL_CHARACTERS_MESSAGE.
 * Input: a zod string schema; output: the same schema with the check added.
 */
export function singleLine(schema: z.ZodString): z.ZodString {
  return schema.refine(isSingleLine, { error: CONTROL_CHARACTERS_MESSAGE });
}

/**
 * `schema` refusing control characters other than tab, line feed and carriage return (a
 * multi-line field) with CONTROL_CHARACTERS_MESSAGE.
 */
export function multiLine(schema: z.ZodString): z.ZodString {
  return schema.refine(hasNoControlCharacters, { error: CONTROL_CHARACTERS_MESSAGE });
}
