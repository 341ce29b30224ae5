/**
 * Page metadata: title, description and an absolute canonical link for every public page
 * (issue 2 §4). The origin comes from the root loader (`origin`), which uses PUBLIC_URL when
 * set and the request's own origin otherwise.
 */
import type { MetaDescriptor } from "react-router";

/** Site name appended to page titles. */
export const SITE_NAME = "LexAtlas";

/** Root loader data every page can read from `matches`. */
export interface RootData {
  origin: string;
}

/** Finds the origin in the root route's loader data; "" if absent (e.g. in an error render). */
export function originFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string {
  const root = matches.find((m) => m?.id === "root");
  return (root?.loaderData as RootData | undefined)?.origin ?? "";
}

/**
 * Builds the meta descriptors of a page.
 * @param origin absolute origin, e.g. "https://lexatlas.example"
 * @param page.path path plus canonical query, e.g. "/lawyer/12"
 */
export function pageMeta(
  origin: string,
  page: { title: string; description: string; path: string; noindex?: boolean },
): MetaDescriptor[] {
  const title = page.title.includes(SITE_NAME) ? page.title : `${page.title} | ${SITE_NAME}`;
  const url = `${origin}${page.path}`;
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:type", content: "website" },
    { property: "og:url", content: url },
  ];
  if (page.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}
