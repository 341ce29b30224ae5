/**
 * The English text of a message as a reader sees it (issue 14 §1): a `msg()` reference rendered
 * from the English catalog, plain text unchanged (server/i18n.ts translateFor). Tests of code
 * that returns references compare with the spec's English sentences through it.
 */
import { translateFor } from "../../server/i18n.ts";

/** `message` (a reference or plain text) in English. */
export function english(message: string): string {
  return translateFor("en", message);
}

/** Every value of a field-to-message record in English. */
export function englishFields<T extends Record<string, string | undefined>>(fields: T): T {
  return Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, v === undefined ? v : english(v)]),
  ) as T;
}

/** A message (a reference, or a function making one) in English, for englishTable. */
type EnglishOf<V> = V extends string
  ? string
  : V extends (...args: infer A) => string
    ? (...args: A) => string
    : V;

/**
 * A table of messages (e.g. ACCOUNT_MESSAGES: references, and functions that make them) with
 * every value in English: what an API answer without Accept-Language and an English page show.
 */
export function englishTable<T extends Record<string, unknown>>(
  table: T,
): { [K in keyof T]: EnglishOf<T[K]> } {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(table))
    out[key] =
      typeof value === "string"
        ? english(value)
        : typeof value === "function"
          ? (...args: unknown[]) => english((value as (...a: unknown[]) => string)(...args))
          : value;
  return out as { [K in keyof T]: EnglishOf<T[K]> };
}
