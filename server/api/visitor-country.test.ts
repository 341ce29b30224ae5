/**
 * Issue 28 §1 through the real server on loopback (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * GET /api/lawyers/search ranks the visitor's country first from `preferCountry` or the region of
 * Accept-Language, says which in X-Preferred-Country (`none` otherwise), varies on
 * Accept-Language, keeps `preferCountry` in its paging links, and answers an invalid
 * `preferCountry` with the one error shape in the visitor's language.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { insertVisitorFixtures } from "../search/visitor-fixtures.ts";

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertVisitorFixtures(database.db);
  server = await startTestServer(database.db);
}, 120_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

const BIRTH = "meu filho nasceu com uma lesão por erro médico no parto";

async function search(qs: Record<string, string>, acceptLanguage?: string) {
  const res = await fetch(`${server.baseUrl}/api/lawyers/search?${new URLSearchParams(qs)}`, {
    headers: acceptLanguage ? { "Accept-Language": acceptLanguage } : {},
  });
  return { res, body: res.ok ? ((await res.json()) as LawyerDTO[]) : null };
}

describe(`GET /api/lawyers/search and the visitor's country (issue 28 §1, ${TEST_ENGINE})`, () => {
  it("lists Brazilian lawyers first for Accept-Language pt-BR and says so in X-Preferred-Country", async () => {
    const { res, body } = await search({ query: BIRTH }, "pt-BR,pt;q=0.9,en;q=0.8");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-preferred-country")).toBe("BR");
    expect(body?.[0]?.countryCode).toBe("BR");
    expect(res.headers.get("vary")).toMatch(/accept-language/i);
    expect(res.headers.get("access-control-expose-headers")).toContain("X-Preferred-Country");
  });

  it("reads the region of Accept-Language, then a bare language's usual country, never en or ar", async () => {
    const cases: [string, string][] = [
      ["pt-BR", "BR"],
      ["de-AT,de;q=0.9", "AT"],
      ["es-MX", "MX"],
      ["ar-AE,ar;q=0.9,en;q=0.8", "AE"],
      ["en-GB", "GB"],
      ["de", "DE"],
      ["ja", "JP"],
      ["en", "none"],
      ["ar", "none"],
      ["es-419,es;q=0.9", "none"],
    ];
    for (const [header, country] of cases) {
      const { res } = await search({}, header);
      expect(res.headers.get("x-preferred-country"), header).toBe(country);
    }
    expect((await search({})).res.headers.get("x-preferred-country")).toBe("none");
  });

  it("takes preferCountry first, in any case, and none turns it off", async () => {
    const ch = await search({ preferCountry: "ch" }, "pt-BR");
    expect(ch.res.headers.get("x-preferred-country")).toBe("CH");
    expect(ch.body?.[0]?.countryCode).toBe("CH");
    const none = await search({ query: BIRTH, preferCountry: "NONE" }, "pt-BR");
    expect(none.res.headers.get("x-preferred-country")).toBe("none");
    const plain = await search({ query: BIRTH });
    expect(none.body?.map((l) => l.id)).toEqual(plain.body?.map((l) => l.id));
  });

  it("answers none when a place is named, near is set or another sort is chosen", async () => {
    const cases: Record<string, string>[] = [
      { query: "erro médico em São Paulo" },
      { location: "IT" },
      { near: "-23.55,-46.63" },
      { sort: "rating" },
    ];
    for (const qs of cases) {
      const { res } = await search(qs, "pt-BR");
      expect(res.headers.get("x-preferred-country"), JSON.stringify(qs)).toBe("none");
    }
  });

  it("keeps preferCountry in the paging links", async () => {
    const { res } = await search({ preferCountry: "br", pageSize: "6" });
    const link = res.headers.get("link") ?? "";
    expect(link).toContain("preferCountry=BR");
    expect(link).toContain('rel="next"');
  });

  it("answers 400 with the one error shape, in the visitor's language, for any other preferCountry (property)", async () => {
    const bad = fc
      .string({ minLength: 1, maxLength: 8 })
      .filter((s) => s.trim() !== "" && s.trim().toLowerCase() !== "none" && !/^[A-Za-z]{2}$/.test(s.trim()));
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(bad, fc.constantFrom("XX", "zz", "EU", "Brazil", "BRA", "b1")),
        async (value) => {
          for (const route of ["search", "facets"]) {
            const res = await fetch(
              `${server.baseUrl}/api/lawyers/${route}?${new URLSearchParams({ preferCountry: value })}`,
              { headers: { "Accept-Language": "pt-BR" } },
            );
            expect(res.status, value).toBe(400);
            const body = (await res.json()) as { message: string; fieldErrors?: Record<string, string[]> };
            expect(body.fieldErrors?.preferCountry?.[0], value).toContain("Código de país desconhecido");
            expect(Object.keys(body).sort()).toEqual(["fieldErrors", "message"]);
          }
        },
      ),
      { numRuns: 25 },
    );
  });

  it("accepts preferCountry on the facets route without changing a count", async () => {
    const a = await (await fetch(`${server.baseUrl}/api/lawyers/facets?preferCountry=BR`)).json();
    const b = await (await fetch(`${server.baseUrl}/api/lawyers/facets`)).json();
    expect(a).toEqual(b);
  });

  it("documents preferCountry and X-Preferred-Country in the OpenAPI description", async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        { get: { parameters: { name: string }[]; responses: Record<string, { headers?: object }> } }
      >;
    };
    const op = doc.paths["/api/lawyers/search"]?.get;
    expect(op?.parameters.map((p) => p.name)).toContain("preferCountry");
    expect(Object.keys(op?.responses["200"]?.headers ?? {})).toContain("X-Preferred-Country");
  });
});
