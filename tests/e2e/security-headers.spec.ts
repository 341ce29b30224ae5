import routes from "../../app/routes.ts";
import { firstLawyerId } from "./support/lawyers.ts";
import { type APIRequestContext, type APIResponse, expect, test, visitorHeaders } from "./support/test.ts";

/**
 * Every route of the route table (app/routes.ts) answers with the security headers (issue 13 §1
 * "CSP on every HTML page"): an HTML page with a nonce-based Content-Security-Policy whose nonce
 * is on every script of the page, and every answer (pages, redirects, errors) with nosniff,
 * Referrer-Policy and Permissions-Policy. The journeys' server runs on plain http, so no HSTS
 * (server/security/headers.test.ts covers an https PUBLIC_URL). A route added to the table
 * without an address here fails the first test.
 */

const LAWYER = { email: "lawyer@demo.lexatlas.example", password: "lexatlas-lawyer-demo" };

/**
 * One address per route pattern of the table; `signedIn` fetches it with the demo lawyer's
 * session; `redirects` marks an action-only route or an address that sends the visitor on.
 */
function addresses(lawyerId: number): Record<string, { path: string; signedIn?: boolean; redirects?: true }> {
  return {
    "": { path: "/" },
    "browse-lawyers": { path: "/browse-lawyers" },
    "lawyer/:id": { path: `/lawyer/${lawyerId}` },
    about: { path: "/about" },
    contact: { path: "/contact" },
    "privacy-policy": { path: "/privacy-policy" },
    "terms-of-service": { path: "/terms-of-service" },
    login: { path: "/login" },
    signup: { path: "/signup" },
    "forgot-password": { path: "/forgot-password" },
    "how-we-verify": { path: "/how-we-verify" },
    "how-ranking-works": { path: "/how-ranking-works" },
    "reviews-policy": { path: "/reviews-policy" },
    "reset-password": { path: "/reset-password?token=not-a-real-token" },
    // Issue 27 §2: change one's password (signed in).
    "change-password": { path: "/change-password", signedIn: true },
    logout: { path: "/logout", redirects: true },
    dashboard: { path: "/dashboard", signedIn: true },
    "claim-listing": { path: "/claim-listing?token=not-a-real-token", redirects: true },
    "dashboard/listing": { path: "/dashboard/listing", signedIn: true, redirects: true },
    "personality-assessment": { path: "/personality-assessment" },
    "personality-matches/:sessionId": { path: "/personality-matches/00000000-0000-4000-8000-000000000000" },
    "cases/:id": { path: "/cases/00000000-0000-4000-8000-000000000000" },
    "dashboard/messages": { path: "/dashboard/messages", signedIn: true, redirects: true },
    "dashboard/billing": { path: "/dashboard/billing", signedIn: true, redirects: true },
    "test-checkout/:sessionId": { path: "/test-checkout/cs_test_unknown", redirects: true },
    // Issue 15 §1: the second-factor page sends a visitor without a pending staff session to
    // /login; the back office answers a lawyer with the site's 403 page, a visitor with /login.
    "login/second-factor": { path: "/login/second-factor", redirects: true },
    admin: { path: "/admin", signedIn: true },
    "admin/contact": { path: "/admin/contact", redirects: true },
    "admin/contact/:id": { path: "/admin/contact/00000000-0000-4000-8000-000000000000", redirects: true },
    "admin/audit": { path: "/admin/audit", redirects: true },
    // Issue 15 §2 and §3: the verification, re-check and moderation screens (staff or the owner).
    "admin/verification/:id": { path: "/admin/verification/1", redirects: true },
    "admin/rechecks/:checkId": { path: "/admin/rechecks/1", redirects: true },
    "admin/reports/:id": { path: "/admin/reports/00000000-0000-4000-8000-000000000000", redirects: true },
    "admin/reviews/:id": { path: "/admin/reviews/00000000-0000-4000-8000-000000000000", redirects: true },
    "admin/corrections/:id": {
      path: "/admin/corrections/00000000-0000-4000-8000-000000000000",
      redirects: true,
    },
    "admin/listings/:id": { path: `/admin/listings/${lawyerId}`, redirects: true },
    "dashboard/verification": { path: "/dashboard/verification", signedIn: true },
    "dashboard/corrections": { path: "/dashboard/corrections", signedIn: true },
    "dashboard/reviews": { path: "/dashboard/reviews", signedIn: true },
    "dashboard/data": { path: "/dashboard/data", signedIn: true },
    "cases/withdrawn": { path: "/cases/withdrawn" },
    "lawyer/:id/report": { path: `/lawyer/${lawyerId}/report` },
    "lawyer/:id/removal": { path: `/lawyer/${lawyerId}/removal` },
    "*": { path: "/no-such-page" },
    language: { path: "/language?locale=ar&to=%2Fabout", redirects: true },
  };
}

/**
 * The path patterns of the route table ("" for the index route), without the optional locale
 * prefix every page has (issue 14; the prefixed pages are the same routes).
 */
function tablePatterns(): string[] {
  return routes.map((route) => (route.path ?? "").replace(/^:lang\?\/?/, ""));
}

/** Asserts the headers every answer carries. */
function expectCommonHeaders(response: APIResponse, label: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], label).toBe("nosniff");
  expect(headers["referrer-policy"], label).toMatch(/^(strict-origin-when-cross-origin|same-origin)$/);
  expect(headers["permissions-policy"], label).toContain("camera=()");
  expect(headers["strict-transport-security"], label).toBeUndefined();
  expect(headers["content-security-policy"] ?? "", label).not.toContain("{nonce}");
}

/** Asserts an HTML page's policy and that every script of the page carries its nonce. */
async function expectPagePolicy(response: APIResponse, label: string) {
  const policy = response.headers()["content-security-policy"] ?? "";
  expect(policy, label).toMatch(/script-src 'nonce-[A-Za-z0-9+/]{22}==' 'strict-dynamic'/);
  for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(policy, label).toContain(directive);
  }
  // No ad network in the journeys (no AD_PUBLISHER_ID): its hosts appear on no page.
  expect(policy, label).not.toContain("googlesyndication");
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? "missing";
  const html = await response.text();
  // Every script element the browser would run carries the response's nonce, wherever the
  // attribute stands in the tag (issue 29: React writes it, not a rewrite of the HTML). Data blocks
  // (JSON-LD) are not scripts to CSP (HTML "prepare the script element" stops before the check).
  const tags = html.match(/<script(?=[\s>])[^>]*>/g) ?? [];
  const runnable = tags.filter((tag) => !/\stype="application\/ld\+json"/.test(tag));
  expect(runnable.length, `${label}: a page has scripts`).toBeGreaterThan(0);
  for (const tag of runnable) expect(tag, label).toContain(` nonce="${nonce}"`);
}

async function signIn(request: APIRequestContext, origin: string) {
  const response = await request.post("/login", {
    form: { ...LAWYER, redirectTo: "/dashboard" },
    headers: { Origin: origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

test("every route of the route table has an address in this test", () => {
  expect(Object.keys(addresses(1)).sort()).toEqual(tablePatterns().sort());
});

test("every route answers with the security headers, and every HTML page with a nonce CSP", async ({
  playwright,
  request,
  baseURL,
}) => {
  const origin = baseURL as string;
  const lawyerId = await firstLawyerId(request);
  const signedIn = await playwright.request.newContext({
    extraHTTPHeaders: visitorHeaders(test.info()),
    baseURL: origin,
  });
  await signIn(signedIn, origin);
  for (const [pattern, { path, signedIn: withSession, redirects }] of Object.entries(addresses(lawyerId))) {
    const client = withSession ? signedIn : request;
    const response = await client.get(path, { maxRedirects: 0 });
    const label = `${pattern || "/"} (${path}) → ${response.status()}`;
    expectCommonHeaders(response, label);
    if (redirects) {
      expect(response.status(), label).toBe(302);
    } else {
      expect(response.headers()["content-type"], label).toMatch(/^text\/html/);
      await expectPagePolicy(response, label);
    }
  }
  await signedIn.dispose();
});
