/**
 * The profile loader shows the lawyer's city, region and location text in the page's language
 * (issue 14 §1), chosen on the server; the postal address keeps the stored names. Real services
 * and database.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { lawyers } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { servicesContext } from "../context.ts";
import { loader } from "./lawyer.tsx";

let database: Database;
let services: Services;
let id: number;

beforeAll(async () => {
  database = await openTestDatabase();
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent" }),
    logger: createLogger("silent"),
  });
  const [row] = await database.db
    .insert(lawyers)
    .values({
      name: "Layla Haddad",
      email: "layla@example.com",
      location: "Dubai, Dubai, United Arab Emirates",
      country: "United Arab Emirates",
      countryCode: "AE",
      city: "Dubai",
      state: "Dubai",
      businessAddress: "Sheikh Zayed Road 1, Dubai",
      practiceAreas: ["Car Accidents"],
    })
    .returning({ id: lawyers.id });
  id = Number(row?.id);
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
});

/** The profile loader's lawyer for `path` (e.g. "/ar/lawyer/1"), as server/app.ts would call it. */
async function profile(path: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  rememberClientIp(context, "203.0.113.9");
  const request = new Request(`http://localhost${path}`, { headers: { "Sec-Purpose": "prefetch" } });
  // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type
  return (await loader({ params: { id: String(id) }, request, context } as any)) as {
    lawyer: { city: string; state: string | null; location: string };
    addressLines: string[];
  };
}

describe(`profile place names (${TEST_ENGINE})`, () => {
  it("in Arabic: city and country in Arabic (the emirate named like its city is said once); the postal address as stored", async () => {
    const ar = await profile(`/ar/lawyer/${id}`);
    expect(ar.lawyer).toMatchObject({
      city: "دبي",
      state: "دبي",
      location: "دبي، الإمارات العربية المتحدة",
    });
    expect(ar.addressLines.join(" ")).toContain("Dubai");
  });

  it("in German and English: the country in German, the stored names in English", async () => {
    expect((await profile(`/de/lawyer/${id}`)).lawyer.location).toBe("Dubai, Vereinigte Arabische Emirate");
    expect((await profile(`/lawyer/${id}`)).lawyer.location).toBe("Dubai, Dubai, United Arab Emirates");
  });
});
