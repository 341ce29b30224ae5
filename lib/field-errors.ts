/**
 * zod issues to per-field messages, once for the API, the pages and the forms (issue 13 §3
 * "the zod-to-field-errors helper exists once").
 */
import type { z } from "zod";
import { msg } from "./i18n/message.ts";
import { fieldNameOf, nullRecord } from "./input-boundary.ts";
import { zodIssueMessage } from "./zod-issue-message.ts";

/**
 * The first message of each top-level field of a zod error, e.g. `{ email: "Enter a valid …" }`;
 * zod's built-in messages as catalog references (lib/zod-issue-message.ts, issue 14 §1).
 * With `known`, only those fields are kept (others are the caller's to report). Issues without a
 * field path (a non-object body) are left out. The record has no prototype (issue 27 §2): a field
 * named `toString` or `__proto__` is an ordinary key.
 */
export function firstFieldErrors<K extends string = string>(
  error: z.ZodError,
  known?: readonly K[],
): Partial<Record<K, string>> {
  const allowed = known ? new Set<string>(known) : undefined;
  const errors = nullRecord<string>() as Partial<Record<K, string>>;
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key !== "string" || !key || issue.code === "unrecognized_keys") continue;
    if (allowed && !allowed.has(key)) continue;
    errors[key as K] ??= zodIssueMessage(issue);
  }
  return errors;
}

/**
 * Every message of each top-level field of zod issues, in order, e.g. `{ email: ["Enter …"] }`
 * (zod's built-in messages as catalog references, lib/zod-issue-message.ts)
 * (the `fieldErrors` of the API's error body, issue 13 §3). An unknown key of the object itself
 * is reported under its own name as "Unknown field: <key>"; other issues without a field (a
 * non-object body, a rule over the whole object) are left out. `reword(message, path)` may make a
 * message readable on its own (server/http.ts names the field in zod's bare wording). The record
 * has no prototype (issue 27 §2): an unknown key named `toString`, `constructor` or `__proto__` is
 * reported under its own name like any other, never read from Object.prototype (which answered
 * 500 before).
 */
export function allFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  reword: (message: string, path: string) => string = (message) => message,
): Record<string, string[]> {
  const errors = nullRecord<string[]>();
  const add = (field: string, text: string) => {
    const list = errors[field] ?? [];
    if (!list.includes(text)) list.push(text);
    errors[field] = list;
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys" && issue.path.length === 0) {
      for (const key of issue.keys) {
        const field = fieldNameOf(String(key));
        add(field, msg("validation:unknownField", { field }));
      }
    } else if (issue.path.length > 0) {
      add(String(issue.path[0]), reword(zodIssueMessage(issue), issue.path.map(String).join(".")));
    }
  }
  return errors;
}
