import fc from "fast-check";
import {
  hostilePath,
  hostileTarget,
  offSiteReason,
  PREFIXES,
  type RawAnswer,
  rawRequest,
  redirectTargetOf,
  wireTarget,
} from "../support/hostile-inputs.ts";
import { expect, test } from "./support/test.ts";

/**
 * Issue 27 §2 "one rule for every redirect": hostile targets built by fast-check (slashes,
 * backslashes, encoded and Unicode look-alikes, dots, controls, `@`, schemes, locale prefixes,
 * very long input; tests/support/hostile-inputs.ts) sent through every redirecting route of the
 * running product, as raw requests (the path exactly as written, like curl --path-as-is). Every
 * answer is below 500, and every redirect, a Location or a `.data` request's single-fetch
 * redirect, stays on the site: `new URL(location, origin).origin === origin`, no leading `//`,
 * `/\` or scheme (lib/redirects.ts siteRedirect is the one way a Location is written).
 * The attacker's findings of issue 27 are the first examples of each property.
 */

const CLIENT = { email: "client@demo.lexatlas.example", password: "lexatlas-client-demo" };
/** Runs per route: ~15 routes, each answer a redirect or a rendered 404, within the spec's timeout. */
const RUNS = 40;

/** One redirecting route: the request it makes for a hostile string. */
interface Route {
  name: string;
  examples: string[];
  request(hostile: string): {
    target: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
  };
}

/** This run's documentation /48 (RFC 3849), so reruns against one server never share a limit. */
const NETWORK = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}`;
let address = 0;
/** A client network (/64: the sign-in limit counts IPv6 by /64) of its own per sign-in. */
function freshAddress(): string {
  address += 1;
  return `${NETWORK}:${address.toString(16)}::1`;
}

/** POST /login as the demo client (a same-origin form, from a fresh network) with `extra` fields. */
function postLogin(origin: string, extra: Record<string, string> = {}): Promise<RawAnswer> {
  return rawRequest(origin, "/login", {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: origin,
      "X-Forwarded-For": freshAddress(),
    },
    body: new URLSearchParams({ ...CLIENT, ...extra }).toString(),
  });
}

/** Signs the demo client in through POST /login and answers the session's Cookie header value. */
async function signIn(origin: string): Promise<string> {
  const answer = await postLogin(origin);
  const cookie = [answer.headers["set-cookie"] ?? []]
    .flat()
    .find((c) => c.startsWith("__Host-lexatlas_session="));
  if (!cookie) throw new Error(`sign-in failed: ${answer.status}`);
  return cookie.split(";")[0] ?? "";
}

/** Fails with the route, the input and the answer when the answer is a 5xx or leaves the site. */
function check(route: string, hostile: string, answer: RawAnswer, origin: string): void {
  const where = `${route} ${JSON.stringify(hostile)} -> ${answer.status}`;
  expect(answer.status, where).toBeLessThan(500);
  const target = redirectTargetOf(answer);
  if (target === null) return;
  expect(offSiteReason(target, origin), `${where} ${JSON.stringify(target)}`).toBeNull();
}

test("every redirecting route keeps hostile targets on the site (fast-check)", async ({ baseURL }) => {
  test.setTimeout(240_000);
  const origin = baseURL as string;
  const session = await signIn(origin);
  const query = (name: string, value: string) => new URLSearchParams({ [name]: value }).toString();
  const routes: Route[] = [
    {
      name: "the /en strip",
      examples: ["//evil.example", "///evil.example", "/\\evil.example", "/%2f%2fevil.example"],
      request: (h) => ({ target: wireTarget(`/en${h.startsWith("/") ? h : `/${h}`}`) }),
    },
    {
      name: "the /EN strip and prefix case",
      examples: ["//evil.example", "/..//evil.example"],
      request: (h) => ({ target: wireTarget(`/EN${h.startsWith("/") ? h : `/${h}`}`) }),
    },
    {
      name: "a prefix of any kind",
      examples: ["//evil.example"],
      request: (h) => {
        const prefix = PREFIXES[h.length % PREFIXES.length] ?? "en";
        return { target: wireTarget(`/${prefix}${h.startsWith("/") ? h : `/${h}`}`) };
      },
    },
    {
      name: "a .data request to /en…",
      examples: ["//evil.example"],
      request: (h) => ({ target: wireTarget(`/en${h.startsWith("/") ? h : `/${h}`}.data`) }),
    },
    {
      name: "negotiation by Accept-Language",
      examples: ["//evil.example", "//evil.example/about"],
      request: (h) => ({
        target: wireTarget(h.startsWith("/") ? h : `/${h}`),
        headers: { "Accept-Language": "de" },
      }),
    },
    {
      name: "negotiation by the locale cookie",
      examples: ["//evil.example"],
      request: (h) => ({
        target: wireTarget(h.startsWith("/") ? h : `/${h}`),
        headers: { Cookie: "lexatlas_locale=ja", "Accept-Language": "fr" },
      }),
    },
    {
      name: "/language?to= (encoded)",
      examples: ["/de//evil.example", "/ja///evil.example", "//evil.example"],
      request: (h) => ({ target: `/language?locale=de&${query("to", h)}` }),
    },
    {
      name: "/language?to= (as typed)",
      examples: ["/de//evil.example", "/pt-br//evil.example"],
      request: (h) => ({ target: `/language?locale=pt-BR&to=${wireTarget(h)}` }),
    },
    {
      name: "GET /login signed in",
      examples: ["/.//evil.example", "/de//evil.example"],
      request: (h) => ({ target: `/login?${query("redirectTo", h)}`, headers: { Cookie: session } }),
    },
    {
      name: "GET /de/signup signed in",
      examples: ["//evil.example"],
      request: (h) => ({ target: `/de/signup?${query("redirectTo", h)}`, headers: { Cookie: session } }),
    },
    {
      name: "GET /login/second-factor signed in",
      examples: ["//evil.example", "/\\evil.example"],
      request: (h) => ({
        target: `/login/second-factor?${query("redirectTo", h)}`,
        headers: { Cookie: session },
      }),
    },
    {
      name: "a guarded page signed out (/dashboard)",
      examples: ["//evil.example"],
      request: (h) => ({ target: `/dashboard?x=${wireTarget(h)}` }),
    },
    {
      name: "a guarded page's data request signed out (/ja/admin.data)",
      examples: ["//evil.example"],
      request: (h) => ({ target: `/ja/admin.data?${query("x", h)}` }),
    },
    {
      name: "a claim link signed out",
      examples: ["//evil.example"],
      request: (h) => ({ target: `/claim-listing?${query("token", h)}` }),
    },
    {
      name: "a case link",
      examples: ["//evil.example"],
      request: (h) => ({ target: wireTarget(`/cases/${h}?token=abc`) }),
    },
  ];
  for (const route of routes) {
    await fc.assert(
      fc.asyncProperty(hostileTarget, async (hostile) => {
        const { target, ...options } = route.request(hostile);
        check(route.name, hostile, await rawRequest(origin, target, options), origin);
      }),
      { numRuns: RUNS, examples: route.examples.map((e) => [e]) },
    );
  }
});

test("sign-in (POST /login) keeps hostile return paths on the site (fast-check)", async ({ baseURL }) => {
  test.setTimeout(120_000);
  const origin = baseURL as string;
  await fc.assert(
    fc.asyncProperty(hostilePath, async (hostile) => {
      const answer = await postLogin(origin, { redirectTo: hostile });
      expect(answer.status, JSON.stringify(hostile)).toBe(302);
      check("POST /login", hostile, answer, origin);
    }),
    { numRuns: 20, examples: [["/.//evil.example"], ["/de//evil.example"]] },
  );
});
