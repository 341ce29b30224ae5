import { count, inArray, like, lt } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { english } from "../../tests/support/english.ts";
import type { Database } from "../db/client.ts";
import { rateLimits } from "../db/schema.ts";
import {
  clientIp,
  createRateLimits,
  ipv6Prefix64,
  RATE_LIMITS,
  RateLimitedError,
  type RateLimits,
  storageKey,
} from "./rate-limit.ts";

/** Resolves with the RateLimitedError `promise` rejects with, or fails the test. */
async function limited(promise: Promise<void>): Promise<RateLimitedError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RateLimitedError);
  return err as RateLimitedError;
}

describe(`rate limits (${TEST_ENGINE})`, () => {
  let database: Database;
  let limits: RateLimits;
  beforeAll(async () => {
    database = await openTestDatabase();
    limits = createRateLimits(database.db, {
      "login-account": { points: 3, durationSeconds: 60 },
      "forgot-ip": { points: 1, durationSeconds: 1 },
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it("lets `points` attempts through and refuses the next with seconds until the window resets", async () => {
    for (let i = 0; i < 3; i++) await limits.consume("login-account", "first@example.com");
    const err = await limited(limits.consume("login-account", "first@example.com"));
    expect(err.retryAfterSeconds).toBeGreaterThan(0);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(Number.isInteger(err.retryAfterSeconds)).toBe(true);
    expect(english(err.message)).toBe("Too many attempts. Please try again later.");
    // Refused attempts still count: the key stays limited.
    await limited(limits.consume("login-account", "first@example.com"));
  });

  it("shares the count between two instances on one database (two server processes)", async () => {
    const other = createRateLimits(database.db, { "login-account": { points: 3, durationSeconds: 60 } });
    await limits.consume("login-account", "shared@example.com");
    await other.consume("login-account", "shared@example.com");
    await limits.consume("login-account", "shared@example.com");
    await limited(other.consume("login-account", "shared@example.com"));
  });

  it("counts concurrent attempts exactly: of 10 at once, 3 pass", async () => {
    const other = createRateLimits(database.db, { "login-account": { points: 3, durationSeconds: 60 } });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? limits : other).consume("login-account", "race@example.com"),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toBeInstanceOf(RateLimitedError);
  });

  it("reset forgets a key's attempts", async () => {
    for (let i = 0; i < 3; i++) await limits.consume("login-account", "reset@example.com");
    await limited(limits.consume("login-account", "reset@example.com"));
    await limits.reset("login-account", "reset@example.com");
    for (let i = 0; i < 3; i++) await limits.consume("login-account", "reset@example.com");
    await limited(limits.consume("login-account", "reset@example.com"));
  });

  it("keeps keys and limits apart", async () => {
    for (let i = 0; i < 3; i++) await limits.consume("login-account", "a@example.com");
    await limited(limits.consume("login-account", "a@example.com"));
    await limits.consume("login-account", "b@example.com");
    // Same key string under another limit: its own count (login-ip allows 30 by default).
    await limits.consume("login-ip", "a@example.com");
    const rows = await database.db
      .select()
      .from(rateLimits)
      .where(
        inArray(rateLimits.key, [
          storageKey("login-account", "a@example.com"),
          storageKey("login-ip", "a@example.com"),
        ]),
      );
    expect(rows.map((r) => [r.key, r.points]).sort()).toEqual([
      [storageKey("login-account", "a@example.com"), 4],
      [storageKey("login-ip", "a@example.com"), 1],
    ]);
  });

  it("stores every key as a hash (no email or IP at rest), keeping long keys apart", async () => {
    const long = (end: string) => `${"x".repeat(300)}${end}`;
    for (let i = 0; i < 3; i++) await limits.consume("login-account", long("1"));
    await limited(limits.consume("login-account", long("1")));
    await limits.consume("login-account", long("2"));
    await limits.consume("login-account", "someone@example.com");
    const rows = await database.db.select().from(rateLimits).where(like(rateLimits.key, "login-account:%"));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(row.key).toMatch(/^login-account:[0-9a-f]{64}$/);
    expect(rows.some((r) => r.key.includes("@"))).toBe(false);
  });

  it("counts an IPv6 client by its /64 for per-IP limits, and IPv4 by its address", async () => {
    expect(ipv6Prefix64("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(ipv6Prefix64("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(ipv6Prefix64("203.0.113.7")).toBe("203.0.113.7");
    await limits.consume("forgot-ip", "2001:db8:9:9::1");
    await limited(limits.consume("forgot-ip", "2001:db8:9:9:ffff::2"));
    await limits.consume("forgot-ip", "2001:db8:9:a::1");
    // Per-account limits are not grouped.
    expect(storageKey("login-account", "2001:db8::1")).not.toBe(storageKey("login-account", "2001:db8::2"));
  });

  it("opens again once the window has passed, and purgeExpired deletes ended windows", async () => {
    // rate-limiter-flexible computes windows from Date.now(): the test moves Vitest's clock (Date
    // only; timers and I/O run as usual) instead of waiting for the 1-second window to pass.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    await limits.consume("forgot-ip", "203.0.113.7");
    const err = await limited(limits.consume("forgot-ip", "203.0.113.7"));
    expect(err.retryAfterSeconds).toBe(1);
    vi.advanceTimersByTime(1100);
    await limits.consume("forgot-ip", "203.0.113.7");

    await limits.consume("forgot-ip", "203.0.113.8");
    vi.advanceTimersByTime(1100);
    const keysBefore = await database.db.select({ n: count() }).from(rateLimits);
    const ended = await database.db
      .select({ n: count() })
      .from(rateLimits)
      .where(lt(rateLimits.expire, Date.now()));
    expect(ended[0]?.n).toBeGreaterThanOrEqual(2);
    await limits.purgeExpired();
    const keys = (await database.db.select({ key: rateLimits.key }).from(rateLimits)).map((r) => r.key);
    expect(keys).not.toContain(storageKey("forgot-ip", "203.0.113.7"));
    expect(keys).not.toContain(storageKey("forgot-ip", "203.0.113.8"));
    expect(keys).toContain(storageKey("login-account", "first@example.com"));
    expect(keys.length).toBe((keysBefore[0]?.n ?? 0) - (ended[0]?.n ?? 0));
  });

  it("fails open when the database cannot be reached, and logs the error", async () => {
    const broken = await openTestDatabase();
    await broken.close();
    const lines: Record<string, unknown>[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const offline = createRateLimits(
      broken.db,
      { "login-ip": { points: 1, durationSeconds: 60 } },
      { logger },
    );
    for (let i = 0; i < 3; i++) await offline.consume("login-ip", "198.51.100.1");
    await offline.reset("login-ip", "198.51.100.1");
    await offline.purgeExpired();
    expect(lines.filter((l) => l.level === 50)).toHaveLength(5);
    expect(lines[0]).toMatchObject({
      limit: "login-ip",
      msg: "rate limit check failed; letting the request through",
    });
  });
});

describe("RATE_LIMITS", () => {
  it("holds the limits of issues 3, 4, 6, 14, 15, 16, 17 and 27", () => {
    expect(RATE_LIMITS).toEqual({
      "login-ip": { points: 30, durationSeconds: 900 },
      "login-account": { points: 5, durationSeconds: 900 },
      "signup-ip": { points: 10, durationSeconds: 3600 },
      "forgot-ip": { points: 5, durationSeconds: 3600 },
      "reset-ip": { points: 10, durationSeconds: 3600 },
      "review-write": { points: 20, durationSeconds: 3600 },
      "claim-ip": { points: 5, durationSeconds: 3600 },
      "case-ip": { points: 10, durationSeconds: 3600 },
      "message-ip": { points: 20, durationSeconds: 3600 },
      "contact-ip": { points: 10, durationSeconds: 3600 },
      "analytics-ip": { points: 120, durationSeconds: 3600 },
      "analytics-visitors-ip": { points: 10, durationSeconds: 86400 },
      "listing-write": { points: 30, durationSeconds: 3600 },
      "reply-user": { points: 60, durationSeconds: 3600 },
      "checkout-user": { points: 10, durationSeconds: 3600 },
      "location-ip": { points: 60, durationSeconds: 3600 },
      "second-factor-user": { points: 5, durationSeconds: 900 },
      "staff-write": { points: 300, durationSeconds: 3600 },
      "verification-user": { points: 20, durationSeconds: 3600 },
      "report-ip": { points: 5, durationSeconds: 3600 },
      "correction-ip": { points: 5, durationSeconds: 3600 },
      "document-download": { points: 300, durationSeconds: 3600 },
      "case-withdraw-ip": { points: 20, durationSeconds: 3600 },
      "case-decision-user": { points: 120, durationSeconds: 3600 },
      "export-user": { points: 5, durationSeconds: 3600 },
      "erasure-user": { points: 10, durationSeconds: 3600 },
      "password-change-user": { points: 10, durationSeconds: 3600 },
    });
  });
});

describe("clientIp", () => {
  const request = (forwardedFor?: string) =>
    new Request("http://127.0.0.1/api/auth/login", {
      headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
    });

  it("uses the socket address and ignores a forged X-Forwarded-For without trustProxy", () => {
    expect(clientIp(request("1.2.3.4"), "198.51.100.9", false)).toBe("198.51.100.9");
    expect(clientIp(request(), "198.51.100.9", false)).toBe("198.51.100.9");
  });

  it("with trustProxy takes the last hop, the one our proxy appended", () => {
    expect(clientIp(request("1.2.3.4, 203.0.113.5"), "10.0.0.1", true)).toBe("203.0.113.5");
    expect(clientIp(request(" 2001:DB8::1 "), "10.0.0.1", true)).toBe("2001:db8::1");
  });

  it("with trustProxy falls back to the socket when the header is missing or not an address", () => {
    expect(clientIp(request(), "10.0.0.1", true)).toBe("10.0.0.1");
    expect(clientIp(request("203.0.113.5, unknown"), "10.0.0.1", true)).toBe("10.0.0.1");
    expect(clientIp(request(""), "10.0.0.1", true)).toBe("10.0.0.1");
  });

  it("gives IPv4-mapped IPv6 socket addresses as IPv4, and 'unknown' without any address", () => {
    expect(clientIp(request(), "::ffff:127.0.0.1", false)).toBe("127.0.0.1");
    expect(clientIp(request(), undefined, false)).toBe("unknown");
  });
});
