/**
 * GET /api/location through the real server (issue 14 §2 "Use My Location"): the nearest city of
 * a position, the Accept-Language region without one, never a default country; validation and the
 * rate limit; declared in the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testApi } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { english } from "../../tests/support/english.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { RATE_LIMITS } from "../security/rate-limit.ts";
import { LOCATION_TOO_MANY } from "./location.ts";

let database: Database;
let server: TestServer;
beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { env: { TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const { call, freshIp, signUp } = testApi(() => server);

describe(`GET /api/location (${TEST_ENGINE})`, () => {
  it("a position gives its nearest city and country, private and not stored", async () => {
    const r = await call("GET", "/api/location?lat=48.137&lng=11.575");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      source: "position",
      city: "Munich",
      countryCode: "DE",
      distanceKm: expect.any(Number),
    });
    expect(r.headers.get("cache-control")).toBe("private, no-store");
    const tokyo = await call("GET", "/api/location?lat=35.6895&lng=139.6917", {
      headers: { "Accept-Language": "de-DE" },
    });
    expect(tokyo.body).toMatchObject({ source: "position", countryCode: "JP" });
  }, 30_000);

  it("without a position (denied), or mid-ocean: the Accept-Language region, else none; never US", async () => {
    const denied = await call("GET", "/api/location", { headers: { "Accept-Language": "fr-CH, fr;q=0.9" } });
    expect(denied.body).toEqual({
      source: "accept-language",
      countryCode: "CH",
      city: null,
      distanceKm: null,
    });
    const ocean = await call("GET", "/api/location?lat=-40&lng=-120", {
      headers: { "Accept-Language": "pt-BR" },
    });
    expect(ocean.body).toMatchObject({ source: "accept-language", countryCode: "BR" });
    const none = await call("GET", "/api/location", { headers: { "Accept-Language": "en" } });
    expect(none.body).toEqual({ source: "none", countryCode: null, city: null, distanceKm: null });
  });

  it.each([
    ["lat without lng", "lat=10", "lng"],
    ["a latitude out of range", "lat=91&lng=0", "lat"],
    ["a longitude that is no number", "lat=1&lng=east", "lng"],
  ])("answers 400 for %s", async (_name, query, field) => {
    const r = await call("GET", `/api/location?${query}`);
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fieldErrors ?? {})).toContain(field);
  });

  it("answers its 400 in German and Arabic by Accept-Language (issue 14 §1)", async () => {
    const de = await call("GET", "/api/location?lat=91&lng=0", { headers: { "Accept-Language": "de" } });
    expect(de.body.message).toBe("lat: Bitte geben Sie eine Zahl von -90 bis 90 ein.");
    const ar = await call("GET", "/api/location?lat=10", { headers: { "Accept-Language": "ar" } });
    expect(ar.body.message).toBe("lng: أدخل lat وlng معًا، أو لا تدخل أيًّا منهما.");
  });

  it(`answers 429 with Retry-After after ${RATE_LIMITS["location-ip"].points} lookups from one IP`, async () => {
    const ip = freshIp();
    for (let i = 0; i < RATE_LIMITS["location-ip"].points; i++) {
      expect((await call("GET", "/api/location", { ip })).status).toBe(200);
    }
    const r = await call("GET", "/api/location", { ip });
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(english(LOCATION_TOO_MANY));
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 60_000);

  it("authorisation matrix: public, and the same answer for anonymous, client, lawyer and another lawyer (no staff role exists yet)", async () => {
    const client = await signUp({ role: "user" });
    const lawyer = await signUp({ role: "lawyer" });
    const otherLawyer = await signUp({ role: "lawyer" });
    const path = "/api/location?lat=25.2048&lng=55.2708";
    const answers = [];
    for (const token of [undefined, client.token, lawyer.token, otherLawyer.token]) {
      const r = await call("GET", path, token ? { token } : {});
      expect(r.status).toBe(200);
      answers.push(r.body);
    }
    expect(answers[0]).toMatchObject({ source: "position", countryCode: "AE" });
    for (const body of answers) expect(body).toEqual(answers[0]);
  }, 30_000);

  it("is declared in the OpenAPI document", async () => {
    const r = await call("GET", "/api/openapi.json");
    expect(r.body.paths["/api/location"].get.operationId).toBe("locate");
    expect(r.body.paths["/api/location"].get.responses).toHaveProperty("429");
  });
});
