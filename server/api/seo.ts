/**
 * robots.txt and sitemap.xml (issue 2 §4). URLs are absolute: PUBLIC_URL when configured, else
 * the request's own origin. Every page is listed once per locale, each `<url>` with its `hreflang`
 * alternates and `x-default` (issue 14 §1; Google's "Tell Google about localized versions").
 * Profiles are listed in files of at most 5,000 profiles (40,000 URLs, under the protocol's 50,000
 * URLs and 50 MB) behind a sitemap index when there are more.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { LOCALES, localizePath } from "../../lib/i18n/locales.ts";
import { PUBLIC_PAGES } from "../../lib/site-pages.ts";
import type { Services } from "../services.ts";

/** Profiles per sitemap file: × 8 locales stays below the protocol's 50,000 URLs. */
export const SITEMAP_CHUNK = 5_000;

function xmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * A urlset of site paths (unprefixed, e.g. "/lawyer/12"): one `<url>` per path and locale, each
 * naming every locale's version and x-default (the English URL).
 */
function urlset(origin: string, paths: string[]): string {
  const entries: string[] = [];
  for (const path of paths) {
    const alternates = [
      ...LOCALES.map(
        (l) =>
          `<xhtml:link rel="alternate" hreflang="${l}" href="${xmlEscape(origin + localizePath(path, l))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${xmlEscape(origin + path)}"/>`,
    ].join("");
    for (const locale of LOCALES) {
      entries.push(`<url><loc>${xmlEscape(origin + localizePath(path, locale))}</loc>${alternates}</url>`);
    }
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join("\n")}\n</urlset>\n`;
}

function xml(c: Context, body: string) {
  c.header("Content-Type", "application/xml; charset=utf-8");
  c.header("Cache-Control", "public, max-age=3600");
  return c.body(body);
}

/**
 * Registers GET /robots.txt (allow everything, point to the sitemap), GET /sitemap.xml (a urlset
 * of static pages and every /lawyer/{id}, in every locale, or a sitemap index when profiles exceed SITEMAP_CHUNK)
 * and GET /sitemaps/{n}.xml (static pages plus profiles of chunk n, 1-based; 404 outside range).
 * `opts.chunk` (profiles per file, default SITEMAP_CHUNK) exists for tests.
 */
export function registerSeoRoutes(
  // biome-ignore lint/suspicious/noExplicitAny: any Hono env
  app: OpenAPIHono<any>,
  services: Pick<Services, "config" | "directory">,
  opts: { chunk?: number } = {},
) {
  // Issue 18 §3: the sitemap lists public profiles, so it reads the replica when there is one
  // (the directory runs on it; issue 30: through the directory service, not the database).
  const { directory, config } = services;
  const chunk = opts.chunk ?? SITEMAP_CHUNK;
  const originOf = (c: Context) => (config.PUBLIC_URL ?? new URL(c.req.url).origin).replace(/\/+$/, "");
  const profileIds = (offset: number, limit: number) => directory.listedProfileIds(offset, limit);
  const profileCount = () => directory.listedProfileCount();

  app.get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${originOf(c)}/sitemap.xml\n`);
  });

  app.get("/sitemap.xml", async (c) => {
    const origin = originOf(c);
    const count = await profileCount();
    if (count <= chunk) {
      const ids = await profileIds(0, chunk);
      return xml(c, urlset(origin, [...PUBLIC_PAGES, ...ids.map((id) => `/lawyer/${id}`)]));
    }
    const files = Math.ceil(count / chunk);
    const body = Array.from(
      { length: files },
      (_, i) => `<sitemap><loc>${xmlEscape(`${origin}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`,
    ).join("\n");
    return xml(
      c,
      `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</sitemapindex>\n`,
    );
  });

  app.get("/sitemaps/:file{[0-9]+\\.xml}", async (c) => {
    const n = Number.parseInt(c.req.param("file"), 10);
    const count = await profileCount();
    const files = Math.max(1, Math.ceil(count / chunk));
    if (!(n >= 1 && n <= files)) return c.text("Not found", 404);
    const origin = originOf(c);
    const ids = await profileIds((n - 1) * chunk, chunk);
    const pages = n === 1 ? PUBLIC_PAGES : [];
    return xml(c, urlset(origin, [...pages, ...ids.map((id) => `/lawyer/${id}`)]));
  });
}
