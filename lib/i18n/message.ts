/**
 * Translatable messages that travel as strings (issue 14 §1): a zod schema's message, a
 * DomainError's message or a field error is written as a catalog reference,
 * `"validation:tooLong?max=100"` (namespace, key, URL-encoded ICU arguments), made by `msg()`.
 * Whoever shows it translates it for the reader: the page with `t`, the API's error pipeline by
 * `Accept-Language`, an email by the recipient's locale. Plain text (not a reference) passes
 * through unchanged, so user-supplied or third-party text is never looked up.
 */

import { practiceAreaList } from "./practice-area-terms.ts";
import { regionName } from "./region-name.ts";

/** Shape of a reference: "ns:key" or "ns:key?arg=value&…" (ns lower camel, key dotted). */
const REFERENCE = /^([a-z][A-Za-z0-9]*):([A-Za-z0-9_.]+)(?:\?(.*))?$/;

/** A parsed reference: namespace, key and ICU arguments. */
export interface MessageRef {
  ns: string;
  key: string;
  values: Record<string, string>;
}

/**
 * Makes a reference string, e.g. msg("validation:tooLong", { max: 100 }) ->
 * "validation:tooLong?max=100".
 */
export function msg(id: `${string}:${string}`, values?: Record<string, string | number>): string {
  if (!values || Object.keys(values).length === 0) return id;
  const query = new URLSearchParams(Object.entries(values).map(([k, v]) => [k, String(v)])).toString();
  return `${id}?${query}`;
}

/** Parses a reference made by `msg()`; null for plain text. */
export function parseMessageRef(message: string): MessageRef | null {
  const m = REFERENCE.exec(message);
  if (!m?.[1] || !m[2]) return null;
  return { ns: m[1], key: m[2], values: Object.fromEntries(new URLSearchParams(m[3] ?? "")) };
}

/** A translate function of i18next's shape (namespace in the options). */
export type Translate = (key: string, options: Record<string, unknown>) => string;

/**
 * The name of an ISO 3166-1 alpha-2 region code in `locale` ("DE" -> "Deutschland" in de,
 * "Germany" in en; lib/i18n/region-name.ts, the same in Node and the browser), or the code itself when it names no region or the locale
 * is unknown. Issue 14 §2: a message names a country in the reader's language.
 */
export function regionNameIn(code: string, locale: string): string {
  return regionName(code, locale) ?? code;
}

/**
 * Translates a reference with `t` (any i18next TFunction); plain text is returned as it is. A
 * `validation:zod.*` reference (lib/zod-issue-message.ts) with a `path` argument is put after
 * its field's path with `validation:zod.atPath` ("tags.0: Enter text.").
 * An argument named `region` carries an ISO 3166-1 alpha-2 code (msg("validation:listing.
 * phoneInvalid", { region: "DE" })): with `locale` (the reader's, the one `t` writes) it is
 * shown as the region's name in that language ("Deutschland"), without it as the code (issue
 * 14 §2). `areas` and an assessment's `caseType` are named in the reader's language too (issue 19
 * §3). Example: translateMessage(tDe, "validation:listing.phoneInvalid?region=DE", "de") ->
 * "Bitte geben Sie eine gültige Telefonnummer für Deutschland ein."
 * @param message a `msg()` reference or plain text
 * @param locale the language `t` writes, for `region` arguments
 */
export function translateMessage(t: Translate, message: string, locale?: string): string {
  const ref = parseMessageRef(message);
  if (!ref) return message;
  const values = { ...ref.values };
  if (values.region !== undefined && locale) values.region = regionNameIn(values.region, locale);
  // Issue 19 §3: `areas` carries practice-area values joined by ","; shown as their labels with
  // "or" in the reader's language (English without `locale`). `caseType` of an assessment message
  // is the case type's catalog key; its label is `caseTypeLabel`.
  if (values.areas !== undefined) values.areas = practiceAreaList(values.areas.split(","), locale ?? "en");
  if (values.caseType !== undefined && ref.ns === "assessment" && values.caseTypeLabel === undefined)
    values.caseTypeLabel = t(`caseTypes.${values.caseType}`, { ns: "assessment" });
  const text = t(ref.key, { ns: ref.ns, ...values });
  // A zod message placed by the API names the field it belongs to ("tags.0: …"; issue 14 §1).
  const path = ref.values.path;
  if (ref.ns === "validation" && ref.key.startsWith("zod.") && path)
    return t("zod.atPath", { ns: "validation", path, message: text });
  return text;
}
