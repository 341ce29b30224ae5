import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";

let database: Database;
let server: TestServer;
beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

describe(`GET /flags/{CODE}.svg (${TEST_ENGINE})`, () => {
  it("serves a country's flag as a cacheable SVG", async () => {
    const res = await fetch(`${server.baseUrl}/flags/CA.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
    expect(res.headers.get("cache-control")).toContain("immutable");
    expect(await res.text()).toMatch(/^<svg[\s>]/);
  });

  it.each(["ca.svg", "XX.svg", "CAN.svg", "..%2Fpackage.json", "CA.png"])(
    "answers 404 for %s",
    async (file) => {
      const res = await fetch(`${server.baseUrl}/flags/${file}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: "No flag for that country code" });
      const de = await fetch(`${server.baseUrl}/flags/${file}`, { headers: { "Accept-Language": "de" } });
      expect(await de.json()).toEqual({ message: "Keine Flagge für diesen Ländercode" });
    },
  );
});
