/**
 * PUT /api/listing with GEOCODER_URL set (issue 19 §1 "office positions geocoded per address")
 * through the real server against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL)
 * and a real loopback HTTP server playing a Nominatim-compatible geocoder: a new address moves the
 * office to the geocoded position (the lawyer JSON follows); typed coordinates win and the geocoder
 * is not asked; a failed or far answer keeps the previous position and says `notFound`; an
 * unchanged address is not geocoded again. The geocoder's 1 request/s window is moved with the
 * server's test clock.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import type { Database } from "../db/client.ts";
import { users } from "../db/schema.ts";

let database: Database;
let server: TestServer;
let geocoder: Server;
const asked: string[] = [];
const clock = createTestClock();

beforeAll(async () => {
  geocoder = createServer((req, res) => {
    const q = new URL(req.url ?? "/", "http://x").searchParams.get("q") ?? "";
    asked.push(q);
    if (q.startsWith("Broken")) {
      res.writeHead(500).end();
      return;
    }
    // A street of the same name in Vancouver: 3,300 km from Toronto.
    const body = q.startsWith("Far")
      ? [{ lat: "49.2827", lon: "-123.1207" }]
      : [{ lat: "43.6487", lon: "-79.3817" }];
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
  database = await openTestDatabase();
  server = await startTestServer(database.db, { env: { TRUST_PROXY: "true", GEOCODER_URL: url }, clock });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
  geocoder?.closeAllConnections();
  await new Promise((resolve) => geocoder?.close(resolve));
});

const { call, signUp } = testApi(() => server, {
  emailPrefix: "geolawyer",
  signUpDefaults: { role: "lawyer" },
});

/** A lawyer account linked to a Toronto listing at the city's point. */
async function owner() {
  const account = await signUp();
  const lawyerId = await insertTestListing(database, account.email, {
    latitude: 43.70011,
    longitude: -79.4163,
  });
  await database.db.update(users).set({ lawyerId }).where(eq(users.id, account.user.id));
  const put = (body: Record<string, unknown>) => {
    clock.advance(1000); // past the geocoder's 1 request/s window
    return call("PUT", "/api/listing", { token: account.token, body });
  };
  return { ...account, lawyerId, put };
}

describe(`PUT /api/listing with GEOCODER_URL (${TEST_ENGINE})`, () => {
  it("places the office from a new address; the lawyer JSON follows; the same address is not asked again", async () => {
    const lawyer = await owner();
    const r = await lawyer.put({ businessAddress: "1 King St W" });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ geocoding: "found", listing: { latitude: 43.6487, longitude: -79.3817 } });
    expect(asked.at(-1)).toBe("1 King St W, Toronto");
    const pub = await call("GET", `/api/lawyers/${lawyer.lawyerId}`);
    expect(pub.body).toMatchObject({ latitude: 43.6487, longitude: -79.3817 });

    const count = asked.length;
    const again = await lawyer.put({ businessAddress: "1 King St W", name: "Aaron Q. Clarke" });
    expect(again.status, again.text).toBe(200);
    expect(again.body.geocoding).toBeUndefined();
    expect(asked.length).toBe(count);
  });

  it("typed coordinates win: the geocoder is not asked", async () => {
    const lawyer = await owner();
    const count = asked.length;
    const r = await lawyer.put({ businessAddress: "2 Bay St", latitude: "43.64", longitude: "-79.377" });
    expect(r.status, r.text).toBe(200);
    expect(r.body.geocoding).toBeUndefined();
    expect(r.body.listing).toMatchObject({ latitude: 43.64, longitude: -79.377 });
    expect(asked.length).toBe(count);
  });

  it("unchanged coordinates sent with a new address (the edit form) do not count as typed", async () => {
    const lawyer = await owner();
    const r = await lawyer.put({
      businessAddress: "3 Queen St",
      latitude: "43.70011",
      longitude: "-79.4163",
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ geocoding: "found", listing: { latitude: 43.6487, longitude: -79.3817 } });
  });

  it("a 500 or a result far from the city keeps the previous position and says notFound", async () => {
    const lawyer = await owner();
    const broken = await lawyer.put({ businessAddress: "Broken Lane 1" });
    expect(broken.status, broken.text).toBe(200);
    expect(broken.body).toMatchObject({
      geocoding: "notFound",
      listing: { businessAddress: "Broken Lane 1", latitude: 43.70011, longitude: -79.4163 },
    });
    const far = await lawyer.put({ businessAddress: "Far Street 9" });
    expect(far.status, far.text).toBe(200);
    expect(far.body).toMatchObject({
      geocoding: "notFound",
      listing: { latitude: 43.70011, longitude: -79.4163 },
    });
  });
});
