/**
 * zod's own messages as catalog references (issue 14 §1 "validation errors (from the one error
 * pipeline)" are translated): a message a schema wrote itself (a `msg()` reference, or a sentence
 * of lib/'s tables) is kept; zod's built-in English one ("Invalid input: expected string,
 * received number", "Too small: expected string to have >=3 characters") becomes a reference
 * in the `validation` namespace (`validation:zod.*`) with its ICU arguments, chosen from the
 * issue's code (invalid_type, too_small, too_big, invalid_format, invalid_value, not_multiple_of,
 * unrecognized_keys, and the rest as "not valid"). Every reader then translates it like any
 * other reference: the API by Accept-Language (server/http.ts), pages by the page's locale.
 *
 * zod's global configuration (`z.config`, its locale packs) is left alone: it is one setting for
 * the whole process, while each answer has its own reader.
 */
import type { z } from "zod";
import english from "zod/v4/locales/en.js";
import { msg, parseMessageRef } from "./i18n/message.ts";

/** A zod issue as it comes out of a failed parse (`error.issues[n]`). */
type Issue = z.core.$ZodIssue;

/** zod's English error map: what it answers for an issue nobody gave a message to. */
const zodEnglish = english().localeError as (issue: Issue) => string | { message: string } | undefined;

/** True when `message` is zod's built-in English message for `issue` (not one a schema wrote). */
export function isZodDefaultMessage(issue: Issue): boolean {
  if (parseMessageRef(issue.message)) return false;
  // The received type of invalid_type is read from the input, which zod drops after the parse.
  if (issue.code === "invalid_type") return /^Invalid input: expected \S+, received \S+$/.test(issue.message);
  const expected = zodEnglish(issue);
  return (typeof expected === "string" ? expected : expected?.message) === issue.message;
}

/** The limit of a too_small / too_big issue as a number (zod may hold a bigint or a Date). */
function limitOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "bigint") return Number(value);
  return null;
}

/** The reference of zod's built-in message for `issue` (see the module comment). */
function referenceOf(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (/received undefined$/.test(issue.message)) return msg("validation:zod.required");
      return msg("validation:zod.invalidType", { expected: issue.expected });
    case "too_small": {
      const min = limitOf(issue.minimum);
      if (min === null) return msg("validation:zod.invalid");
      if (issue.origin === "string")
        return issue.exact
          ? msg("validation:zod.lengthExactly", { length: min })
          : msg("validation:zod.tooShort", { min });
      if (issue.origin === "array" || issue.origin === "set")
        return msg("validation:zod.tooFewItems", { min });
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return issue.inclusive === false
          ? msg("validation:zod.numberAbove", { min })
          : msg("validation:zod.numberMin", { min });
      return msg("validation:zod.invalid");
    }
    case "too_big": {
      const max = limitOf(issue.maximum);
      if (max === null) return msg("validation:zod.invalid");
      if (issue.origin === "string")
        return issue.exact
          ? msg("validation:zod.lengthExactly", { length: max })
          : msg("validation:zod.tooLong", { max });
      if (issue.origin === "array" || issue.origin === "set")
        return msg("validation:zod.tooManyItems", { max });
      if (issue.origin === "number" || issue.origin === "int" || issue.origin === "bigint")
        return issue.inclusive === false
          ? msg("validation:zod.numberBelow", { max })
          : msg("validation:zod.numberMax", { max });
      return msg("validation:zod.invalid");
    }
    case "invalid_format":
      if (issue.format === "email") return msg("validation:zod.email");
      if (issue.format === "url") return msg("validation:zod.url");
      if (issue.format === "date" || issue.format === "datetime") return msg("validation:zod.date");
      return msg("validation:zod.format");
    case "invalid_value":
      return msg("validation:zod.oneOf", { options: issue.values.map(String).join(", ") });
    case "not_multiple_of":
      return msg("validation:zod.multipleOf", { divisor: Number(issue.divisor) });
    case "unrecognized_keys":
      return msg("validation:unknownField", { field: issue.keys.join(", ").slice(0, 100) });
    default:
      return msg("validation:zod.invalid");
  }
}

/**
 * The message of a zod issue as it travels (issue 14 §1): the schema's own message as written
 * (a reference or a sentence), or for zod's built-in English message a `validation:zod.*`
 * reference with its arguments, e.g. a too_small on a string of min 3 ->
 * "validation:zod.tooShort?min=3", a number where a string was expected ->
 * "validation:zod.invalidType?expected=string", a missing field -> "validation:zod.required".
 * Never throws.
 */
export function zodIssueMessage(issue: Issue): string {
  return isZodDefaultMessage(issue) ? referenceOf(issue) : issue.message;
}
