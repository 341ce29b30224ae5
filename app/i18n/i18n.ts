/**
 * The pages' translation runtime (issue 14 §1; docs/decisions/003-i18n-with-i18next.md):
 * i18next with ICU MessageFormat (i18next-icu: plurals, select, numbers by CLDR rules) over the
 * JSON catalogs in lib/i18n/catalogs/<locale>/<namespace>.json. One module-level instance holds
 * every loaded locale; the server renders each request with a clone fixed to the request's
 * locale, and the browser loads only its page's locale before hydrating, so the first paint and
 * the hydrated page use the same words (no flash of English).
 */
import i18next, { type i18n as I18n, type TFunction } from "i18next";
import ICU from "i18next-icu";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LOCALE, LOCALES, type Locale } from "../../lib/i18n/locales.ts";

/** Namespace of texts shared by every page (header, footer, errors, buttons). */
export const DEFAULT_NAMESPACE = "common";

type Catalog = Record<string, unknown>;

/** Every catalog file, loaded on demand: one chunk per locale and namespace in the browser. */
const catalogFiles = import.meta.glob<Catalog>("../../lib/i18n/catalogs/*/*.json", { import: "default" });

/** Catalog files by locale: { de: [["search", loader], …], … }. */
const filesByLocale = new Map<string, [string, () => Promise<Catalog>][]>();
for (const [file, load] of Object.entries(catalogFiles)) {
  const m = /\/catalogs\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!m?.[1] || !m[2]) continue;
  const list = filesByLocale.get(m[1]) ?? [];
  list.push([m[2], load]);
  filesByLocale.set(m[1], list);
}

/** Namespaces that have a catalog (the English catalog is the source of every key). */
export const NAMESPACES: readonly string[] = (filesByLocale.get(DEFAULT_LOCALE) ?? []).map(([ns]) => ns);

/** The one instance; `ensureLocale` adds a locale's catalogs to it. */
export const i18n: I18n = i18next.createInstance();
// initReactI18next makes this instance the default of useTranslation() where no provider is
// mounted (component tests); pages always render inside an I18nextProvider.
i18n
  .use(ICU)
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    resources: {},
    initAsync: false,
    // React escapes what it renders; catalogs never hold markup.
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });

const loading = new Map<Locale, Promise<void>>();

/**
 * Loads a locale's catalogs (every namespace) into the instance once; later calls reuse the same
 * promise. The server calls it in the root middleware before any loader runs, the browser before
 * hydration.
 */
export function ensureLocale(locale: Locale): Promise<void> {
  let pending = loading.get(locale);
  if (!pending) {
    const files = filesByLocale.get(locale) ?? [];
    pending = Promise.all(
      files.map(async ([ns, load]) => {
        i18n.addResourceBundle(locale, ns, await load(), true, true);
      }),
    ).then(() => undefined);
    loading.set(locale, pending);
  }
  return pending;
}

/**
 * A translation function fixed to a locale (and a namespace, "common" by default) for code that
 * is not a component: meta functions, loaders, actions. The locale must have been loaded
 * (`ensureLocale`); it always is for the request's own locale.
 */
export function getT(locale: Locale, ns: string = DEFAULT_NAMESPACE): TFunction {
  return i18n.getFixedT(locale, ns);
}

/** An instance for one server render, fixed to the request's locale and sharing the catalogs. */
export function instanceFor(locale: Locale): I18n {
  return i18n.cloneInstance({ lng: locale, initAsync: false });
}
