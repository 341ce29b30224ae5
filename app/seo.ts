/**
 * Page metadata: title, description and an absolute canonical link for every public page
 * (issue 2 §4). The origin comes from the root loader (`origin`), which uses PUBLIC_URL when
 * set and the request's own origin otherwise.
 */
import type { MetaDescriptor } from "react-router";
import { DEFAULT_LOCALE, LOCALES, type Locale, localizePath } from "../lib/i18n/locales.ts";

/** Site name appended to page titles. */
export const SITE_NAME = "LexAtlas";

/** Root loader data every page can read from `matches`. */
export interface RootData {
  origin: string;
  /** The page's locale (issue 14 §1). */
  locale: Locale;
}

/** What a page's metadata needs to know about the site: its origin and the page's locale. */
export interface SiteContext {
  origin: string;
  locale: Locale;
}

/** Finds the origin in the root route's loader data; "" if absent (e.g. in an error render). */
export function originFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData as RootData | undefined)?.origin ?? "";
}

/** Origin and locale from the root route's loader data (origin "" and English if absent). */
export function siteFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): SiteContext {
  const root = matches.find((m) => m?.id === "root");
  const data = root?.loaderData as Partial<RootData> | undefined;
  return { origin: data?.origin ?? "", locale: data?.locale ?? DEFAULT_LOCALE };
}

/**
 * The `hreflang` alternates of a page (issue 14 §1): one link per locale and `x-default` (the
 * English, unprefixed URL, which also negotiates the visitor's language).
 * @param path the spec's unprefixed path plus canonical query, e.g. "/lawyer/12"
 */
export function alternateLinks(origin: string, path: string): MetaDescriptor[] {
  return [
    ...LOCALES.map((l) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: l,
      href: `${origin}${localizePath(path, l)}`,
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${origin}${path}` },
  ];
}

/**
 * Builds the meta descriptors of a page: title, description, the canonical URL in the page's
 * locale, hreflang alternates (not for noindex pages) and Open Graph tags.
 * @param site origin (e.g. "https://lexatlas.example") and the page's locale
 * @param page.path the spec's unprefixed path plus canonical query, e.g. "/lawyer/12"
 */
export function pageMeta(
  site: SiteContext,
  page: { title: string; description: string; path: string; noindex?: boolean },
): MetaDescriptor[] {
  const { origin, locale } = site;
  const title = page.title.includes(SITE_NAME) ? page.title : `${page.title} | ${SITE_NAME}`;
  const url = `${origin}${localizePath(page.path, locale)}`;
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
  ];
  meta.push({ property: "og:locale", content: locale.replace("-", "_") });
  if (page.noindex) meta.push({ name: "robots", content: "noindex" });
  else meta.push(...alternateLinks(origin, page.path));
  return meta;
}
