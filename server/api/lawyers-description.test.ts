/**
 * Issue 19 §4 and issue 28 §1 through the real server on loopback against a real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL): a `query` that describes what happened answers
 * the lawyers of any of the practice areas the description reader read it as (server/search/
 * description.ts; every fitting area, the most specific first), in the place it names, and says
 * which areas in X-Description-Areas; other queries are searched as before and carry no such
 * header.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Facets, LawyerDTO } from "../../lib/lawyer.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";
import { refreshSearchData } from "../search/index.ts";

let database: Database;
let server: TestServer;

/** [name, city, country, code, lat, lng, areas] in id order. */
const ROWS: [string, string, string, string, number, number, string[]][] = [
  ["Anna Auer", "Munich", "Germany", "DE", 48.137, 11.575, ["Car Accidents"]],
  ["Bruno Brandt", "Munich", "Germany", "DE", 48.14, 11.58, ["Dog Bites"]],
  ["Clara Conti", "Berlin", "Germany", "DE", 52.52, 13.405, ["Car Accidents"]],
  ["Dora Dale", "London", "United Kingdom", "GB", 51.507, -0.128, ["Slip & Fall", "Premises Liability"]],
  ["Emil Eder", "Munich", "Germany", "DE", 48.13, 11.57, ["Medical Malpractice"]],
  ["Fumiko Fujita", "Tokyo", "Japan", "JP", 35.68, 139.69, ["Car Accidents"]],
  ["Gabriela Gomes", "São Paulo", "Brazil", "BR", -23.55, -46.633, ["Birth Injury"]],
];

beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(lawyers).values(
    ROWS.map(([name, city, country, countryCode, latitude, longitude, practiceAreas], i) => ({
      name,
      firm: `${name.split(" ")[1]} Law`,
      email: `d${i + 1}@example.test`,
      city,
      country,
      countryCode,
      location: `${city}, ${country}`,
      latitude,
      longitude,
      practiceAreas,
      rating: 4.9 - i / 10,
      bio: "Represents injured people.",
    })),
  );
  await refreshSearchData(database.db);
  server = await startTestServer(database.db);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await database?.close();
});

async function search(qs: Record<string, string>) {
  const res = await fetch(`${server.baseUrl}/api/lawyers/search?${new URLSearchParams(qs)}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as LawyerDTO[];
  const header = res.headers.get("x-description-areas");
  return {
    res,
    names: body.map((l) => l.name),
    areas: header === null ? null : header.split(",").map(decodeURIComponent),
  };
}

describe(`GET /api/lawyers/search with a description (issue 19 §4, ${TEST_ENGINE})`, () => {
  it("answers the lawyers of the classified area in the place the description names, and says which", async () => {
    const r = await search({ query: "I was hit by a car in Munich" });
    expect(r.areas?.[0]).toBe("Car Accidents");
    expect(r.names).toEqual(["Anna Auer"]);
    expect(r.res.headers.get("access-control-expose-headers")).toContain("X-Description-Areas");
  });

  it("reads German, Spanish, Japanese and Arabic descriptions", async () => {
    const de = await search({ query: "ich wurde von einem Hund gebissen" });
    expect(de.areas?.[0]).toBe("Dog Bites");
    expect(de.names).toEqual(["Bruno Brandt"]);
    const es = await search({ query: "me caí en el supermercado" });
    expect(es.areas).toContain("Slip & Fall");
    expect(es.names).toEqual(["Dora Dale"]);
    const ja = await search({ query: "東京で車にはねられた" });
    expect(ja.areas?.[0]).toBe("Car Accidents");
    expect(ja.names).toEqual(["Fumiko Fujita"]);
    const ar = await search({ query: "صدمتني سيارة" });
    expect(ar.areas?.[0]).toBe("Car Accidents");
    expect(ar.names.sort()).toEqual(["Anna Auer", "Clara Conti", "Fumiko Fujita"]);
  });

  it("answers every fitting area, the specific first, and the lawyers of any of them (issue 28 §1)", async () => {
    const r = await search({ query: "meu filho nasceu com uma lesão por erro médico no parto" });
    expect(r.res.headers.get("x-description-areas")).toBe("Birth%20Injury,Medical%20Malpractice");
    expect(r.areas).toEqual(["Birth Injury", "Medical Malpractice"]);
    expect(r.names.sort()).toEqual(["Emil Eder", "Gabriela Gomes"]);
    const short = await search({ query: "erro médico no parto" });
    expect(short.areas).toEqual(["Birth Injury", "Medical Malpractice"]);
    expect(short.names.sort()).toEqual(["Emil Eder", "Gabriela Gomes"]);
    const res = await fetch(
      `${server.baseUrl}/api/lawyers/facets?${new URLSearchParams({ query: "erro médico no parto" })}`,
    );
    expect(((await res.json()) as Facets).total).toBe(2);
  });

  it("keeps the place a short description names (issue 28 §1: 'erro médico no parto em São Paulo')", async () => {
    const r = await search({ query: "erro médico no parto em São Paulo" });
    expect(r.areas).toEqual(["Birth Injury", "Medical Malpractice"]);
    expect(r.names).toEqual(["Gabriela Gomes"]);
  });

  it("takes no person's name or common word for a place", async () => {
    const r = await search({ query: "the doctor at St Mary hospital misdiagnosed me" });
    expect(r.areas?.[0]).toBe("Medical Malpractice");
    expect(r.names).toEqual(["Emil Eder"]);
  });

  it("keeps an explicit practice-area selection and location filter", async () => {
    const r = await search({ query: "I was hit by a car in Munich", practiceAreas: "Medical Malpractice" });
    expect(r.areas?.[0]).toBe("Car Accidents");
    expect(r.names).toEqual(["Emil Eder"]);
    const berlin = await search({ query: "I was hit by a car in Munich", location: "Berlin" });
    expect(berlin.names).toEqual(["Clara Conti"]);
  });

  it("counts the facets of the description's areas and place", async () => {
    const res = await fetch(
      `${server.baseUrl}/api/lawyers/facets?${new URLSearchParams({ query: "I was hit by a car in Munich" })}`,
    );
    const f = (await res.json()) as Facets;
    expect(f.total).toBe(1);
    // The practice-area facet leaves out its own selection: every area of the Munich lawyers.
    expect(f.practiceAreas.find((a) => a.value === "Dog Bites")?.count).toBe(1);
  });

  it("searches names and practice-area queries as before, without the header", async () => {
    const name = await search({ query: "Clara Conti" });
    expect(name.areas).toBeNull();
    expect(name.names).toEqual(["Clara Conti"]);
    const plain = await search({ query: "car accident lawyer Munich" });
    expect(plain.areas).toBeNull();
    expect(plain.names).toEqual(["Anna Auer"]);
  });
});
