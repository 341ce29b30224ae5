/**
 * zod issues to per-field messages, once for the API, the pages and the forms (issue 13 §3
 * "the zod-to-field-errors helper exists once").
 */
import type { z } from "zod";

/**
 * The first message of each top-level field of a zod error, e.g. `{ email: "Enter a valid …" }`.
 * With `known`, only those fields are kept (others are the caller's to report). Issues without a
 * field path (a non-object body) are left out.
 */
export function firstFieldErrors<K extends string = string>(
  error: z.ZodError,
  known?: readonly K[],
): Partial<Record<K, string>> {
  const allowed = known ? new Set<string>(known) : undefined;
  const errors: Partial<Record<K, string>> = {};
  for (const issue of error.issues) {
    const key = issue.path[0];
    if (typeof key !== "string" || !key || issue.code === "unrecognized_keys") continue;
    if (allowed && !allowed.has(key)) continue;
    errors[key as K] ??= issue.message;
  }
  return errors;
}
