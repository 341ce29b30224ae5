/**
 * Page actions' messages in the page's language (issue 14 §1 "validation errors (from the one
 * error pipeline)"): the shared zod schemas and the services' DomainErrors carry catalog
 * references (lib/i18n/message.ts `msg()`, namespaces "validation" and "errors"); an action
 * translates its failure once, with the request's locale, before answering, so a form shows
 * text and a component that also runs `translateMessage` on it changes nothing (plain text
 * passes through). docs/i18n.md "Errors and validation".
 */
import type { Locale } from "../../lib/i18n/locales.ts";
import { type Translate, translateMessage } from "../../lib/i18n/message.ts";
import { nullRecord } from "../../lib/input-boundary.ts";
import { getT } from "./i18n";

/** A translate function of the app's instance for `locale` (references name their namespace). */
function translatorFor(locale: Locale): Translate {
  const t = getT(locale, "errors");
  return (key, options) => t(key, options) as string;
}

/** One message (a reference or plain text) in `locale`; undefined and null stay as they are. */
export function translateFor<T extends string | null | undefined>(locale: Locale, message: T): T {
  if (typeof message !== "string") return message;
  return translateMessage(translatorFor(locale), message, locale) as T;
}

/**
 * Every message of a field-errors record (one string or a list per field) in `locale`, in a record
 * without a prototype (issue 27 §2: a field named `__proto__` keeps its message).
 */
export function translateFieldErrors<T extends Record<string, string | readonly string[] | undefined>>(
  locale: Locale,
  fieldErrors: T,
): T {
  const t = translatorFor(locale);
  const out = nullRecord<unknown>();
  for (const [field, value] of Object.entries(fieldErrors))
    out[field] =
      typeof value === "string"
        ? translateMessage(t, value, locale)
        : Array.isArray(value)
          ? value.map((m: string) => translateMessage(t, m, locale))
          : value;
  return out as T;
}

/**
 * An action's answer with its messages in `locale` (the one form-failure shape, app/form-result.ts
 * FormResult, issue 30): `message` (when a string), every entry of `fieldErrors` and of `documentErrors`; other properties (typed values, status…) unchanged.
 * Use it on the object given to `data()`: `data(translateResult(locale, failure), { status })`.
 */
export function translateResult<T extends object>(locale: Locale, result: T): T {
  const out: Record<string, unknown> = { ...(result as Record<string, unknown>) };
  if (typeof out.message === "string") out.message = translateFor(locale, out.message);
  if (Array.isArray(out.documentErrors))
    out.documentErrors = (out.documentErrors as unknown[]).map((m) =>
      typeof m === "string" ? translateFor(locale, m) : m,
    );
  const fields = out.fieldErrors;
  if (fields && typeof fields === "object")
    out.fieldErrors = translateFieldErrors(locale, fields as Record<string, string | string[] | undefined>);
  return out as T;
}
