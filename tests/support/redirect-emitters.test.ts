/**
 * Issue 27 §2 "one rule for every redirect": no module of app/, server/ or lib/ (tests aside)
 * writes a `Location` except through lib/redirects.ts (siteRedirect, or offSiteRedirect in the
 * billing route). Scanned with the TypeScript parser, so comments and text are never mistaken
 * for code. Refused: importing `redirect`, `redirectDocument` or `replace` from react-router
 * (they write any Location they are given), any `.redirect(…)` call (Hono's `c.redirect`,
 * `Response.redirect`), an object key `Location`, and `.set/.append/.header("Location", …)`.
 * A new route that redirects must use siteRedirect (or localizedRedirect, which does), and
 * then this test and the properties of tests/e2e/redirect-properties.spec.ts cover it.
 */
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The one module that writes Location headers. */
const WRITER = "lib/redirects.ts";
/** Where the one redirect off the site (the payment provider's checkout page) may be answered. */
const OFF_SITE_ALLOWED = new Set(["app/routes/dashboard.billing.tsx"]);
/** react-router's redirect helpers: each writes whatever Location it is given. */
const RAW_HELPERS = new Set(["redirect", "redirectDocument", "replace"]);

/** One way a module writes a Location around lib/redirects.ts. */
interface Emitter {
  file: string;
  line: number;
  what: string;
}

/**
 * True when `node` names the Location header: the identifier `Location` (a lower-case `location`
 * identifier is a listing's place everywhere in this code), or a string literal of any case.
 */
function namesLocation(node: ts.Node | undefined): boolean {
  if (!node) return false;
  if (ts.isIdentifier(node)) return node.text === "Location";
  if (ts.isStringLiteralLike(node)) return node.text.toLowerCase() === "location";
  return false;
}

/** Every place in `source` (the text of `file`) that writes a Location without lib/redirects.ts. */
function findRawRedirects(file: string, source: string): Emitter[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Emitter[] = [];
  const report = (node: ts.Node, what: string) =>
    found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, what });
  const visit = (node: ts.Node) => {
    if (
      ts.isImportDeclaration(node) &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      node.moduleSpecifier.text === "react-router"
    ) {
      const named = node.importClause?.namedBindings;
      if (named && ts.isNamedImports(named))
        for (const el of named.elements) {
          const imported = (el.propertyName ?? el.name).text;
          if (RAW_HELPERS.has(imported) && !el.isTypeOnly)
            report(el, `imports ${imported} from react-router`);
        }
    }
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (method === "redirect") report(node, `calls .redirect()`);
      // `params.set("location", …)` is a search parameter; on headers (or Hono's c.header) it is the header.
      const onHeaders = method === "header" || /header/i.test(node.expression.expression.getText(sf));
      if (["set", "append", "header"].includes(method) && onHeaders && namesLocation(node.arguments[0]))
        report(node, `sets a Location header with .${method}()`);
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      if (node.expression.text === "offSiteRedirect" && !OFF_SITE_ALLOWED.has(file))
        report(node, "redirects off the site outside the billing route");
    }
    if (ts.isPropertyAssignment(node) && namesLocation(node.name)) report(node, "writes a Location key");
    if (ts.isShorthandPropertyAssignment(node) && node.name.text === "Location")
      report(node, "writes a Location key");
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const files = globSync("{app,server,lib}/**/*.{ts,tsx}", { cwd: ROOT })
  .map((f) => f.split(path.sep).join("/"))
  .filter((f) => !/\.test\.tsx?$/.test(f) && !f.includes("/testing/") && f !== WRITER)
  .sort();

describe("every Location goes through lib/redirects.ts (issue 27 §2)", () => {
  it("finds each raw way of redirecting, and ignores comments, text and the safe helpers", () => {
    const found = findRawRedirects(
      "app/routes/x.tsx",
      `import { data, redirect, type LoaderFunctionArgs } from "react-router";
      import { replace as swap } from "react-router";
      // redirect("//evil") in a comment, and "Location: //evil" in a string
      const text = "Location: //evil.example";
      export function loader() {
        c.redirect("//evil.example");
        Response.redirect("https://evil.example");
        const headers = new Headers({ Location: "//evil" });
        headers.set("location", "//evil"); params.set("location", "Berlin"); const o = { location: "Berlin" };
        c.header("Location", "//evil");
        offSiteRedirect("https://evil.example");
        return new Response(null, { status: 302, headers: { "Location": "//evil" } });
      }
      siteRedirect("/ok"); localizedRedirect(request, "/ok");`,
    );
    expect(found.map((f) => `${f.line} ${f.what}`)).toEqual([
      "1 imports redirect from react-router",
      "2 imports replace from react-router",
      "6 calls .redirect()",
      "7 calls .redirect()",
      "8 writes a Location key",
      "9 sets a Location header with .set()",
      "10 sets a Location header with .header()",
      "11 redirects off the site outside the billing route",
      "12 writes a Location key",
    ]);
  });

  it(`scans the modules of app/, server/ and lib/ (${files.length})`, () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files).toContain("app/root.tsx");
    expect(files).toContain("server/app.ts");
  });

  it("no module writes a Location without lib/redirects.ts", () => {
    const found = files.flatMap((file) =>
      findRawRedirects(file, readFileSync(path.join(ROOT, file), "utf8")),
    );
    expect(found.map((f) => `${f.file}:${f.line} ${f.what}`)).toEqual([]);
  });
});
