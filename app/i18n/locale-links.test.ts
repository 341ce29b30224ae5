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
const SERVER = path.resolve(APP, "../server");

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

/**
 * Absolute URLs the server writes that are not pages of a locale: the sitemap index's files, the
 * test payment provider's checkout (the page that redirects to it localizes it:
 * app/routes/dashboard.billing.tsx) and the staff command's set-password link (staff accounts are
 * made on the command line, without a language).
 */
const SERVER_NOT_PAGES = [/^\/sitemaps\//, /^\/test-checkout\//, /^\/reset-password\?token=\$\{token\}$/];

/** The code of a module without its block and whole-line comments (newlines kept, for line numbers). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " ")).replace(/^\s*\/\/.*$/gm, "");
}

/** Every non-test source module under `root` (app/ by default), as [path relative to it, text]. */
function sources(root: string = APP): [string, string][] {
  const out: [string, string][] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        out.push([path.relative(root, full), withoutComments(readFileSync(full, "utf8"))]);
    }
  };
  walk(root);
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

  it("no absolute URL of this site (JSON-LD, emails, payment returns) is an origin and an unlocalized path", () => {
    const offenders: string[] = [];
    const server = sources(SERVER).map(([f, t]): [string, string] => [`server/${f}`, t]);
    for (const [file, text] of [...files, ...server]) {
      for (const m of text.matchAll(/\$\{\s*(?:[\w.]*[oO]rigin)\s*\}(\/[a-z][^`]*)/g)) {
        if ([...NOT_PAGES, ...SERVER_NOT_PAGES].some((re) => re.test(m[1] ?? ""))) continue;
        offenders.push(`${file}:${text.slice(0, m.index).split("\n").length}: ${m[0]}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
