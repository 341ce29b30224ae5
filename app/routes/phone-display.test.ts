/**
 * Phones written for the visitor (issue 14 §2 "displayed nationally or internationally as
 * appropriate"): the profile loader, called as React Router calls it with the real services over
 * a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), answers the lawyer's phone
 * national when the visitor's Accept-Language names the lawyer's country, international
 * otherwise (or without a region), the `tel:` link always E.164; the profile's answer varies by
 * Accept-Language so no cache hands one visitor's format to another.
 */
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { insertTestListing } from "../../tests/support/api.ts";
import { openTestDatabase } from "../../tests/support/db.ts";
import { servicesContext } from "../context.ts";
import { headers, loader } from "./lawyer.tsx";

const ORIGIN = "http://localhost:5173";
let database: Database;
let services: Services;
let berlin: number;
let tokyo: number;

beforeAll(async () => {
  database = await openTestDatabase();
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent" }),
    logger: createLogger("silent"),
  });
  berlin = await insertTestListing(database, "berlin.phone@example.org", {
    name: "Jonas Weber",
    phone: "+49301234567",
    location: "Berlin, Germany",
    country: "Germany",
    countryCode: "DE",
    state: "Berlin",
    city: "Berlin",
  });
  tokyo = await insertTestListing(database, "tokyo.phone@example.org", {
    name: "山田太郎",
    phone: "+81312345678",
    location: "Tokyo, Japan",
    country: "Japan",
    countryCode: "JP",
    state: "Tokyo",
    city: "Tokyo",
  });
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
});

/** The profile loader's phone for lawyer `id` at `path`, for a visitor sending `acceptLanguage`. */
async function phoneOf(id: number, acceptLanguage: string | null, path = `/lawyer/${id}`) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  rememberClientIp(context, "203.0.113.40");
  const request = new Request(`${ORIGIN}${path}`, {
    headers: acceptLanguage
      ? { "Accept-Language": acceptLanguage, "Sec-Purpose": "prefetch" }
      : { "Sec-Purpose": "prefetch" },
  });
  // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type
  const data = await loader({ params: { id: String(id) }, request, context } as any);
  return data.phone;
}

describe("the profile's phone for its visitor", () => {
  it("German lawyer: national for a visitor from Germany, international for one from Japan or of no region", async () => {
    expect(await phoneOf(berlin, "de-DE,de;q=0.9,en;q=0.8", `/de/lawyer/${berlin}`)).toEqual({
      text: "030 1234567",
      href: "tel:+49301234567",
    });
    expect(await phoneOf(berlin, "ja-JP,ja;q=0.9", `/ja/lawyer/${berlin}`)).toEqual({
      text: "+49 30 1234567",
      href: "tel:+49301234567",
    });
    // "de" names no region: no guess, international (dialable from anywhere).
    expect((await phoneOf(berlin, "de"))?.text).toBe("+49 30 1234567");
    expect((await phoneOf(berlin, null))?.text).toBe("+49 30 1234567");
  });

  it("Japanese lawyer: Japanese national format for a visitor from Japan, international for an Arabic visitor in the UAE", async () => {
    expect(await phoneOf(tokyo, "ja-JP", `/ja/lawyer/${tokyo}`)).toEqual({
      text: "03-1234-5678",
      href: "tel:+81312345678",
    });
    expect(await phoneOf(tokyo, "ar-AE,ar;q=0.9", `/ar/lawyer/${tokyo}`)).toEqual({
      text: "+81 3 1234 5678",
      href: "tel:+81312345678",
    });
  });

  it("the answer varies by Accept-Language (and keeps an action's Retry-After)", () => {
    const none = new Headers(headers({ actionHeaders: new Headers() } as never));
    expect(none.get("Vary")).toBe("Accept-Language");
    const limited = new Headers(headers({ actionHeaders: new Headers({ "Retry-After": "60" }) } as never));
    expect(limited.get("Retry-After")).toBe("60");
    expect(limited.get("Vary")).toBe("Accept-Language");
  });
});
