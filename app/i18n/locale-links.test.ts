/**
 * Issue 28 §2 "Every link the app builds keeps the locale (one helper)": the one way app code
 * makes an internal URL is lib/i18n/locales.ts `localizePath`, reached through
 * `LocaleLink`/`LocaleNavLink` (app/ui/LocaleLink.tsx), `useLocalizePath`, `useLocaleNavigate` and
 * `localizedRedirect` (app/i18n/locale.ts). This test reads the source of every module of app/
 * and fails where a link, form action or navigation is built another way: React Router's own
 * `Link`, `NavLink`, `useNavigate` or `redirect` imported outside those two modules, or an
 * `href`/`action` written as a site path ("/about", `/lawyer/${id}`) without localizing it. The
 * crawl of the built site (tests/e2e/locale-crawl.spec.ts) checks the rendered pages.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const APP = path.resolve(import.meta.dirname, "..");

/** The two modules that wrap React Router's link and navigation primitives. */
const WRAPPERS = new Set(["ui/LocaleLink.tsx", "i18n/locale.ts"]);

/**
 * Site paths that are not pages and so have no locale: downloads and API endpoints (a file or
 * JSON, the same in every language) and the language switcher's own route.
 */
const NOT_PAGES = [
  /^\/api\//,
  /^\/verification\/proofs\//,
  /^\/cases\/\$\{[^}]+\}\/documents\//,
  /^\/language\b/,
];

/** Every non-test source module of app/, as [path relative to app/, text]. */
function sources(): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        out.push([path.relative(APP, full), readFileSync(full, "utf8")]);
    }
  };
  walk(APP);
  return out;
}

/** The names a module imports from "react-router". */
function reactRouterImports(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*"react-router"/g)) {
    for (const part of (m[1] ?? "").split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names;
}

describe("issue 28 §2: internal URLs are built by one helper", () => {
  const files = sources();

  it("reads the app's modules", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it("no module but the wrappers uses React Router's Link, NavLink, useNavigate or redirect", () => {
    const offenders = files.flatMap(([file, text]) =>
      WRAPPERS.has(file)
        ? []
        : reactRouterImports(text)
            .filter((n) => ["Link", "NavLink", "useNavigate", "redirect", "redirectDocument"].includes(n))
            .map(
              (n) => `${file}: ${n} (use LocaleLink, LocaleNavLink, useLocaleNavigate or localizedRedirect)`,
            ),
    );
    expect(offenders).toEqual([]);
  });

  it("no href, action or navigate() target is a site path written without localizing it", () => {
    const offenders: string[] = [];
    const pattern = /\b(href|action|navigate)(=\{?|\()\s*["'`](\/[^"'`]*)/g;
    for (const [file, text] of files) {
      for (const m of text.matchAll(pattern)) {
        const target = m[3] ?? "";
        if (NOT_PAGES.some((re) => re.test(target))) continue;
        const line = text.slice(0, m.index).split("\n").length;
        offenders.push(`${file}:${line}: ${m[1]} ${target}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
