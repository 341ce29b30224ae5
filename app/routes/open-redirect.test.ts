/**
 * The sign-in return path against every payload of tests/support/open-redirect-payloads.ts, on
 * all three entry points (issue 13 §1 "Open redirect after sign-in"): GET /login and GET
 * /signup while signed in (they redirect at once), the return path each page keeps in its form
 * while signed out, and POST /login with valid credentials. Real accounts service and database;
 * the journey tests/e2e/open-redirect.spec.ts repeats the table against the running server.
 * Issue 27 §2 adds properties (fast-check, tests/support/hostile-inputs.ts): hostile targets on
 * these entry points, the second-factor page and the guard of every signed-in page
 * (requireUser), whose Location must stay on the site; tests/e2e/redirect-properties.spec.ts
 * sends the same through the built product.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { hostilePath, hostileTarget, offSiteReason, PREFIXES } from "../../tests/support/hostile-inputs.ts";
import {
  OPEN_REDIRECT_ATTACKS,
  SAME_SITE_PATHS,
  staysOnSite,
} from "../../tests/support/open-redirect-payloads.ts";
import { servicesContext } from "../context.ts";
import { requireUser } from "../session.server.ts";
import { loader as secondFactorLoader } from "./login.second-factor.tsx";
import { action as loginAction, loader as loginLoader } from "./login.tsx";
import { loader as signupLoader } from "./signup.tsx";

const ORIGIN = "http://lexatlas.test";
const PASSWORD = "correct horse battery";

type LoaderArgs = Parameters<typeof loginLoader>[0];
type ActionArgs = Parameters<typeof loginAction>[0];
/** A page loader as the tests call it (the two pages' loaders differ only in their data). */
type PageLoader = (args: LoaderArgs) => Promise<unknown>;
const LOADERS: readonly (readonly [string, string, PageLoader])[] = [
  ["GET /login", "/login", loginLoader],
  ["GET /signup", "/signup", signupLoader as unknown as PageLoader],
];

describe(`sign-in return path refuses open redirects (${TEST_ENGINE})`, () => {
  let database: Database;
  let services: Services;
  let dataDir: string;
  let token: string;
  const email = `redirect-${Date.now()}@example.com`;
  let ipCounter = 0;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-redirect-"));
    services = createServices({
      clock: systemClock,
      db: database.db,
      config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
      logger: createLogger("silent"),
    });
    const session = await services.accounts.signUp(
      { email, password: PASSWORD, firstName: "Ada", lastName: "Lovelace", role: "user" },
      { ip: "10.9.0.1", origin: ORIGIN },
    );
    token = session.token;
  });
  afterAll(async () => {
    await services.mailer.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A fresh router context with its own client IP, so the sign-in limit per IP never trips. */
  function context(): RouterContextProvider {
    ipCounter += 1;
    const ctx = new RouterContextProvider();
    ctx.set(servicesContext, services);
    rememberClientIp(ctx, `10.8.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`);
    return ctx;
  }

  function page(pathname: string, redirectTo: string, signedIn: boolean): LoaderArgs {
    const url = `${ORIGIN}${pathname}?${new URLSearchParams({ redirectTo })}`;
    const headers: Record<string, string> = signedIn ? { Cookie: `${SESSION_COOKIE}=${token}` } : {};
    return {
      request: new Request(url, { headers }),
      context: context(),
      params: {},
    } as unknown as LoaderArgs;
  }

  /** Where GET `pathname` sends a signed-in visitor (the loader throws a redirect). */
  async function signedInLocation(loader: PageLoader, pathname: string, redirectTo: string) {
    try {
      await loader(page(pathname, redirectTo, true));
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get("Location");
      throw thrown;
    }
    throw new Error(`GET ${pathname} did not redirect a signed-in visitor`);
  }

  /** Where POST /login with valid credentials and `redirectTo` sends the new session. */
  async function postLocation(redirectTo: string) {
    const request = new Request(`${ORIGIN}/login`, {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: new URLSearchParams({ email, password: PASSWORD, redirectTo }),
    });
    const response = (await loginAction({
      request,
      context: context(),
      params: {},
    } as unknown as ActionArgs)) as Response;
    expect(response.status).toBe(302);
    return response.headers.get("Location");
  }

  it(`has a table of at least 30 attacks (${OPEN_REDIRECT_ATTACKS.length})`, () => {
    expect(OPEN_REDIRECT_ATTACKS.length).toBeGreaterThanOrEqual(30);
  });

  for (const [name, pathname, loader] of LOADERS) {
    it(`${name} sends a signed-in visitor to /dashboard for every attack`, async () => {
      for (const attack of OPEN_REDIRECT_ATTACKS) {
        const location = await signedInLocation(loader, pathname, attack);
        expect(location, JSON.stringify(attack)).toBe("/dashboard");
      }
    });

    it(`${name} keeps no attack as the form's return path while signed out`, async () => {
      for (const attack of OPEN_REDIRECT_ATTACKS) {
        const data = (await loader(page(pathname, attack, false))) as { redirectTo: string | null };
        expect(data.redirectTo, JSON.stringify(attack)).toBeNull();
      }
    });

    it(`${name} returns same-site paths normalised`, async () => {
      for (const { input, expected } of SAME_SITE_PATHS) {
        const location = await signedInLocation(loader, pathname, input);
        expect(location, input).toBe(expected);
        expect(staysOnSite(location ?? "", ORIGIN)).toBe(true);
      }
    });
  }

  it("POST /login sends the new session to /dashboard for every attack", async () => {
    for (const attack of OPEN_REDIRECT_ATTACKS) {
      expect(await postLocation(attack), JSON.stringify(attack)).toBe("/dashboard");
    }
  });

  it("POST /login returns to same-site paths", async () => {
    for (const { input, expected } of SAME_SITE_PATHS) {
      expect(await postLocation(input), input).toBe(expected);
    }
  });

  /** Where a loader or guard sent the visitor (the Location of the Response it threw or returned), or null. */
  async function thrownLocation(run: () => Promise<unknown>): Promise<string | null> {
    try {
      const answer = await run();
      return answer instanceof Response ? answer.headers.get("Location") : null;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.headers.get("Location");
      throw thrown;
    }
  }

  it("issue 27 §2: GET /login, /signup and /login/second-factor signed in, in any locale (fast-check)", async () => {
    const pages: readonly (readonly [string, PageLoader])[] = [
      ...LOADERS.map(([, pathname, loader]) => [pathname, loader] as const),
      ["/login/second-factor", secondFactorLoader as unknown as PageLoader],
    ];
    await fc.assert(
      fc.asyncProperty(
        hostileTarget,
        fc.constantFrom(...pages),
        fc.constantFrom("", "/de", "/pt-br"),
        async (target, [pathname, loader], prefix) => {
          const location = await thrownLocation(() => loader(page(`${prefix}${pathname}`, target, true)));
          expect(
            offSiteReason(location ?? "", ORIGIN),
            `${pathname} ${JSON.stringify(target)} -> ${location}`,
          ).toBeNull();
        },
      ),
      {
        numRuns: 400,
        examples: [["/de//evil.example", [pages[0]?.[0] ?? "", pages[0]?.[1] as PageLoader], "/de"]],
      },
    );
  });

  it("issue 27 §2: POST /login with hostile return paths (fast-check)", async () => {
    await fc.assert(
      fc.asyncProperty(hostileTarget, async (target) => {
        const location = await postLocation(target);
        expect(offSiteReason(location ?? "", ORIGIN), `${JSON.stringify(target)} -> ${location}`).toBeNull();
      }),
      { numRuns: 40 },
    );
  });

  it("issue 27 §2: the guard of signed-in pages (requireUser) for hostile paths and queries (fast-check)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PREFIXES, ""),
        hostilePath,
        fc.boolean(),
        async (prefix, path, asData) => {
          let request: Request;
          try {
            request = new Request(`${ORIGIN}${prefix ? `/${prefix}` : ""}${path}${asData ? ".data" : ""}`);
          } catch {
            return;
          }
          const location = await thrownLocation(() => requireUser(request, context()));
          expect(offSiteReason(location ?? "", ORIGIN), `${path} -> ${location}`).toBeNull();
          // To the sign-in page of the request's locale (without a return path when it is too long).
          expect(location, path).toMatch(/^(\/[a-z]{2}(-br)?)?\/login(\?redirectTo=|$)/);
        },
      ),
      { numRuns: 500 },
    );
  });
});
