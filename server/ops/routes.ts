/**
 * The route label of a request for metrics (issue 18 §3 "request latency histograms per route"):
 * the PATTERN a request matched, never its raw path, so the number of series stays bounded
 * whatever ids, slugs or query strings clients send.
 *
 * - A Hono route (the API, /healthz, /sitemaps/…): its registered path, e.g. `/api/lawyers/:id`,
 *   also when a middleware answered before it ran (a 401, a 415).
 * - A page: the React Router route's path from the build's manifest, e.g. `/lawyer/:slug`
 *   (single-fetch `.data` requests count as their page).
 * - Anything else: `/assets/*` for built assets, `unmatched` for the rest (static files, 404s).
 */
import type { Context } from "hono";
import { matchedRoutes } from "hono/route";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { pathDecodes } from "../../lib/input-boundary.ts";

/** Answers the page route pattern of a pathname, or null when no page route matches. */
export type PagePatternMatcher = (pathname: string) => string | null;

/**
 * A matcher over the pages of a React Router server build: the manifest's routes are nested by
 * parentId and matched with react-router's own matchRoutes; the pattern is the matched routes'
 * paths joined (`/` for the index page). Layout-only matches (no leaf with a path or index)
 * answer null.
 */
export function pagePatternMatcher(manifest: ServerBuild["routes"]): PagePatternMatcher {
  type Entry = {
    id: string;
    parentId?: string | undefined;
    path?: string | undefined;
    index?: boolean | undefined;
  };
  const entries = Object.values(manifest).filter(Boolean) as Entry[];
  const build = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((e) => e.parentId === parentId)
      .map((e) =>
        e.index
          ? ({ id: e.id, path: e.path, index: true } as RouteObject)
          : ({ id: e.id, path: e.path, children: build(e.id) } as RouteObject),
      );
  const tree = build(undefined);
  return (pathname) => {
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    // Issue 27 §2: a path that does not percent-decode is no page, and matchRoutes would write it
    // raw to stderr in a warning (the request log stays the one place a path is logged, escaped).
    if (!pathDecodes(page)) return null;
    const matches = matchRoutes(tree, page);
    if (!matches || matches.length === 0) return null;
    const leaf = matches[matches.length - 1];
    if (!leaf?.route.path && !leaf?.route.index) return null;
    if (leaf.route.path?.endsWith("*")) return null; // the catch-all 404 page (`*`, `:lang?/*`)
    const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
    const joined = `/${parts.join("/")}`.replace(/\/+/g, "/");
    return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
  };
}

/** True for a registered path that is a catch-all (a middleware's or the pages' `*`). */
function isCatchAll(path: string): boolean {
  return path === "*" || path.endsWith("/*");
}

/**
 * The route label of the request in `c` after it was answered (see the module comment).
 * `pages` is the page matcher when the app serves pages.
 */
export function routeLabel(c: Context, pages: PagePatternMatcher | undefined): string {
  // The route that answered, or, when a middleware answered first (a 401, a 415), the first
  // specific route after it: the one Hono would have run next (routes run in registration order).
  const routes = matchedRoutes(c);
  const specific = routes
    .slice(Math.max(0, c.req.routeIndex))
    .find((r) => r.method !== "ALL" && !isCatchAll(r.path));
  if (specific) return specific.path;
  const pathname = c.req.path;
  if (pathname.startsWith("/assets/")) return "/assets/*";
  if (pathname.startsWith("/api/")) return "/api/*"; // no API route: the 404 of /api/*
  return pages?.(pathname) ?? "unmatched";
}
