/**
 * The one input boundary (issue 27 §2; OWASP ASVS 5.1.3 input validation at a trusted layer,
 * 5.1.1 HTTP parameter pollution, and prototype pollution, CWE-1321): what every JSON body, query
 * string, path parameter and form becomes before any code reads it, and the text no field may
 * hold. Used by the API's validation layer (server/http.ts: the null-prototype JSON reader and
 * validationHook), the streaming multipart reader (server/cases/intake.ts) and the pages' form
 * reader (app/form-input.server.ts). Threat model and tests: docs/security.md "Input boundary".
 *
 * 1. Objects made from input have no prototype (`Object.create(null)`), so a key named
 *    `__proto__`, `constructor`, `toString` … is an ordinary own key: it never reads or changes
 *    Object.prototype, and `record[key] ?? …` never finds an inherited value.
 * 2. Text holding NUL (U+0000, which PostgreSQL refuses in text with SQLSTATE 22021) or an
 *    unpaired UTF-16 surrogate (which no UTF-8 database, email or file can hold; node-postgres
 *    would silently store U+FFFD instead) is refused with INVALID_CHARACTERS_MESSAGE under the
 *    field it came in, the first segment of its path (the `fieldErrors` convention).
 */
import { msg } from "./i18n/message.ts";

/** The message of a field whose text holds a character no text may hold (a catalog reference). */
export const INVALID_CHARACTERS_MESSAGE = msg("validation:invalidCharacters");

/** The longest field name an error answer repeats (a key sent longer is cut there). */
export const FIELD_NAME_MAX = 50;

/**
 * The name an error answer gives a field sent as `key`: the key, cut after FIELD_NAME_MAX code
 * points (a very long key names its field without filling the answer with it).
 */
export function fieldNameOf(key: string): string {
  return key.length <= FIELD_NAME_MAX ? key : Array.from(key).slice(0, FIELD_NAME_MAX).join("");
}

/** A record without a prototype: every key, `__proto__` included, is an own data property. */
export function nullRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/**
 * True when `text` holds NUL (U+0000) or an unpaired UTF-16 surrogate (U+D800–U+DFFF without its
 * pair), the characters no stored, emailed or shown text may hold (issue 27 §2).
 */
export function hasInvalidCharacters(text: string): boolean {
  return text.includes("\u0000") || !text.isWellFormed();
}

/**
 * True when every segment of the URL path `pathname` percent-decodes (decodeURIComponent), as
 * React Router decodes a page's path. A path that does not ("/en/%E0%A4%A") is answered as a page
 * that does not exist before the router sees it: React Router would otherwise write the raw path,
 * control characters included, to stderr in a warning (issue 27 §2 "logs carry no personal data";
 * a log-injection path found by the redirect property journey).
 */
export function pathDecodes(pathname: string): boolean {
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** True for an object made by JSON.parse or a literal (not an array, not a class instance). */
function isRecordLike(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A copy of `value`'s own enumerable keys in a null-prototype object (`__proto__` stays a key). */
function withoutPrototype(value: Record<string, unknown>): Record<string, unknown> {
  const out = nullRecord<unknown>();
  // [[Set]] on an object without a prototype creates an own property even for "__proto__".
  for (const key of Object.keys(value)) out[key] = value[key];
  return out;
}

/**
 * JSON.parse whose every object has no prototype (a reviver rebuilds each one, innermost first):
 * `{"__proto__": {"x": 1}}` is an object with an own key `__proto__`. Throws SyntaxError like
 * JSON.parse (and RangeError for nesting deeper than the stack).
 */
export function parseJsonInput(text: string): unknown {
  return JSON.parse(text, (_key, value: unknown) => (isRecordLike(value) ? withoutPrototype(value) : value));
}

/** True when `value` or anything inside it (keys included) is text with invalid characters. */
function holdsInvalidText(value: unknown): boolean {
  // An explicit stack, not recursion: a 64 KB body can nest thousands of levels deep.
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === "string") {
      if (hasInvalidCharacters(item)) return true;
    } else if (Array.isArray(item)) {
      for (const element of item) stack.push(element);
    } else if (typeof item === "object" && item !== null) {
      for (const key of Object.keys(item)) {
        if (hasInvalidCharacters(key)) return true;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return false;
}

/**
 * The fields of parsed input (a JSON body, a query's or a path's parameters) whose text, at any
 * depth and in keys too, holds a character no text may hold: `{ field: [INVALID_CHARACTERS_MESSAGE] }`
 * in a null-prototype record, by the first segment of the path (the top-level key, an array's
 * index; fieldNameOf), empty when there is none. Anything but an object or array has no fields: `{}`.
 */
export function invalidTextFields(input: unknown): Record<string, string[]> {
  const fields = nullRecord<string[]>();
  if (typeof input !== "object" || input === null) return fields;
  const entries: [string, unknown][] = Array.isArray(input)
    ? input.map((value, index) => [String(index), value])
    : Object.keys(input).map((key) => [key, (input as Record<string, unknown>)[key]]);
  for (const [key, value] of entries)
    if (hasInvalidCharacters(key) || holdsInvalidText(value))
      fields[fieldNameOf(key)] = [INVALID_CHARACTERS_MESSAGE];
  return fields;
}

/**
 * The fields of a form (FormData, or its entries) whose name, text value or file name holds a
 * character no text may hold: `{ field: INVALID_CHARACTERS_MESSAGE }` in a null-prototype record
 * (one message per field, as the pages show them; names by fieldNameOf), empty when there is none.
 */
export function invalidFormFields(
  entries: Iterable<[string, FormDataEntryValue | string]>,
): Record<string, string> {
  const fields = nullRecord<string>();
  for (const [name, value] of entries) {
    const text = typeof value === "string" ? value : value.name;
    if (hasInvalidCharacters(name) || hasInvalidCharacters(text))
      fields[fieldNameOf(name)] = INVALID_CHARACTERS_MESSAGE;
  }
  return fields;
}

/**
 * The first text value of each field of a form, in a null-prototype record (files left out): a
 * field named `__proto__` or `toString` is an ordinary key.
 */
export function formTextFields(
  entries: Iterable<[string, FormDataEntryValue | string]>,
): Record<string, string> {
  const fields = nullRecord<string>();
  for (const [name, value] of entries)
    if (typeof value === "string" && !Object.hasOwn(fields, name)) fields[name] = value;
  return fields;
}
