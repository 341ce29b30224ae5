/**
 * The server's translations (issue 14 §1 "Every 4xx `message` follows `Accept-Language`",
 * emails in the recipient's language): one i18next instance with ICU MessageFormat
 * (i18next-icu) over the same JSON catalogs the pages use (lib/i18n/catalogs/<locale>/<ns>.json),
 * read from disk once at start, because server/ runs under plain Node without Vite's glob
 * import. English is the fallback of every key, so a missing translation shows English.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import i18next, { type i18n as I18n, type TFunction } from "i18next";
import ICU from "i18next-icu";
import { DEFAULT_LOCALE, LOCALES, type Locale, negotiateLocale } from "../lib/i18n/locales.ts";
import { parseMessageRef, translateMessage } from "../lib/i18n/message.ts";

/** Where the catalogs live (shared with the pages). */
const CATALOG_DIR = path.join(import.meta.dirname, "..", "lib", "i18n", "catalogs");

/** The catalogs of every locale and namespace, read synchronously from disk. */
function readCatalogs(): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const locale of LOCALES) {
    const dir = path.join(CATALOG_DIR, locale);
    const bundles: Record<string, Record<string, unknown>> = {};
    for (const file of readdirSync(dir)) {
      if (!file.endsWith(".json")) continue;
      bundles[file.slice(0, -5)] = JSON.parse(readFileSync(path.join(dir, file), "utf8"));
    }
    resources[locale] = bundles;
  }
  return resources;
}

let instance: I18n | null = null;

/** The server's i18next instance, created with every catalog on first use. */
export function serverI18n(): I18n {
  if (instance) return instance;
  const created = i18next.createInstance();
  const resources = readCatalogs();
  created.use(ICU).init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: Object.keys(resources[DEFAULT_LOCALE] ?? {}),
    defaultNS: "errors",
    resources,
    initAsync: false,
    // JSON answers and email text parts are not HTML; the email layout escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  instance = created;
  return created;
}

/** A translation function fixed to `locale` and namespace `ns` (default "errors"). */
export function serverT(locale: Locale, ns = "errors"): TFunction {
  return serverI18n().getFixedT(locale, ns);
}

/** Namespaces whose English texts may still travel as plain English (see englishIndex). */
const MESSAGE_NAMESPACES = ["errors", "validation"] as const;

let englishIndex: Map<string, string> | null = null;

/**
 * English text -> reference, for every message without arguments of the "errors" and
 * "validation" catalogs. A few lib/ tables the pages still show directly keep their English
 * text (e.g. ACCOUNT_MESSAGES.signedOut, LISTING_MESSAGES); when the server throws one of those,
 * the answer is translated through this index all the same. Any other plain text (a user's, a
 * library's) is not in the index and passes through unchanged.
 */
function englishToReference(): Map<string, string> {
  if (englishIndex) return englishIndex;
  const index = new Map<string, string>();
  const i18n = serverI18n();
  const walk = (ns: string, node: unknown, prefix: string) => {
    if (typeof node === "string") {
      if (!node.includes("{")) index.set(i18n.t(prefix, { ns, lng: DEFAULT_LOCALE }), `${ns}:${prefix}`);
      return;
    }
    if (node && typeof node === "object")
      for (const [k, v] of Object.entries(node)) walk(ns, v, prefix ? `${prefix}.${k}` : k);
  };
  for (const ns of MESSAGE_NAMESPACES) walk(ns, i18n.getResourceBundle(DEFAULT_LOCALE, ns), "");
  englishIndex = index;
  return index;
}

/**
 * A message (a `msg()` reference or plain text) in `locale`: a reference is looked up in its
 * namespace (English when the key has no translation); plain text that is exactly one of the
 * catalogs' English messages is translated as that message; any other text comes back unchanged.
 */
export function translateFor(locale: Locale, message: string): string {
  const t = serverT(locale);
  const translate = (key: string, options: Record<string, unknown>) => t(key, options) as string;
  const known = parseMessageRef(message) ? message : englishToReference().get(message);
  return known ? translateMessage(translate, known, locale) : message;
}

/**
 * The locale of an API answer: the best match of an `Accept-Language` header
 * (lib/i18n/locales.ts negotiateLocale), English when none is supported or there is no header.
 */
export function apiLocale(acceptLanguage: string | null | undefined): Locale {
  return negotiateLocale(acceptLanguage) ?? DEFAULT_LOCALE;
}
