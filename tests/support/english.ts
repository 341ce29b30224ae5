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
