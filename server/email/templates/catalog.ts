/**
 * The texts of LexAtlas's emails (issue 13 §4 "ready for translation"; issue 14 §1 "emails"):
 * namespace "email" of the shared catalogs, lib/i18n/catalogs/<locale>/email.json, one file per
 * locale with the same message ids (the catalog test, `npx vitest run lib/i18n`, fails on a
 * missing id or argument). Messages are ICU MessageFormat, rendered by the server's i18next
 * instance (server/i18n.ts), so plurals and numbers follow the recipient's language. The
 * templates never hold prose of their own.
 *
 * Wording: the English texts are the ones the services sent before the templates existed
 * (issues 3 and 4), unchanged, because tests and users' expectations rest on them. Values that
 * come from users or the database are arguments, inserted as they are (never parsed as ICU).
 */

import { isolateIn } from "../../../lib/bidi.ts";
import englishCatalog from "../../../lib/i18n/catalogs/en/email.json" with { type: "json" };
import { DEFAULT_LOCALE, dirOf, isLocale, LOCALES } from "../../../lib/i18n/locales.ts";
import { serverI18n } from "../../i18n.ts";

/** "a.b.c" paths of a nested catalog's messages. */
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];

/** A message id of the email catalog, e.g. "reset.subject". */
export type MessageId = Paths<typeof englishCatalog>;

/** A catalog for one locale: a text for every message id. */
export type Catalog = Record<MessageId, string>;

/** Flattens a nested catalog into id -> message. */
function flatten(node: Record<string, unknown>, prefix = "", out: Record<string, string> = {}) {
  for (const [key, value] of Object.entries(node)) {
    const id = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out[id] = value;
    else flatten(value as Record<string, unknown>, id, out);
  }
  return out;
}

/** The English catalog (the source of every id), flat: message id → ICU text. */
export const EN = flatten(englishCatalog) as Catalog;

/** The locales with an email catalog (every supported locale); English is the fallback. */
export const CATALOGS: readonly string[] = LOCALES;

/** A BCP 47 language tag such as "en" or "pt-BR"; unsupported tags fall back to English. */
export type Locale = string;

/** Values for a message's arguments. */
export type MessageParams = Record<string, string | number | Date>;

/**
 * The text of message `id` in `locale` (English when the locale is not supported) with its ICU
 * arguments filled from `params` (numbers and plurals by the locale's rules). A value that itself
 * holds "{x}" (user text) is inserted as is, never expanded; an argument without a value stays
 * visible as `{name}` so a missing parameter shows in tests instead of vanishing. Text values
 * are isolated for bidirectional text (isolatedParams).
 */
export function message(locale: Locale, id: MessageId, params: MessageParams = {}): string {
  const lng = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const i18n = serverI18n();
  const text = (i18n.getResource(lng, "email", id) as string | undefined) ?? EN[id] ?? "";
  return i18n.t(id, { ns: "email", lng, ...isolatedParams(text, params, dirOf(lng)) }) as string;
}

/**
 * `params` with their text values isolated (lib/bidi.ts isolate: FSI … PDI), so a name, a title,
 * an address or an amount keeps its own direction inside the sentence ("مرحبًا ⁨Ana Müller⁩،";
 * issue 28 §2 "Unicode isolates in plain text and emails"): every text value in a right-to-left
 * email, and in a left-to-right one a value with right-to-left letters (an Arabic or Hebrew
 * name); a Latin value in a Latin sentence needs none. Values that steer the message (`select`,
 * `plural` and `selectordinal` arguments of `text`), numbers and dates are left as they are.
 */
function isolatedParams(text: string, params: MessageParams, dir: "ltr" | "rtl"): MessageParams {
  const steering = new Set(
    [...text.matchAll(/\{\s*(\w+)\s*,\s*(?:select|plural|selectordinal)\b/g)].map((m) => m[1]),
  );
  const out: MessageParams = {};
  for (const [key, value] of Object.entries(params))
    out[key] = typeof value === "string" && !steering.has(key) ? isolateIn(value, dir) : value;
  return out;
}

/** `message` bound to one locale, as the templates use it: `t("reset.subject")`. */
export function translator(locale: Locale): (id: MessageId, params?: MessageParams) => string {
  return (id, params) => message(locale, id, params);
}
