/**
 * "Why this lawyer?" through the API (issue 16 §2; docs/spec-deviations.md #47): GET
 * /api/lawyers/search answers `why` on each lawyer only with sort=relevance, with the spec's
 * fields unchanged; the OpenAPI document declares it. Real server on loopback, real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL), over the search fixtures.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LawyerDTO } from "../../lib/lawyer.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { insertFixtures } from "../search/fixtures.ts";

let database: Database;
let server: TestServer;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtures(database.db);
  server = await startTestServer(database.db);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function search(qs: Record<string, string>): Promise<LawyerDTO[]> {
  const res = await fetch(`${server.baseUrl}/api/lawyers/search?${new URLSearchParams(qs)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as LawyerDTO[];
}

describe(`GET /api/lawyers/search "why" (${TEST_ENGINE}, issue 16 §2)`, () => {
  it("carries the factors with sort=relevance (the default), none with another sort", async () => {
    const relevance = await search({ query: "car accident" });
    expect(relevance.length).toBeGreaterThan(0);
    expect(relevance[0]?.why?.[0]).toEqual({
      kind: "words",
      level: 1,
      field: "practiceArea",
      value: "Car Accidents",
    });
    expect(relevance.every((l) => l.why?.some((f) => f.kind === "rating"))).toBe(true);
    const rating = await search({ query: "car accident", sort: "rating" });
    expect(rating.every((l) => !("why" in l))).toBe(true);
    // The spec's fields are the same with or without it.
    const { why: _why, ...rest } = relevance[0] as LawyerDTO;
    expect(Object.keys(rest).sort()).toEqual(Object.keys(rating[0] as LawyerDTO).sort());
  });

  it("is declared in the OpenAPI document as RelevanceFactor", async () => {
    const res = await fetch(`${server.baseUrl}/api/openapi.json`);
    const doc = (await res.json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    expect(doc.components.schemas.Lawyer?.properties).toHaveProperty("why");
    expect(doc.components.schemas.RelevanceFactor?.properties).toHaveProperty("kind");
  });
});
