/**
 * Page requests from the route table (issue 27 "a page route generator from app/routes.ts"):
 * every page of app/routes.ts under every locale prefix (and prefixes that are not locales),
 * its path parameters filled with ids of rows that exist or hostile segments; GET with a hostile
 * query string (the names the page's loader reads among them) and as a single-fetch `.data`
 * request; and, for a page with an action, POST of its form — the field names and `intent`
 * values its module and the feature modules it imports read, plus hostile keys, NUL bytes,
 * bytes that are not UTF-8 — url-encoded or multipart (broken boundaries included).
 *
 * The names come from the source (`.get("name")`, `name="…"`, `intent === "…"`), so a field or
 * an intent added to a page is fuzzed without a change here.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import routes from "../../app/routes.ts";
import { LOCALES } from "../../lib/i18n/locales.ts";
import {
  contentType,
  type Damage,
  damage,
  type FormField,
  type Framing,
  fileArbitrary,
  framing,
  multipart,
  urlencoded,
} from "./bodies.ts";
import type { Sendable } from "./check.ts";
import { type Envelope, envelope, envelopeHeaders } from "./envelope.ts";
import type { FuzzWorld, KnownIds } from "./harness.ts";
import { anyText, hostileKey, knownId } from "./values.ts";
import { pct } from "./wire.ts";

const APP = path.resolve(import.meta.dirname, "../../app");

/** One page of the route table and what its source reads. */
export interface PageRoute {
  /** The route's path without the locale prefix, e.g. `lawyer/:id` ("" for home). */
  pattern: string;
  /** Whether the route takes the optional locale prefix (all but /language). */
  localized: boolean;
  file: string;
  hasAction: boolean;
  /** Names the module (and the app modules it imports) reads from forms and query strings. */
  names: string[];
  /** `intent` values the action knows. */
  intents: string[];
}

/** The relative imports of `source` that are files under app/ (".tsx", ".ts", or "/index"). */
function localImports(source: string, from: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/from\s+"(\.{1,2}\/[^"]+)"/g)) {
    const base = path.resolve(path.dirname(from), m[1] as string);
    for (const candidate of [base, `${base}.tsx`, `${base}.ts`, path.join(base, "index.ts")])
      if (candidate.startsWith(APP) && existsSync(candidate) && /\.tsx?$/.test(candidate)) {
        out.push(candidate);
        break;
      }
  }
  return out;
}

/** Field names and intents read by `file` and the app modules it imports (two levels deep). */
function namesOf(file: string): { names: string[]; intents: string[]; hasAction: boolean } {
  const seen = new Set<string>();
  const names = new Set<string>();
  const intents = new Set<string>();
  let hasAction = false;
  const visit = (f: string, depth: number) => {
    if (seen.has(f) || depth > 2) return;
    seen.add(f);
    const source = readFileSync(f, "utf8");
    if (depth === 0) hasAction = /export (async )?function action\b|export const action\b/.test(source);
    for (const m of source.matchAll(/\.get(?:All)?\(\s*"([\w.[\]-]{1,40})"\s*\)/g)) names.add(m[1] as string);
    for (const m of source.matchAll(/\bname="([\w.[\]-]{1,40})"/g)) names.add(m[1] as string);
    for (const m of source.matchAll(/intent"?\)?\s*===?\s*"([\w-]{1,30})"/g)) intents.add(m[1] as string);
    for (const m of source.matchAll(/name="intent"\s+value="([\w-]{1,30})"/g)) intents.add(m[1] as string);
    for (const m of source.matchAll(/case\s+"([\w-]{1,30})":/g)) intents.add(m[1] as string);
    for (const next of localImports(source, f)) visit(next, depth + 1);
  };
  visit(file, 0);
  return { names: [...names].sort(), intents: [...intents].sort(), hasAction };
}

/** The pages of app/routes.ts with what their sources read. */
export function pageRoutes(): PageRoute[] {
  const out: PageRoute[] = [];
  const walk = (entries: readonly { path?: string; file: string; children?: unknown }[]) => {
    for (const r of entries) {
      const full = r.path ?? "";
      const localized = full.startsWith(":lang?");
      const pattern = full.replace(/^:lang\?\/?/, "");
      const file = path.join(APP, r.file);
      out.push({ pattern, localized, file: r.file, ...namesOf(file) });
      if (Array.isArray(r.children)) walk(r.children);
    }
  };
  walk(routes);
  return out;
}

/** Locale prefixes: none, every locale, and prefixes that are not ours or are spelled oddly. */
const PREFIXES = [
  "",
  ...LOCALES.map((l) => `/${l}`),
  "/EN",
  "/pt-br",
  "/xx",
  "/de-DE",
  "/%E0%A4%A",
  "/..",
  "/ar/ar",
];

/** Segments a page's path parameter may get besides real ids. */
const HOSTILE_SEGMENTS = [
  "-1",
  "0",
  "1e309",
  "99999999999999999999",
  "%00",
  "%E0%A4%A",
  "..",
  "%2e%2e%2f",
  "x".repeat(2000),
  "__proto__",
  "%F0%9F%98%80",
  "null",
  "a;b",
];

/** One page request before it is put on the wire. */
interface PageCase {
  envelope: Envelope;
  prefix: string;
  params: Record<string, string>;
  /**
   * GET as a document, GET of its single-fetch data (`.data`), POST of its form as a browser
   * without JavaScript sends it, or as React Router's fetcher does (to `.data`).
   */
  kind: "document" | "data" | "post" | "post-data";
  query: [string, string][];
  fields: [string, string][];
  files: NonNullable<FormField["file"]>[];
  multipart: boolean;
  damage: Damage;
  framing: Framing;
  label: string | null;
}

/** The table hint of a page's path parameter (`lawyer/:id` → lawyers, `cases/:id` → cases). */
function hintOf(pattern: string, param: string): string {
  if (param === "sessionId")
    return pattern.startsWith("test-checkout") ? "test_checkout_sessions" : "sessionids";
  if (param === "checkId") return "verification_checks";
  const segments = pattern.split("/");
  const before = segments[segments.indexOf(`:${param}`) - 1] ?? "";
  return (
    {
      lawyer: "lawyers",
      listings: "lawyers",
      cases: "cases",
      contact: "contact_messages",
      verification: "verification_requests",
      reports: "listing_reports",
      corrections: "listing_corrections",
      reviews: "reviews",
    }[before] ?? before
  );
}

/** The arbitrary of requests to `page` (POSTs only when it has an action). */
export function pageCases(page: PageRoute, known: KnownIds): fc.Arbitrary<PageCase> {
  const params: Record<string, fc.Arbitrary<string>> = {};
  for (const m of page.pattern.matchAll(/:(\w+)/g)) {
    const name = m[1] as string;
    params[name] = fc.oneof(
      { weight: 5, arbitrary: knownId(known, hintOf(page.pattern, name)) },
      { weight: 1, arbitrary: knownId(known) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    );
  }
  const name = page.names.length ? fc.constantFrom(...page.names) : fc.constant("q");
  const value = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom("1", "on", "true", "en", "ar", "/about", "https://evil.example/", ""),
    },
    { weight: 3, arbitrary: anyText(40) },
    { weight: 2, arbitrary: knownId(known) },
  );
  const pair = fc.oneof(
    { weight: 6, arbitrary: fc.tuple(name, value) },
    { weight: 1, arbitrary: fc.tuple(hostileKey(), value) },
  );
  const intent = page.intents.length
    ? fc.oneof(
        { weight: 5, arbitrary: fc.constantFrom(...page.intents) },
        { weight: 1, arbitrary: anyText(20) },
      )
    : anyText(20);
  const fields = fc
    .tuple(fc.option(intent, { freq: 4, nil: undefined }), fc.array(pair, { maxLength: 8 }))
    .map(([i, rest]) => (i === undefined ? rest : [["intent", i] as [string, string], ...rest]));
  return fc.record({
    envelope: envelope(),
    prefix: page.localized ? fc.constantFrom(...PREFIXES) : fc.constant(""),
    params: fc.record(params),
    kind: page.hasAction
      ? fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom("document" as const, "data" as const) },
          { weight: 3, arbitrary: fc.constantFrom("post" as const, "post" as const, "post-data" as const) },
        )
      : fc.constantFrom("document" as const, "document" as const, "data" as const),
    query: fc.oneof(
      { weight: 1, arbitrary: fc.constant<[string, string][]>([]) },
      { weight: 2, arbitrary: fc.array(pair, { maxLength: 4 }) },
    ),
    fields,
    files: fc.oneof(
      { weight: 4, arbitrary: fc.constant<NonNullable<FormField["file"]>[]>([]) },
      { weight: 1, arbitrary: fc.array(fileArbitrary(), { minLength: 1, maxLength: 2 }) },
    ),
    multipart: fc.boolean(),
    damage: damage(),
    framing: framing(),
    label: contentType("form"),
  });
}

/** The wire request of a generated page case. */
export function pageRequest(page: PageRoute, c: PageCase, world: FuzzWorld): Sendable {
  let pathname = page.pattern.replace(/:(\w+)\??/g, (_, p: string) => {
    const v = c.params[p] ?? "1";
    return /%|^\.\.$/.test(v) ? v : pct(v);
  });
  pathname = `${c.prefix}/${pathname}`.replace(/\/+$/, "") || "/";
  if (page.pattern === "*") pathname = `${c.prefix}/no-such-page/${pct(c.params.x ?? "x")}`;
  const post = c.kind === "post" || c.kind === "post-data";
  const data = c.kind === "data" || c.kind === "post-data";
  const index: [string, string][] = page.pattern === "" && post ? [["index", ""]] : [];
  const pairs = [...index, ...c.query];
  const target =
    (data ? (pathname === "/" ? "/_root.data" : `${pathname}.data`) : pathname) +
    (pairs.length ? `?${pairs.map(([k, v]) => `${pct(k)}=${pct(v)}`).join("&")}` : "");
  const headers = envelopeHeaders(c.envelope, world, post);
  let body: Buffer | undefined;
  if (post) {
    const fields: FormField[] = c.fields.map(([name, value]) => ({ name, value }));
    const useMultipart = c.multipart || c.files.length > 0;
    if (useMultipart) {
      for (const file of c.files)
        fields.push({
          name: page.names.find((n) => /logo|document|proof|file/i.test(n)) ?? "documents",
          value: "",
          file,
        });
      body = multipart(fields, "fuzzpageboundary", c.framing);
    } else body = urlencoded(fields, c.damage);
    const right = useMultipart
      ? "multipart/form-data; boundary=fuzzpageboundary"
      : "application/x-www-form-urlencoded";
    const label = c.label === "form" ? right : c.label;
    if (label !== null) headers.push(["Content-Type", label]);
  }
  const route = page.pattern === "" ? "/" : `/${page.pattern}`;
  return {
    wire: { method: post ? "POST" : "GET", target, headers, ...(body ? { body } : {}) },
    group: `page ${post ? "POST" : data ? "GET .data" : "GET"} ${route}`,
    role: `${c.envelope.role} (${c.envelope.auth})`,
  };
}
