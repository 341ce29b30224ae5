/**
 * Country flags as SVG (spec §2: countries are shown with flags). Emoji flags do not render on
 * Windows (two letters instead) or where no emoji font is installed, so cards, profiles and the
 * browse-by-country section use these images; native <select> options keep the emoji.
 * The SVGs come from the `country-flag-icons` package (3:2 ratio, MIT).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { Hono } from "hono";
import { msg } from "../../lib/i18n/message.ts";
import { NotFoundError } from "../errors.ts";
import { domainErrorResponse } from "../http.ts";

const FLAGS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve("country-flag-icons/package.json")),
  "3x2",
);
const cache = new Map<string, string | null>();

/** The SVG text of an ISO 3166-1 alpha-2 code's flag, or null when the package has none. */
export async function flagSvg(code: string): Promise<string | null> {
  if (!/^[A-Z]{2}$/.test(code)) return null;
  if (!cache.has(code)) {
    cache.set(code, await readFile(path.join(FLAGS_DIR, `${code}.svg`), "utf8").catch(() => null));
  }
  return cache.get(code) ?? null;
}

/**
 * GET /flags/{CODE}.svg: the flag of an ISO alpha-2 code (upper case), cached for a year
 * (a flag never changes for a given package version). 404 `{ message }` for anything else, through
 * the one error pipeline (translated by Accept-Language, issue 14 §1).
 */
// biome-ignore lint/suspicious/noExplicitAny: any Hono env
export function registerFlagRoutes(app: Hono<any>) {
  app.get("/flags/:file", async (c) => {
    const match = /^([A-Z]{2})\.svg$/.exec(c.req.param("file"));
    const svg = match ? await flagSvg(match[1] as string) : null;
    if (!svg) return domainErrorResponse(c, new NotFoundError(msg("errors:flags.notFound")));
    return c.body(svg, 200, {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=31536000, immutable",
    });
  });
}
