/**
 * The language switcher's /language route for signed-in people (issue 14 §1: emails follow the
 * language a person chose): the choice is stored in `users.locale` as well as the cookie, for a
 * client and a lawyer alike, not for a link from another site, and the open-redirect protections
 * hold while signed in. Real accounts service, PGlite database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { OPEN_REDIRECT_ATTACKS } from "../../tests/support/open-redirect-payloads.ts";
import { servicesContext } from "../context.ts";
import { loader } from "./language.tsx";

const ORIGIN = "http://lexatlas.test";

describe(`/language stores a signed-in user's choice (${TEST_ENGINE})`, () => {
  let database: Database;
  let services: Services;
  let dataDir: string;
  const people: Record<"client" | "lawyer" | "other", { id: string; token: string }> = {} as never;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-language-"));
    services = createServices({
      clock: systemClock,
      db: database.db,
      config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
      logger: createLogger("silent"),
    });
    const roles = { client: "user", lawyer: "lawyer", other: "lawyer" } as const;
    for (const [who, role] of Object.entries(roles)) {
      const session = await services.accounts.signUp(
        {
          email: `${who}-${Date.now()}@example.com`,
          password: "correct horse 42",
          firstName: "Ada",
          lastName: "",
          role,
        },
        { ip: `10.7.0.${Object.keys(people).length + 1}`, origin: ORIGIN, locale: "en" },
      );
      people[who as keyof typeof people] = { id: session.user.id, token: session.token };
    }
  });
  afterAll(async () => {
    await services.mailer.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Calls the loader like React Router does; a thrown Response or data() comes back as the answer. */
  async function choose(query: string, headers: Record<string, string> = {}) {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    try {
      return (await loader({
        request: new Request(`${ORIGIN}/language?${query}`, { headers }),
        params: {},
        context,
      } as never)) as Response;
    } catch (e) {
      return e as Response | { data: { message: string }; init: { status: number } };
    }
  }
  const cookieOf = (who: keyof typeof people) => ({ Cookie: `${SESSION_COOKIE}=${people[who].token}` });
  const localeOf = async (who: keyof typeof people) =>
    (await database.db.select({ locale: users.locale }).from(users).where(eq(users.id, people[who].id)))[0]
      ?.locale;

  it("stores German, then Arabic, on the client's account and still sets the cookie", async () => {
    const de = (await choose("locale=de&to=%2Fdashboard", cookieOf("client"))) as Response;
    expect(de.status).toBe(302);
    expect(de.headers.get("Location")).toBe("/de/dashboard");
    expect(de.headers.get("Set-Cookie")).toMatch(/^lexatlas_locale=de;/);
    expect(await localeOf("client")).toBe("de");
    const ar = (await choose("locale=ar&to=%2F", {
      ...cookieOf("client"),
      "Sec-Fetch-Site": "same-origin",
    })) as Response;
    expect(ar.headers.get("Location")).toBe("/ar");
    expect(await localeOf("client")).toBe("ar");
  });

  it("authorisation matrix: anonymous, client, lawyer and another lawyer get the same redirect; each account keeps only its own choice", async () => {
    const answers = await Promise.all(
      [{}, cookieOf("client"), cookieOf("lawyer"), cookieOf("other")].map(async (headers) => {
        const res = (await choose("locale=ja&to=%2Fdashboard", headers)) as Response;
        return [res.status, res.headers.get("Location")];
      }),
    );
    for (const answer of answers) expect(answer).toEqual([302, "/ja/dashboard"]);
    expect(await localeOf("lawyer")).toBe("ja");
    await choose("locale=fr&to=%2F", cookieOf("other"));
    expect(await localeOf("other")).toBe("fr");
    expect(await localeOf("lawyer")).toBe("ja");
  });

  it("a link from another site switches the browser only, not the account", async () => {
    await choose("locale=nl&to=%2F", cookieOf("lawyer"));
    const res = (await choose("locale=es&to=%2F", {
      ...cookieOf("lawyer"),
      "Sec-Fetch-Site": "cross-site",
    })) as Response;
    expect(res.headers.get("Set-Cookie")).toMatch(/^lexatlas_locale=es;/);
    expect(await localeOf("lawyer")).toBe("nl");
  });

  it("never leaves the site while signed in, and refuses an unknown locale in the reader's language", async () => {
    for (const attack of OPEN_REDIRECT_ATTACKS) {
      const res = (await choose(
        new URLSearchParams({ locale: "de", to: attack }).toString(),
        cookieOf("client"),
      )) as Response;
      const location = res.headers.get("Location") ?? "";
      expect(location.startsWith("/de") && !location.startsWith("//"), attack).toBe(true);
    }
    const bad = (await choose("locale=xx&to=%2F", { ...cookieOf("client"), "Accept-Language": "de" })) as {
      data: { message: string };
      init: { status: number };
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.message).toBe("Unbekannte Sprache.");
    const ar = (await choose("locale=xx", { "Accept-Language": "ar" })) as { data: { message: string } };
    expect(ar.data.message).toBe("لغة غير معروفة.");
    expect(await localeOf("client")).toBe("de");
  });
});
