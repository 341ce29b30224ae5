/**
 * The listing edit form with a geocoder configured (issue 19 §1): the /dashboard/listing action
 * with intent `update`, called as React Router calls it, with the real services over a real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and a loopback HTTP server playing a
 * Nominatim-compatible geocoder that fails. The save succeeds, the listing keeps its position and
 * the answer says the office could not be found automatically, in the page's language; without
 * JavaScript the browser comes back to the dashboard with the same notice. Issue 28 §5: "Find on
 * map from my address" (`locate=1`, the form's second submit button) places the office from the
 * unchanged address over the typed coordinates; the language picker's boxes and its "add
 * another" choice arrive as several `languages` values and are stored in the form's order.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { translateMessage } from "../../lib/i18n/message.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { lawyers, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { insertTestListing } from "../../tests/support/api.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { multipartPost } from "../../tests/support/page-routes.ts";
import { servicesContext } from "../context.ts";
import type { ListingActionResult } from "../features/listing/listing-action.ts";
import { ensureLocale, getT } from "../i18n/i18n.ts";
import { action as listingAction } from "./dashboard.listing.tsx";

let database: Database;
let services: Services;
let dataDir: string;
let geocoder: Server;
let asked = 0;
/** The geocoder's next answer: null = HTTP 500; a point = one Nominatim result there. */
let answerWith: { lat: number; lon: number } | null = null;
const clock = createTestClock();

beforeAll(async () => {
  geocoder = createServer((_req, res) => {
    asked += 1;
    if (!answerWith) {
      res.writeHead(500).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify([{ lat: String(answerWith.lat), lon: String(answerWith.lon) }]));
  });
  await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-geocode-form-"));
  services = createServices({
    db: database.db,
    config: loadConfig({
      LOG_LEVEL: "silent",
      DATA_DIR: dataDir,
      GEOCODER_URL: `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`,
    }),
    logger: createLogger("silent"),
    clock,
  });
  await ensureLocale("ar");
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
  geocoder?.closeAllConnections();
  await new Promise((resolve) => geocoder?.close(resolve));
});

/** A fresh lawyer account linked to a Toronto listing, and its session cookie. */
async function account(n: number) {
  const email = `geocode.form.${n}@example.org`;
  const session = await services.accounts.signUp(
    { email, password: "correct horse 42", firstName: "Ann", lastName: "Lee", role: "lawyer" },
    { ip: `198.51.100.${n}`, origin: "http://localhost" },
  );
  const lawyerId = await insertTestListing(database, email, { latitude: 43.70011, longitude: -79.4163 });
  await database.db.update(users).set({ lawyerId }).where(eq(users.id, session.user.id));
  return { lawyerId, cookie: `${SESSION_COOKIE}=${session.token}` };
}

/** A router context holding the services, as the server's request handler makes one. */
function context() {
  const c = new RouterContextProvider();
  c.set(servicesContext, services);
  return c;
}

/** POSTs the edit form's `fields` (a fetcher, or a page navigation with `document`). */
async function post(
  fields: Record<string, string | string[]>,
  cookie: string,
  opts: { document?: boolean; path?: string } = {},
) {
  clock.advance(1000); // past the geocoder's 1 request/s window
  const f = new FormData();
  f.set("intent", "update");
  f.set("practiceAreas", "Car Accidents");
  for (const [k, v] of Object.entries(fields)) {
    f.delete(k);
    for (const one of Array.isArray(v) ? v : [v]) f.append(k, one);
  }
  const request = await multipartPost(`http://localhost${opts.path ?? "/dashboard/listing"}`, f, {
    cookie,
    document: opts.document,
  });
  try {
    return await listingAction({
      request,
      context: context(),
      params: {},
    } as never);
  } catch (thrown) {
    return thrown;
  }
}

describe(`/dashboard/listing action, edit form with GEOCODER_URL (${TEST_ENGINE})`, () => {
  it("saves a new address the geocoder cannot place, keeps the position and says so in the page's language", async () => {
    const a = await account(1);
    const before = asked;
    const answer = (await post(
      { businessAddress: "1 Nowhere Lane", latitude: "43.70011", longitude: "-79.4163" },
      a.cookie,
      { path: "/ar/dashboard/listing" },
    )) as { data: ListingActionResult; init: { status: number } };
    expect(answer.data, JSON.stringify(answer)).toMatchObject({ ok: true, intent: "update" });
    expect(asked).toBe(before + 1);
    const ar = getT("ar");
    expect(translateMessage(ar, answer.data.message)).toBe(ar("listing:notices.updatedPositionNotFound"));
    const [row] = await database.db.select().from(lawyers).where(eq(lawyers.id, a.lawyerId));
    expect(row?.businessAddress).toBe("1 Nowhere Lane");
    expect([Number(row?.latitude), Number(row?.longitude)]).toEqual([43.70011, -79.4163]);
  });

  it("without JavaScript comes back to the dashboard with the position-not-found notice", async () => {
    const a = await account(2);
    const answer = (await post({ businessAddress: "2 Nowhere Lane" }, a.cookie, {
      document: true,
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/dashboard?listing=position-not-found#my-listing");
  });

  it("'Find on map from my address' places the office from the unchanged address, over typed coordinates (issue 28 §5)", async () => {
    const a = await account(3);
    const [stored] = await database.db.select().from(lawyers).where(eq(lawyers.id, a.lawyerId));
    answerWith = { lat: 43.64856, lon: -79.38192 };
    try {
      const before = asked;
      const answer = (await post(
        {
          businessAddress: stored?.businessAddress ?? "100 King St W",
          latitude: "43.70011",
          longitude: "-79.4163",
          locate: "1",
        },
        a.cookie,
        { path: "/de/dashboard/listing" },
      )) as { data: ListingActionResult };
      expect(answer.data, JSON.stringify(answer)).toMatchObject({ ok: true, intent: "update" });
      expect(asked).toBe(before + 1);
      const de = getT("de");
      expect(translateMessage(de, answer.data.message)).toBe(de("listing:notices.updatedPositionFound"));
      const [row] = await database.db.select().from(lawyers).where(eq(lawyers.id, a.lawyerId));
      expect([Number(row?.latitude), Number(row?.longitude)]).toEqual([43.64856, -79.38192]);

      // Without JavaScript: back to the dashboard with the same notice.
      const plain = (await post(
        { businessAddress: stored?.businessAddress ?? "100 King St W", locate: "1" },
        a.cookie,
        {
          document: true,
        },
      )) as Response;
      expect(plain.status).toBe(302);
      expect(plain.headers.get("Location")).toBe("/dashboard?listing=position-found#my-listing");

      // A plain save of the same address asks no geocoder and keeps a typed position.
      const quiet = asked;
      await post(
        { businessAddress: stored?.businessAddress ?? "100 King St W", latitude: "43.7", longitude: "-79.4" },
        a.cookie,
      );
      expect(asked).toBe(quiet);
      const [kept] = await database.db.select().from(lawyers).where(eq(lawyers.id, a.lawyerId));
      expect([Number(kept?.latitude), Number(kept?.longitude)]).toEqual([43.7, -79.4]);
    } finally {
      answerWith = null;
    }
  });

  it("stores the languages of the picker, ticked boxes and the added choice, in the form's order, without JavaScript (issue 28 §5)", async () => {
    const a = await account(4);
    const answer = (await post({ languages: ["fr", "en", "", "tr"] }, a.cookie, {
      document: true,
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/dashboard?listing=updated#my-listing");
    const [row] = await database.db.select().from(lawyers).where(eq(lawyers.id, a.lawyerId));
    expect(row?.languages).toEqual(["fr", "en", "tr"]);
    // Nothing ticked and nothing chosen: the listing names no language.
    await post({ languages: [""] }, a.cookie, { document: true });
    const [none] = await database.db.select().from(lawyers).where(eq(lawyers.id, a.lawyerId));
    expect(none?.languages).toEqual([]);
  });
});
