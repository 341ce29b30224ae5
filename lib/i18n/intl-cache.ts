/**
 * Shared `Intl` formatters (issue 29 "Pages as fast as the data"): constructing an
 * `Intl.NumberFormat` or `Intl.DateTimeFormat` loads locale data and costs far more than
 * formatting with one, and a page's render built one per filter option, card and figure (the
 * filter panel's ~140 counts showed up in the CPU profile of `/`). Every formatter of the
 * product comes from here, one per locale and options, kept for the process's life.
 *
 * The cache is bounded: locales are the eight of lib/i18n/locales.ts plus the regions the
 * formatters are asked for, options come from the code, and time zones (in date options) from
 * the visitor (IANA names, a few hundred); past MAX_CACHED formatters the cache starts again,
 * so no input can grow it without bound.
 */

/** How many formatters of each kind are kept before the cache starts again. */
export const MAX_CACHED = 2_000;

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The key of `locale` and `options`: the options' entries in the order the caller wrote them. */
function keyOf(locale: string | readonly string[] | undefined, options: object | undefined): string {
  return `${Array.isArray(locale) ? locale.join(",") : (locale ?? "")}|${options ? JSON.stringify(options) : ""}`;
}

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  const known = cache.get(key);
  if (known) return known;
  const made = make();
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, made);
  return made;
}

/**
 * The `Intl.NumberFormat` for a BCP 47 `locale` and `options`, shared.
 * @throws RangeError as `new Intl.NumberFormat` does (an invalid currency or unit); nothing is cached then
 */
export function numberFormat(
  locale: string | readonly string[] | undefined,
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return cached(
    numberFormats,
    keyOf(locale, options),
    () => new Intl.NumberFormat(locale as string, options),
  );
}

/**
 * The `Intl.DateTimeFormat` for a BCP 47 `locale` and `options` (with its `timeZone`), shared.
 * @throws RangeError as `new Intl.DateTimeFormat` does (an unknown time zone); nothing is cached then
 */
export function dateTimeFormat(
  locale: string | readonly string[] | undefined,
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cached(
    dateTimeFormats,
    keyOf(locale, options),
    () => new Intl.DateTimeFormat(locale as string, options),
  );
}
