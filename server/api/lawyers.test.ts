/**
 * /api/lawyers through the real server on loopback against a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), over the handcrafted fixtures of server/search/fixtures.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Facets, LawyerDTO } from "../../lib/lawyer.ts";
import { SearchParamsSchema } from "../../lib/search-params.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { barAdmissions, disciplinaryRecords, verificationChecks } from "../db/schema.ts";
import { FIXTURES, insertFixtures, VERIFIED_FIXTURE_IDS } from "../search/fixtures.ts";

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

/** Name of fixture id n (1-based). */
const nameOf = (id: number) => FIXTURES[id - 1]?.name;

async function search(qs: Record<string, string>) {
  const res = await fetch(`${server.baseUrl}/api/lawyers/search?${new URLSearchParams(qs)}`);
  const body = (await res.json()) as LawyerDTO[] & { message?: string };
  return { res, body, ids: Array.isArray(body) ? body.map((l) => l.id) : [] };
}

async function facets(qs: Record<string, string>) {
  const res = await fetch(`${server.baseUrl}/api/lawyers/facets?${new URLSearchParams(qs)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Facets;
}

const count = (f: Facets["countries"] | Facets["practiceAreas"], value: string) =>
  f.find((x) => x.value === value)?.count;

describe(`GET /api/lawyers/search (${TEST_ENGINE})`, () => {
  it("answers a JSON array with X-Total-Count, Link and exposed headers", async () => {
    const { res, body, ids } = await search({});
    expect(res.status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    expect(res.headers.get("x-total-count")).toBe("12");
    expect(res.headers.get("access-control-expose-headers")).toContain("X-Total-Count");
    expect(res.headers.get("access-control-expose-headers")).toContain("Link");
    expect(res.headers.get("server-timing")).toMatch(/^search;dur=\d/);
    // No text: relevance is rating, then reviews, then id.
    expect(ids).toEqual([5, 1, 11, 7, 2, 8, 6, 3, 12, 9, 4, 10]);
    expect(body[0]).toMatchObject({ name: "Edward Stone", countryCode: "US", rating: 4.9, reviewCount: 310 });
    expect(body[0]?.distanceKm).toBeUndefined();
  });

  it.each([
    ["rating", [5, 1, 11, 7, 2, 8, 6, 3, 12, 9, 4, 10]],
    ["experience", [5, 11, 2, 7, 1, 6, 8, 12, 3, 9, 4, 10]],
    ["reviews", [5, 1, 11, 7, 2, 6, 8, 3, 12, 9, 4, 10]],
    ["name", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]],
    // country, city, name: Australia/Sydney, Canada/Mississauga, Montréal, Toronto (Aaron, Carlos), Vancouver, …
    ["location", [12, 10, 11, 1, 3, 4, 8, 2, 7, 6, 9, 5]],
  ])("sort=%s orders in the database", async (sort, expected) => {
    const { ids } = await search({ sort, pageSize: "48" });
    expect(ids).toEqual(expected);
  });

  it("pages with LIMIT/OFFSET and RFC 8288 links", async () => {
    const { res, ids } = await search({ sort: "rating", pageSize: "6", page: "2" });
    expect(ids).toEqual([6, 3, 12, 9, 4, 10]);
    expect(res.headers.get("x-total-count")).toBe("12");
    const link = res.headers.get("link") ?? "";
    expect(link).toContain(`<${server.baseUrl}/api/lawyers/search?sort=rating&pageSize=6>; rel="first"`);
    expect(link).toContain(`<${server.baseUrl}/api/lawyers/search?sort=rating&pageSize=6>; rel="prev"`);
    expect(link).toContain(
      `<${server.baseUrl}/api/lawyers/search?sort=rating&page=2&pageSize=6>; rel="last"`,
    );
    expect(link).not.toContain('rel="next"');

    const first = await search({ sort: "rating", pageSize: "6" });
    expect(first.ids).toEqual([5, 1, 11, 7, 2, 8]);
    expect(first.res.headers.get("link")).toContain('page=2&pageSize=6>; rel="next"');
    expect(first.res.headers.get("link")).not.toContain('rel="prev"');

    const beyond = await search({ pageSize: "6", page: "5" });
    expect(beyond.res.status).toBe(200);
    expect(beyond.ids).toEqual([]);
    expect(beyond.res.headers.get("x-total-count")).toBe("12");
  });

  it("defaults to 12 per page", async () => {
    const { ids } = await search({});
    expect(ids).toHaveLength(12);
    const six = await search({ pageSize: "6" });
    expect(six.ids).toHaveLength(6);
  });

  it("splits 'car accident lawyer in Toronto' into subject and location", async () => {
    const { ids, res } = await search({ query: "car accident lawyer in Toronto" });
    expect(ids).toEqual([1]); // Carlos is in Toronto without car accidents; Julia is in Mississauga
    expect(res.headers.get("x-total-count")).toBe("1");
  });

  it("uses the location filter instead of the query's location part", async () => {
    // With location=CA the query is not split; "toronto" must then match the listing's place.
    const { ids } = await search({ query: "car accident lawyer in Toronto", location: "CA" });
    expect(ids).toEqual([1]);
    const { ids: none } = await search({ query: "car accident lawyer in Toronto", location: "US" });
    expect(none).toEqual([]);
  });

  it("expands synonyms: 'auto accident' finds car accident lawyers", async () => {
    const { ids } = await search({ query: "auto accident attorney", sort: "name" });
    expect(ids).toEqual([1, 4, 5, 9, 10]);
  });

  it("tolerates typos in words ('personel injurry') and treats personal injury as the whole directory", async () => {
    const { res } = await search({ query: "personel injurry" });
    expect(res.headers.get("x-total-count")).toBe("12");
    const { ids } = await search({ query: "medicl malpractise", sort: "name" });
    expect(ids).toEqual([2, 3, 8]);
  });

  it("tolerates typos in locations ('Torronto')", async () => {
    expect((await search({ location: "Torronto", sort: "name" })).ids).toEqual([1, 3]);
    expect((await search({ query: "lawyers in Torronto", sort: "name" })).ids).toEqual([1, 3]);
  });

  it("ignores accents: 'Muller' finds 'Müller', 'Montreal' finds 'Montréal'", async () => {
    const { body } = await search({ query: "Muller" });
    expect(body.map((l) => l.name)).toEqual(["Beatrice Müller"]);
    expect((await search({ query: "müller" })).ids).toEqual([2]);
    expect((await search({ location: "montreal" })).ids).toEqual([11]);
  });

  it("matches a location by city, state, country name or ISO code", async () => {
    const canada = [1, 3, 4, 10, 11];
    for (const location of ["CA", "ca", "CAN", "Canada", "canada"]) {
      expect((await search({ location, sort: "name" })).ids, location).toEqual(canada);
    }
    expect((await search({ location: "Ontario", sort: "name" })).ids).toEqual([1, 3, 10]);
    expect((await search({ location: "Île-de-France" })).ids).toEqual([8]);
    expect((await search({ location: "ile de france" })).ids).toEqual([8]);
    expect((await search({ location: "USA", sort: "name" })).ids).toEqual([5, 9]);
    expect((await search({ location: "all" })).ids).toHaveLength(12);
    expect((await search({ location: "Atlantis" })).ids).toEqual([]);
  });

  it("filters practice areas by ANY of the selection", async () => {
    const { ids } = await search({ practiceAreas: "Dog Bites,Mass Torts", sort: "name" });
    expect(ids).toEqual([9, 11]);
  });

  it("verified=true lists only ticked listings and the facets count them (issue 15 §2)", async () => {
    const { res, ids, body } = await search({ verified: "true", pageSize: "48" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-total-count")).toBe(String(VERIFIED_FIXTURE_IDS.length));
    expect([...ids].sort((a, b) => a - b)).toEqual(VERIFIED_FIXTURE_IDS);
    expect(body.every((l) => l.verified)).toBe(true);
    expect(res.headers.get("link")).toContain("verified=true");
    expect((await facets({})).verified).toBe(VERIFIED_FIXTURE_IDS.length);
    const bad = await search({ verified: "yes please" });
    expect(bad.res.status).toBe(400);
    expect(bad.body.message).toContain("verified");
  });

  it("filters languages by ANY of the codes, carries languages on each lawyer and counts them in the facets (issue 14 §4)", async () => {
    const { ids, body } = await search({ languages: "fr,DE", sort: "name" });
    expect(ids).toEqual([2, 8, 11]);
    expect(body.find((l) => l.id === 2)?.languages).toEqual(["de", "en"]);
    const f = await facets({ languages: "fr" });
    expect(f.total).toBe(2);
    expect(f.languages.find((l) => l.value === "en")).toEqual({ value: "en", label: "English", count: 12 });
    expect(f.languages.find((l) => l.value === "fr")?.count).toBe(2);
  });

  it("offers cities and regions with counts, and a city's value filters to it (issue 19 §2)", async () => {
    const f = await facets({ location: "CA" });
    expect(f.cities.map((c) => c.value)).toEqual([
      "Toronto, CA",
      "Mississauga, CA",
      "Montréal, CA",
      "Vancouver, CA",
    ]);
    expect(f.regions[0]).toEqual({ value: "Ontario, CA", label: "Ontario", count: 3, countryCode: "CA" });
    const { ids, res } = await search({ location: "Toronto, CA", sort: "name" });
    expect(ids).toEqual([1, 3]);
    expect(res.headers.get("x-total-count")).toBe("2");
    expect((await search({ location: "Ontario, CA" })).ids).toHaveLength(3);
  });

  it("filters minimum experience and rating", async () => {
    expect((await search({ experience: "20", sort: "name" })).ids).toEqual([2, 5, 11]);
    expect((await search({ rating: "4.5", sort: "name" })).ids).toEqual([1, 2, 5, 7, 8, 11]);
    expect((await search({ experience: "10", rating: "4.7", sort: "name" })).ids).toEqual([1, 5, 7, 11]);
  });

  it("combines every filter", async () => {
    const { ids } = await search({
      query: "accident",
      location: "Canada",
      practiceAreas: "Car Accidents,Workplace Injury",
      experience: "2",
      rating: "3.8",
      sort: "rating",
    });
    expect(ids).toEqual([1, 11, 4]);
  });

  it("sorts by distance from near and filters by radiusKm, with distanceKm on each lawyer", async () => {
    const { body, res } = await search({ near: "43.6532,-79.3832", radiusKm: "50" });
    expect(body.map((l) => l.id)).toEqual([1, 3, 10]);
    expect(res.headers.get("x-total-count")).toBe("3");
    expect(body[0]?.distanceKm).toBe(0);
    expect(body[1]?.distanceKm).toBeGreaterThan(5);
    expect(body[1]?.distanceKm).toBeLessThan(7);
    expect(body[2]?.distanceKm).toBeGreaterThan(21);
    expect(body[2]?.distanceKm).toBeLessThan(24);
    const all = await search({ near: "43.6532,-79.3832", pageSize: "48" });
    expect(all.ids).toEqual([1, 3, 10, 11, 5, 4, 9, 6, 8, 2, 7, 12]);
    const distances = all.body.map((l) => l.distanceKm ?? -1);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    // Another sort keeps the distance on each card.
    const byRating = await search({ near: "43.6532,-79.3832", radiusKm: "600", sort: "rating" });
    expect(byRating.ids).toEqual([5, 1, 11, 3, 10]);
    expect(byRating.body.every((l) => typeof l.distanceKm === "number")).toBe(true);
  });

  it("ranks name (weight A) above bio (weight D)", async () => {
    // "Stone" is Edward's name; "negligent" only appears in two bios.
    expect((await search({ query: "stone" })).ids).toEqual([5]);
    const { ids } = await search({ query: "negligent", sort: "name" });
    expect(ids).toEqual([2, 6]);
  });

  it.each([
    ["'; DROP TABLE lawyers;--", 0],
    ['"Müller"', 1],
    ["Müller%", 1],
    ["Beatrice_Müller", 1],
    ["😀 Müller 🙂", 1],
    ["محامي حوادث", 5], // Arabic "accident lawyer": the car accident group (issue 14 §3)
    ["עורך דין", 0],
    ["OR 1=1 --", 0],
    ["%", 12],
    ["_", 12],
    ["\\", 12],
    ["' OR ''='", 12],
  ])("searches hostile input %j as plain text", async (query, expected) => {
    const { res, ids } = await search({ query });
    expect(res.status).toBe(200);
    expect(ids).toHaveLength(expected);
    if (expected === 1) expect(ids).toEqual([2]);
  });

  it("searches a hostile location as plain text", async () => {
    for (const location of ["'; DROP TABLE lawyers;--", "%", "_", "😀", "القاهرة", "C%"]) {
      const { res, ids } = await search({ location });
      expect(res.status, location).toBe(200);
      expect(ids, location).toEqual([]);
    }
  });

  it("refuses NUL in the query or the location with 400 naming it (issue 27 §2: the input boundary)", async () => {
    for (const [field, value] of [
      ["query", "Müller\u0000"],
      ["query", "lawyers in Tor\u0000onto"],
      ["location", "Tor\u0000onto"],
    ] as const) {
      const { res, body } = await search({ [field]: value });
      expect(res.status, value).toBe(400);
      expect(body).toEqual({
        message: "This field contains characters that are not allowed.",
        fieldErrors: { [field]: ["This field contains characters that are not allowed."] },
      });
    }
  });

  it("still has every lawyer after hostile input", async () => {
    const { res } = await search({});
    expect(res.headers.get("x-total-count")).toBe("12");
  });

  it.each([
    [{ sort: "price" }, "sort"],
    [{ pageSize: "10" }, "pageSize"],
    [{ pageSize: "abc" }, "pageSize"],
    [{ page: "-1" }, "page"],
    [{ page: "0" }, "page"],
    [{ page: "1.5" }, "page"],
    [{ experience: "31" }, "experience"],
    [{ experience: "-1" }, "experience"],
    [{ rating: "5.5" }, "rating"],
    [{ rating: "-0.5" }, "rating"],
    [{ rating: "abc" }, "rating"],
    [{ query: "x".repeat(201) }, "query"],
    [{ near: "abc" }, "near"],
    [{ near: "91,10" }, "near"],
    [{ near: "10" }, "near"],
    [{ radiusKm: "-5", near: "1,1" }, "radiusKm"],
    [{ practiceAreas: "Space Law" }, "practiceAreas"],
    [{ languages: "de,deu" }, 'languages: Unknown language code "deu".'],
    [{ radiusKm: "25" }, "radiusKm: A radius needs near"],
    [{ experience: "0x10" }, "experience: Enter a number."],
    [{ experience: "1e1" }, "experience"],
    [{ page: "0x2" }, "page"],
    [{ pageSize: "1.2e1" }, "pageSize"],
    // Issue 18 §1: a page past the result window (10,000 matches) is refused, not read by OFFSET.
    [{ page: "834" }, "page: Only the first 10,000 results can be paged through"],
    [{ page: "209", pageSize: "48" }, "page: Only the first 10,000 results"],
  ])("rejects %j with 400 naming the parameter", async (qs, param) => {
    for (const path of ["search", "facets"]) {
      const res = await fetch(`${server.baseUrl}/api/lawyers/${path}?${new URLSearchParams(qs)}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string };
      expect(body.message).toContain(param);
    }
  });

  it("pages up to the result window and says so in the reader's language (issue 18 §1)", async () => {
    const last = await search({ page: "833" });
    expect(last.res.status).toBe(200);
    expect(last.body).toEqual([]);
    const ja = await fetch(`${server.baseUrl}/api/lawyers/search?page=834`, {
      headers: { "Accept-Language": "ja" },
    });
    expect(ja.status).toBe(400);
    expect(((await ja.json()) as { message: string }).message).toBe(
      "page: ページ送りできるのは最初の10,000件までです。残りを見るには検索を絞り込んでください（フィルターや語を追加）。",
    );
  });

  it("states each error once, prefixed by the parameter's name", async () => {
    const { res, body } = await search({ practiceAreas: "Car Accidents,Space Law" });
    expect(res.status).toBe(400);
    expect(body).toEqual({
      message: 'practiceAreas: Unknown practice area "Space Law".',
      fieldErrors: { practiceAreas: ['practiceAreas: Unknown practice area "Space Law".'] },
    });
    const radius = await search({ radiusKm: "25" });
    expect(radius.body.message).toBe("radiusKm: A radius needs near (the point to measure from).");
    // Issue 14 §1: in the reader's language.
    const de = await fetch(`${server.baseUrl}/api/lawyers/search?radiusKm=25`, {
      headers: { "Accept-Language": "de" },
    });
    expect(((await de.json()) as { message: string }).message).toBe(
      "radiusKm: Ein Umkreis braucht near (den Punkt, von dem aus gemessen wird).",
    );
    const ar = await fetch(`${server.baseUrl}/api/lawyers/search?practiceAreas=Space%20Law`, {
      headers: { "Accept-Language": "ar" },
    });
    expect(((await ar.json()) as { message: string }).message).toBe(
      "practiceAreas: مجال ممارسة غير معروف «Space Law».",
    );
  });

  it("facets validate the full search request, sort and paging included", async () => {
    const bad = await fetch(`${server.baseUrl}/api/lawyers/facets?sort=bogus`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/^sort: Choose one of: /);
    const a = await facets({ sort: "name", page: "3", pageSize: "6" });
    expect(a).toEqual(await facets({}));
  });

  it("accepts a query of exactly 200 characters", async () => {
    const { res } = await search({ query: "a".repeat(200) });
    expect(res.status).toBe(200);
  });
});

describe(`GET /api/lawyers/search: words left out (issue 14 §3, ${TEST_ENGINE})`, () => {
  it("names unknown words in X-Ignored-Words and still answers the other words' lawyers", async () => {
    const { res, ids } = await search({ query: "clarke zzyzxq überall" });
    expect(ids).toEqual([1]);
    expect(res.headers.get("x-ignored-words")?.split(",").map(decodeURIComponent)).toEqual([
      "zzyzxq",
      "überall",
    ]);
    expect(res.headers.get("access-control-expose-headers")).toContain("X-Ignored-Words");
    const plain = await search({ query: "clarke" });
    expect(plain.res.headers.get("x-ignored-words")).toBeNull();
  });
});

describe(`GET /api/lawyers/facets (${TEST_ENGINE})`, () => {
  it("counts every country and practice area without filters", async () => {
    const f = await facets({});
    expect(f.total).toBe(12);
    expect(f.countries[0]).toEqual({ value: "CA", label: "Canada", count: 5 });
    expect(count(f.countries, "US")).toBe(2);
    expect(count(f.countries, "DE")).toBe(1);
    expect(f.countries.reduce((n, c) => n + c.count, 0)).toBe(12);
    expect(f.practiceAreas).toHaveLength(12);
    expect(count(f.practiceAreas, "Car Accidents")).toBe(5);
    expect(count(f.practiceAreas, "Medical Malpractice")).toBe(3);
    expect(count(f.practiceAreas, "Dog Bites")).toBe(1);
  });

  it("a location selection does not hide the other countries", async () => {
    const f = await facets({ location: "CA" });
    expect(f.total).toBe(5);
    expect(count(f.countries, "CA")).toBe(5);
    expect(count(f.countries, "US")).toBe(2);
    expect(f.countries).toHaveLength(7);
    // Practice areas are counted inside Canada.
    expect(count(f.practiceAreas, "Car Accidents")).toBe(3);
    expect(count(f.practiceAreas, "Workplace Injury")).toBe(2);
    expect(count(f.practiceAreas, "Medical Malpractice")).toBe(1);
    expect(count(f.practiceAreas, "Dog Bites")).toBe(0);
  });

  it("a practice-area selection does not hide the other areas", async () => {
    const f = await facets({ practiceAreas: "Car Accidents" });
    expect(f.total).toBe(5);
    expect(count(f.practiceAreas, "Car Accidents")).toBe(5);
    expect(count(f.practiceAreas, "Medical Malpractice")).toBe(3);
    // Countries are counted among car accident lawyers.
    expect(count(f.countries, "CA")).toBe(3);
    expect(count(f.countries, "US")).toBe(2);
    expect(count(f.countries, "DE")).toBeUndefined();
  });

  it("applies text, experience and rating to both facets", async () => {
    const f = await facets({ query: "car accident lawyer in Toronto" });
    expect(f.total).toBe(1);
    expect(f.countries).toEqual([{ value: "CA", label: "Canada", count: 1 }]);
    const g = await facets({ experience: "20", rating: "4.7" });
    expect(g.total).toBe(2);
    expect(count(g.practiceAreas, "Mass Torts")).toBe(1);
    expect(count(g.practiceAreas, "Wrongful Death")).toBe(1);
  });
});

describe(`GET /api/lawyers/suggestions (${TEST_ENGINE})`, () => {
  async function suggest(q: string) {
    const res = await fetch(`${server.baseUrl}/api/lawyers/suggestions?${new URLSearchParams({ q })}`);
    expect(res.status).toBe(200);
    return (await res.json()) as string[];
  }
  it("answers nothing up to 2 characters", async () => {
    expect(await suggest("ca")).toEqual([]);
    expect(await suggest("")).toEqual([]);
  });
  it("puts prefix matches first: phrases, practice areas, then cities", async () => {
    expect(await suggest("car")).toEqual(["car accident lawyers", "Car Accidents"]);
    expect(await suggest("med")).toEqual(["medical malpractice attorneys", "Medical Malpractice"]);
    expect(await suggest("tor")).toEqual(["Toronto, Canada", "Mass Torts", "medical malpractice attorneys"]);
  });
  it("answers hostile text as plain text", async () => {
    for (const q of ["%%%", "___", "'; DROP TABLE lawyers;--", "😀😀😀"]) {
      const res = await fetch(`${server.baseUrl}/api/lawyers/suggestions?${new URLSearchParams({ q })}`);
      expect(res.status, q).toBe(200);
      expect(await res.json(), q).toEqual([]);
    }
    // NUL is refused by the input boundary (issue 27 §2), naming the field.
    const res = await fetch(`${server.baseUrl}/api/lawyers/suggestions?q=%00%00%00`);
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { fieldErrors: object }).fieldErrors)).toEqual(["q"]);
  });
  it("answers at most 3", async () => {
    expect(await suggest("acc")).toHaveLength(3);
  });
  it("suggests practice areas in the page's locale (issue 14 §3)", async () => {
    const res = await fetch(
      `${server.baseUrl}/api/lawyers/suggestions?${new URLSearchParams({ q: "unfall", locale: "de" })}`,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toContain("Verkehrsunfälle");
  });
  it("tolerates accents and typos in city names", async () => {
    expect(await suggest("montre")).toEqual(["Montréal, Canada"]);
    expect(await suggest("Torrnto")).toEqual(["Toronto, Canada"]);
  });
  it("rejects q over 200 characters", async () => {
    const res = await fetch(`${server.baseUrl}/api/lawyers/suggestions?q=${"a".repeat(201)}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("q");
  });
});

describe(`GET /api/lawyers/{id} (${TEST_ENGINE})`, () => {
  it("answers the lawyer", async () => {
    const res = await fetch(`${server.baseUrl}/api/lawyers/2`);
    expect(res.status).toBe(200);
    const l = (await res.json()) as LawyerDTO;
    expect(l).toMatchObject({
      id: 2,
      name: nameOf(2),
      firm: "Müller & Partner",
      city: "Berlin",
      countryCode: "DE",
      practiceAreas: ["Medical Malpractice"],
      rating: 4.6,
      experience: 22,
      verified: true,
      verification_status: "verified",
      business_address: null,
    });
  });
  it("carries verification { status, checks, admissions } and disciplinaryRecords (issue 15 §2 contract)", async () => {
    const [admission] = await database.db
      .insert(barAdmissions)
      .values({
        lawyerId: 3,
        countryCode: "CA",
        region: "Ontario",
        regulator: "Law Society of Ontario",
        licenceNumber: "12345P",
        yearAdmitted: 2010,
      })
      .returning({ id: barAdmissions.id });
    await database.db.insert(verificationChecks).values({
      lawyerId: 3,
      admissionId: admission?.id,
      kind: "insurance",
      status: "verified",
      method: "document_reviewed",
      source: "Certificate",
      checkedOn: "2026-01-10",
      nextCheckDue: "2099-01-10",
      details: { carrier: "LawPRO", cover: "1,000,000" },
    });
    await database.db.insert(disciplinaryRecords).values({
      lawyerId: 3,
      decidedOn: "2019-03-04",
      outcome: "Reprimand",
      regulator: "Law Society of Ontario",
      sourceUrl: "https://lso.ca/",
      lawyerStatement: "I accepted the finding.",
    });
    const res = await fetch(`${server.baseUrl}/api/lawyers/3`);
    expect(res.status).toBe(200);
    const l = (await res.json()) as LawyerDTO & {
      verification: {
        status: string;
        checks: Record<string, unknown>[];
        admissions: Record<string, unknown>[];
      };
      disciplinaryRecords: Record<string, unknown>[];
    };
    expect(l.verified).toBe(true);
    expect(l.demo).toBe(false);
    expect(l.verification.status).toBe("verified");
    expect(l.verification.checks.map((c) => c.kind)).toEqual(["licence", "insurance"]);
    expect(l.verification.checks[0]).toMatchObject({
      kind: "licence",
      status: "verified",
      method: "register_lookup",
      source: "fixture register",
      sourceUrl: null,
      checkedOn: null,
    });
    expect(Object.keys(l.verification.checks[0] ?? {})).toEqual(
      expect.arrayContaining([
        "kind",
        "status",
        "method",
        "source",
        "sourceUrl",
        "checkedOn",
        "nextCheckDue",
      ]),
    );
    expect(l.verification.checks[1]).toMatchObject({ details: { carrier: "LawPRO", cover: "1,000,000" } });
    expect(l.verification.admissions).toEqual([
      {
        countryCode: "CA",
        region: "Ontario",
        regulator: "Law Society of Ontario",
        licenceNumber: "12345P",
        yearAdmitted: 2010,
        status: "active",
      },
    ]);
    expect(l.disciplinaryRecords).toEqual([
      {
        date: "2019-03-04",
        outcome: "Reprimand",
        regulator: "Law Society of Ontario",
        sourceUrl: "https://lso.ca/",
        lawyerStatement: "I accepted the finding.",
        demo: false,
      },
    ]);
    // A licence past its due date reads lapsed and has no tick; a listing without checks is unverified.
    const lapsed = (await (await fetch(`${server.baseUrl}/api/lawyers/6`)).json()) as typeof l;
    expect(lapsed.verified).toBe(false);
    expect(lapsed.verification.status).toBe("lapsed");
    expect(lapsed.verification.checks[0]?.status).toBe("lapsed");
    const none = (await (await fetch(`${server.baseUrl}/api/lawyers/9`)).json()) as typeof l;
    expect(none.verification).toEqual({ status: "unverified", checks: [], admissions: [] });
    expect(none.disciplinaryRecords).toEqual([]);
  });

  it("answers 404 with a message for an unknown id", async () => {
    const res = await fetch(`${server.baseUrl}/api/lawyers/999`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/not found/i);
  });
  it.each(["01", "002", "0", "2147483648", "99999999999999999999"])(
    "answers 404 for the non-canonical or impossible id %j, like the page",
    async (id) => {
      const res = await fetch(`${server.baseUrl}/api/lawyers/${id}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { message: string }).message).toMatch(/not found/i);
    },
  );

  it.each(["abc", "-1", "1.5", "0x2", "%27%3B"])("answers 400 for malformed id %j", async (id) => {
    const res = await fetch(`${server.baseUrl}/api/lawyers/${id}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain("id");
  });
});

describe(`OpenAPI, robots and sitemap (${TEST_ENGINE})`, () => {
  it("describes every lawyers route with its schemas", async () => {
    const res = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      paths: Record<
        string,
        { get?: { parameters?: { name: string }[]; responses: Record<string, unknown> } }
      >;
      components: { schemas: Record<string, unknown> };
    };
    for (const p of [
      "/api/lawyers/search",
      "/api/lawyers/facets",
      "/api/lawyers/suggestions",
      "/api/lawyers/{id}",
    ]) {
      expect(doc.paths[p]?.get, p).toBeDefined();
    }
    const names = doc.paths["/api/lawyers/search"]?.get?.parameters?.map((x) => x.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "query",
        "location",
        "practiceAreas",
        "experience",
        "rating",
        "sort",
        "page",
        "pageSize",
        "near",
        "radiusKm",
      ]),
    );
    expect(doc.components.schemas).toHaveProperty("Lawyer");
    expect(doc.components.schemas).toHaveProperty("Facets");
  });

  it("robots.txt allows all and points to the absolute sitemap URL", async () => {
    const res = await fetch(`${server.baseUrl}/robots.txt`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Allow: /");
    expect(text).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
  });

  it("sitemap.xml lists the static pages and every profile", async () => {
    const res = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("xml");
    const xml = await res.text();
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    for (const p of ["/", "/browse-lawyers", "/about", "/contact", "/privacy-policy", "/terms-of-service"]) {
      expect(xml).toContain(`<loc>${server.baseUrl}${p}</loc>`);
    }
    // Every profile once per locale (issue 14 §1): 12 profiles × 8 locales.
    const profiles = xml.match(/\/lawyer\/\d+<\/loc>/g) ?? [];
    expect(profiles).toHaveLength(12 * 8);
    expect(xml).toContain(`<loc>${server.baseUrl}/ar/lawyer/12</loc>`);
    expect(xml).toContain(`<loc>${server.baseUrl}/lawyer/12</loc>`);
    expect((await fetch(`${server.baseUrl}/sitemaps/1.xml`)).status).toBe(200);
    expect((await fetch(`${server.baseUrl}/sitemaps/2.xml`)).status).toBe(404);
  });
});

describe(`/api/openapi.json for the lawyer routes (${TEST_ENGINE})`, () => {
  it("documents exactly the search parameters the handler validates (no drift from SearchParamsSchema)", async () => {
    const doc = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, { get: { parameters?: { name: string; in: string }[] } }>;
    };
    const expected = Object.keys(SearchParamsSchema.shape).sort();
    for (const path of ["/api/lawyers/search", "/api/lawyers/facets"]) {
      const names = (doc.paths[path]?.get.parameters ?? [])
        .filter((p) => p.in === "query")
        .map((p) => p.name)
        .sort();
      expect(names, path).toEqual(expected);
    }
  });
});
