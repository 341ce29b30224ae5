/**
 * The geocoder client (issue 19 §1, server/listings/geocoder.ts) against a real HTTP server on
 * loopback that plays a Nominatim-compatible geocoder: a found address, a slow answer beyond the
 * timeout, a 500, an empty answer, a result far from the city, and the 1 request/s rate window
 * moved with the test clock.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestClock } from "../../tests/support/clock.ts";
import { createGeocoder, distanceKm } from "./geocoder.ts";

const BERLIN = { latitude: 52.52437, longitude: 13.41053 };
const seen: { url: URL; userAgent: string | undefined }[] = [];
let server: Server;
let base: string;

/** Answers by the query: "slow" after 1.5 s, "boom" a 500, "nowhere" [], "munich" a place 500 km away. */
function answer(req: IncomingMessage): { status: number; body: unknown; delayMs: number } {
  const url = new URL(req.url ?? "/", "http://x");
  seen.push({ url, userAgent: req.headers["user-agent"] });
  const q = url.searchParams.get("q") ?? "";
  if (url.pathname !== "/search") return { status: 404, body: [], delayMs: 0 };
  if (q.startsWith("slow")) return { status: 200, body: [{ lat: "52.5", lon: "13.4" }], delayMs: 1500 };
  if (q.startsWith("boom")) return { status: 500, body: { error: "down" }, delayMs: 0 };
  if (q.startsWith("nowhere")) return { status: 200, body: [], delayMs: 0 };
  if (q.startsWith("munich"))
    return { status: 200, body: [{ lat: "48.137154", lon: "11.576124" }], delayMs: 0 };
  return { status: 200, body: [{ lat: "52.5075419", lon: "13.4261419", display_name: q }], delayMs: 0 };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const { status, body, delayMs } = answer(req);
    const timer = setTimeout(() => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(body));
    }, delayMs);
    res.on("close", () => clearTimeout(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const logger = pino({ level: "silent" });

/** A geocoder on the loopback server with its own test clock. */
function geocoder(options: { timeoutMs?: number } = {}) {
  const clock = createTestClock("2026-05-04T10:00:00Z");
  const g = createGeocoder({ url: `${base}/`, userAgent: "LexAtlas-test/1.0", clock, logger, ...options });
  return { g, clock };
}

describe("createGeocoder", () => {
  it("asks /search with jsonv2, the address, the country and limit 1, with the User-Agent, and answers the position", async () => {
    const { g } = geocoder();
    const r = await g.geocode("Köpenicker Str. 1, Berlin", "DE", BERLIN);
    expect(r).toEqual({ status: "found", latitude: 52.507542, longitude: 13.426142 });
    const last = seen.at(-1);
    expect(last?.url.pathname).toBe("/search");
    expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({
      format: "jsonv2",
      q: "Köpenicker Str. 1, Berlin",
      countrycodes: "de",
      limit: "1",
    });
    expect(last?.userAgent).toBe("LexAtlas-test/1.0");
  });

  it("gives up after the timeout instead of waiting for a slow answer", async () => {
    const { g } = geocoder({ timeoutMs: 300 });
    const started = Date.now();
    expect(await g.geocode("slow street 1", "DE", BERLIN)).toEqual({ status: "timeout" });
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it("answers failed on a 500 and on an unreachable host, not-found on an empty answer", async () => {
    expect(await geocoder().g.geocode("boom 1", "DE", BERLIN)).toEqual({ status: "failed" });
    expect(await geocoder().g.geocode("nowhere 1", "DE", BERLIN)).toEqual({ status: "not-found" });
    const closed = createGeocoder({
      url: "http://127.0.0.1:9",
      userAgent: "LexAtlas-test/1.0",
      clock: createTestClock(),
      logger,
    });
    expect(await closed.geocode("Hauptstr. 1", "DE", BERLIN)).toEqual({ status: "failed" });
  });

  it("refuses a result farther than 50 km from the listing's city, accepts it without a city", async () => {
    expect(await geocoder().g.geocode("munich 1", "DE", BERLIN)).toEqual({ status: "far" });
    expect(await geocoder().g.geocode("munich 1", "DE", null)).toEqual({
      status: "found",
      latitude: 48.137154,
      longitude: 11.576124,
    });
  });

  it("sends at most one request per second per instance (Nominatim usage policy)", async () => {
    const { g, clock } = geocoder();
    const before = seen.length;
    expect((await g.geocode("Hauptstr. 1", "DE", BERLIN)).status).toBe("found");
    clock.advance(999);
    expect(await g.geocode("Hauptstr. 2", "DE", BERLIN)).toEqual({ status: "rate-limited" });
    expect(seen.length).toBe(before + 1);
    clock.advance(1);
    expect((await g.geocode("Hauptstr. 3", "DE", BERLIN)).status).toBe("found");
    expect(seen.length).toBe(before + 2);
  });
});

describe("distanceKm", () => {
  it("measures great-circle distances (Berlin–Munich about 504 km)", () => {
    expect(distanceKm(BERLIN, { latitude: 48.137154, longitude: 11.576124 })).toBeCloseTo(504, -1);
    expect(distanceKm(BERLIN, BERLIN)).toBe(0);
  });
});
