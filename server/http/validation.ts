/**
 * The validation side of the API pipeline (server/http.ts step 2; issue 27 §2 "One input
 * boundary"): JSON bodies without prototypes (jsonInput), the app's `defaultHook`
 * (validationHook) and the ValidationError of zod issues (validationErrorOf).
 */
import type { z } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { allFieldErrors } from "../../lib/field-errors.ts";
import { msg, parseMessageRef } from "../../lib/i18n/message.ts";
import { invalidTextFields, nullRecord, parseJsonInput } from "../../lib/input-boundary.ts";
import { zodIssueMessage } from "../../lib/zod-issue-message.ts";
import { ValidationError } from "../errors.ts";
import { isOfType, NOT_OBJECT_MESSAGE } from "./request-body.ts";

/**
 * A zod issue's message readable on its own: a sentence written in lib/'s schemas as is ("Please
 * enter a valid email address."), zod's built-in message (already a `validation:zod.*` reference,
 * lib/zod-issue-message.ts) with the field's path, so it is translated as "tags.0: Enter text."
 * (issue 14 §1), a bare phrase after "Invalid <field>: " ("Invalid caseType: must be one of …").
 */
function readableIssueMessage(message: string, field: string): string {
  const ref = parseMessageRef(message);
  if (ref?.ns === "validation" && ref.key.startsWith("zod."))
    return msg(`validation:${ref.key}`, { ...ref.values, path: field });
  if (ref) return message;
  return /^[A-Z]/.test(message) ? message : `Invalid ${field}: ${message}`;
}

/**
 * The ValidationError of a failed zod validation (body, query or path): every issue's message
 * under its top-level field (the payload key) in fieldErrors (lib/field-errors.ts
 * allFieldErrors, the one zod-to-field-errors helper), each readable on its own: a sentence as
 * written in lib/'s schemas ("Please enter a valid email address.") as is, otherwise one that
 * names its field (readableIssueMessage), an unknown field as "Unknown field: foo". `extra` are
 * more messages by field, put first (the input boundary's: text no field may hold, issue 27 §2).
 * `message` is the first field's first message, else NOT_OBJECT_MESSAGE for a body that is not an
 * object, or a rule over the whole body by its own message (under no field).
 */
export function validationErrorOf(
  issues: readonly z.core.$ZodIssue[],
  extra: Record<string, string[]> = {},
): ValidationError {
  const fieldErrors = nullRecord<string[]>();
  for (const [field, list] of Object.entries(extra)) fieldErrors[field] = [...list];
  for (const [field, list] of Object.entries(allFieldErrors(issues, readableIssueMessage))) {
    const known = fieldErrors[field] ?? [];
    fieldErrors[field] = [...known, ...list.filter((m) => !known.includes(m))];
  }
  const first = Object.values(fieldErrors)[0]?.[0];
  // Without a field: the body itself is not an object, or a rule over the whole of it failed.
  const whole = issues.find((issue) => issue.path.length === 0 && issue.code !== "unrecognized_keys");
  const wholeMessage = whole && (whole.code === "invalid_type" ? NOT_OBJECT_MESSAGE : zodIssueMessage(whole));
  return new ValidationError(first ?? wholeMessage ?? NOT_OBJECT_MESSAGE, fieldErrors);
}

/**
 * Middleware for /api/* (issue 27 §2): this request's `c.req.json()`, which the routes' JSON
 * validators read, parses the body with lib/input-boundary.ts parseJsonInput, so every object of
 * it has no prototype and a key such as `__proto__` or `constructor` is an ordinary own key.
 * Reads nothing itself (the body is read when a validator or handler first asks for it, after
 * the route's authentication); the promise is kept, so every reader gets the same value.
 */
export const jsonInput: MiddlewareHandler = async (c, next) => {
  let parsed: Promise<unknown> | undefined;
  const req = c.req;
  req.json = <T>() => {
    parsed ??= req.text().then(parseJsonInput);
    return parsed as Promise<T>;
  };
  await next();
};

/** The checked text of each request: its fields with characters no text may hold. */
const invalidTextOfRequest = new WeakMap<Request, Promise<Record<string, string[]>>>();

/**
 * The fields of a request's query, path parameters and JSON body (when it has one that parses)
 * whose text holds NUL or an unpaired surrogate (lib/input-boundary.ts invalidTextFields), by
 * field name, in that order; checked once per request.
 */
function invalidTextOf(c: Context): Promise<Record<string, string[]>> {
  const known = invalidTextOfRequest.get(c.req.raw);
  if (known) return known;
  const found = (async () => {
    const fields = nullRecord<string[]>();
    const add = (more: Record<string, string[]>) => {
      for (const [field, list] of Object.entries(more)) fields[field] ??= list;
    };
    add(invalidTextFields(c.req.queries()));
    add(invalidTextFields(c.req.param()));
    if (isOfType(c.req.header("Content-Type") ?? "", "application/json")) {
      // A body that does not parse is the JSON validator's 400.
      add(invalidTextFields(await c.req.json().catch(() => undefined)));
    }
    return fields;
  })();
  invalidTextOfRequest.set(c.req.raw, found);
  return found;
}

/**
 * The `defaultHook` of the app's OpenAPIHono (and so of every route), called after each declared
 * target (query, path, headers, body) is validated, so after the route's own middleware
 * (authentication first: a signed-out caller still gets 401). Text that holds NUL or an unpaired
 * surrogate anywhere in the request's query, path parameters or JSON body (issue 27 §2; declared
 * or not, on any route with a zod declaration) fails it with those fields first; a failed
 * validation throws validationErrorOf(its issues) with them. errorHandler answers 400
 * `{ message, fieldErrors }`.
 */
export async function validationHook(
  result: { success: true } | { success: false; error: { issues: readonly z.core.$ZodIssue[] } },
  c: Context,
): Promise<undefined> {
  const invalid = await invalidTextOf(c);
  if (!result.success) throw validationErrorOf(result.error.issues, invalid);
  if (Object.keys(invalid).length > 0) throw validationErrorOf([], invalid);
  return undefined;
}
