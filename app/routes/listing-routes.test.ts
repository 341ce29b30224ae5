/**
 * The page side of lawyer onboarding (issue 3): the action behind the "My listing" forms
 * (/dashboard/listing) and the emailed link's landing page (/claim-listing), called as React
 * Router calls them, with the real services over a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) and the mail outbox in a temporary DATA_DIR.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { translateMessage } from "../../lib/i18n/message.ts";
import { LISTING_MESSAGES, LOGO_MAX_BYTES } from "../../lib/listing-owner.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { lawyers, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { insertTestListing } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { servicesContext } from "../context.ts";
import type { ListingFormFailure } from "../features/listing/listing-action.ts";

/** An answer of the listing action read as one record (a success has `intent`, `ok` and `message` too). */
type ListingAnswer = Omit<ListingFormFailure, "ok"> & { ok: boolean };

import { ensureLocale, getT } from "../i18n/i18n.ts";
import { headers as claimHeaders, loader as claimLoader, TOKEN_PAGE_HEADERS } from "./claim-listing.tsx";
import { action as listingAction } from "./dashboard.listing.tsx";

let database: Database;
let services: Services;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-listing-routes-"));
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
  });
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
/** A router context with the services, as server/app.ts makes one per request. */
function context() {
  const c = new RouterContextProvider();
  c.set(servicesContext, services);
  return c;
}

/** A fresh account (a lawyer unless `role` says otherwise) and its session cookie. */
async function account(role: "user" | "lawyer" = "lawyer") {
  counter += 1;
  const email = `routes.${counter}@example.org`;
  const session = await services.accounts.signUp(
    { email, password: "correct horse 42", firstName: "Ann", lastName: "Lee", role },
    { ip: `198.51.100.${counter}`, origin: "http://localhost" },
  );
  return { email, user: session.user, cookie: `${SESSION_COOKIE}=${session.token}` };
}

/** Inserts a verified listing in Toronto with the given contact email; answers its id. */
const insertListing = (email: string) => insertTestListing(database, email);

/** POSTs `form` to the action as a fetcher would (or as a page navigation with `document`). */
async function post(
  form: FormData,
  cookie?: string,
  opts: { document?: boolean; headers?: Record<string, string>; path?: string } = {},
) {
  const url = `http://localhost${opts.path ?? "/dashboard/listing"}`;
  const body = new Request(url, { method: "POST", body: form });
  const bytes = await body.arrayBuffer();
  const headers: Record<string, string> = {
    "Content-Type": body.headers.get("Content-Type") ?? "",
    "Content-Length": String(bytes.byteLength),
    ...(cookie ? { Cookie: cookie } : {}),
    ...(opts.document ? { "Sec-Fetch-Dest": "document" } : { "Sec-Fetch-Dest": "empty" }),
    ...opts.headers,
  };
  const request = new Request(url, { method: "POST", body: bytes, headers });
  try {
    return await listingAction({ request, context: context(), params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

/** The ListingActionResult and status of a `data()` answer. */
function result(answer: unknown): { data: ListingAnswer; status: number } {
  const d = answer as { data: ListingAnswer; init: { status: number } };
  expect(d.data, JSON.stringify(answer)).toBeDefined();
  return { data: d.data, status: d.init.status };
}

function form(fields: Record<string, string | string[]>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    for (const one of Array.isArray(v) ? v : [v]) f.append(k, one);
  }
  return f;
}

/** The token of the newest outbox email to `email` with a /claim-listing?`param`= link. */
function linkToken(email: string, param: "token" | "verify"): string {
  const dir = path.join(dataDir, "outbox");
  const texts = readdirSync(dir)
    .sort()
    .map((f) => readFileSync(path.join(dir, f), "utf8"))
    .filter((t) => t.includes(email) && t.includes(`claim-listing?${param}=`));
  const match = new RegExp(`claim-listing\\?${param}=([A-Za-z0-9_-]+)`).exec(texts.at(-1) ?? "");
  expect(match, `an email to ${email} with a ?${param}= link`).not.toBeNull();
  return match?.[1] ?? "";
}

/** The claim token of the newest outbox email to `email`. */
function claimToken(email: string): string {
  return linkToken(email, "token");
}

/** Opens the emailed claim link (or with `param` "verify" the verification link) as `cookie`. */
async function claim(token: string, cookie?: string, param: "token" | "verify" = "token") {
  const request = new Request(`http://localhost/claim-listing?${param}=${encodeURIComponent(token)}`, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  try {
    return await claimLoader({ request, context: context(), params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

/** A message of the listing action (catalog reference or text) as an English page shows it. */
const english = (message: string) => translateMessage(getT("en"), message);

describe(`/dashboard/listing action (${TEST_ENGINE})`, () => {
  it("sends a signed-out visitor to sign in", async () => {
    const answer = (await post(form({ intent: "claim" }))) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Flisting");
  });

  it("creates a listing once the emailed link has verified the email, then redirects with 'created'", async () => {
    const a = await account();
    const valid = {
      intent: "create",
      name: "Zora Vantwest",
      phone: "416 555 0199",
      countryCode: "CA",
      city: "Toronto",
      experience: "7",
      practiceAreas: ["Dog Bites", "Car Accidents"],
      admissionRegulator: "Law Society of Ontario",
      admissionNumber: "L777",
      grammaticalGender: "feminine",
    };
    const early = result(await post(form(valid), a.cookie));
    expect(early).toMatchObject({
      status: 403,
      data: { intent: "create", ok: false, message: LISTING_MESSAGES.verifyEmailFirst },
    });
    expect(await services.listings.ownerView(a.user)).toMatchObject({
      kind: "create",
      emailVerified: false,
      verificationSentAt: null,
    });
    const sent = result(await post(form({ intent: "verify-email" }), a.cookie));
    expect(sent).toMatchObject({ status: 200, data: { intent: "verify-email", ok: true } });
    expect(english(sent.data.message)).toBe(
      `Check your email: we have sent a verification link to ${a.email}.`,
    );
    expect(await services.listings.ownerView(a.user)).toMatchObject({ kind: "create", emailVerified: false });
    // The link lands on /claim-listing?verify=…: verified, back to the dashboard, no Referer, no cache.
    const landed = (await claim(linkToken(a.email, "verify"), a.cookie, "verify")) as Response;
    expect(landed.status).toBe(302);
    expect(landed.headers.get("Location")).toBe("/dashboard?listing=email-verified#my-listing");
    expect(landed.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(landed.headers.get("Cache-Control")).toBe("no-store");
    expect(await services.listings.ownerView(a.user)).toMatchObject({ kind: "create", emailVerified: true });

    const bad = result(
      await post(
        form({ intent: "create", name: "Zora", phone: "12", countryCode: "CA", city: "" }),
        a.cookie,
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      intent: "create",
      ok: false,
      message: LISTING_MESSAGES.invalid,
      fieldErrors: {
        phone: "Please enter a valid phone number for Canada.",
        city: "Please enter the city of your office.",
        practiceAreas: "Please choose at least one practice area.",
        experience: "Please enter your years of experience as a whole number from 0 to 80.",
        admissionRegulator: "Please enter the bar or law society that admitted you.",
        admissionNumber: "Please enter your licence or registration number.",
      },
    });
    const ok = (await post(form(valid), a.cookie)) as Response;
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/dashboard?listing=created#my-listing");
    const [row] = await database.db.select().from(users).where(eq(users.id, a.user.id));
    const [listing] = await database.db
      .select()
      .from(lawyers)
      .where(eq(lawyers.id, row?.lawyerId as number));
    expect(listing).toMatchObject({
      email: a.email,
      verificationStatus: "pending",
      practiceAreas: ["Car Accidents", "Dog Bites"],
      grammaticalGender: "feminine",
    });
  });

  it("claims by email, then updates: errors per field, then 'Your listing has been updated'", async () => {
    const a = await account();
    const id = await insertListing(a.email);
    const sent = result(await post(form({ intent: "claim" }), a.cookie));
    expect(sent).toMatchObject({ status: 200, data: { intent: "claim", ok: true } });
    expect(english(sent.data.message)).toBe(
      `Check your email: we have sent a verification link to ${a.email}.`,
    );

    // The link lands on /claim-listing: confirmed for the signed-in account, back to the dashboard.
    const landed = (await claim(claimToken(a.email), a.cookie)) as Response;
    expect(landed.status).toBe(302);
    expect(landed.headers.get("Location")).toBe("/dashboard?listing=claimed#my-listing");

    const fields = {
      intent: "update",
      name: "Aaron Clarke",
      firm: "",
      phone: "+44 20 7946 0958",
      businessAddress: "",
      website: "clarke.example",
      bio: "",
      workingHours: "",
      practiceAreas: ["Car Accidents"],
    };
    const bad = result(await post(form(fields), a.cookie));
    expect(bad).toMatchObject({
      status: 400,
      data: { ok: false, fieldErrors: { phone: "Please enter a valid phone number for Canada." } },
    });
    // On a German page the country is named in German (issue 14 §2), not "für Canada". (The root
    // middleware loads the page's catalogs before an action runs; called directly, load them here.)
    await ensureLocale("de");
    const inGerman = result(await post(form(fields), a.cookie, { path: "/de/dashboard/listing" }));
    expect(inGerman.data).toMatchObject({
      fieldErrors: { phone: "Bitte geben Sie eine gültige Telefonnummer für Kanada ein." },
    });
    const ok = result(await post(form({ ...fields, phone: "416 555 0123" }), a.cookie));
    expect(ok).toMatchObject({
      status: 200,
      data: { intent: "update", ok: true },
    });
    expect(english((ok as { data: { message: string } }).data.message)).toBe("Your listing has been updated");
    const lawyer = await services.directory.getLawyer(id);
    expect(lawyer).toMatchObject({ phone: "+14165550123", website: "https://clarke.example", firm: "" });

    // Without JavaScript the browser navigates: back to the dashboard with a notice instead.
    const plain = (await post(form({ ...fields, phone: "416 555 0124" }), a.cookie, {
      document: true,
    })) as Response;
    expect(plain.headers.get("Location")).toBe("/dashboard?listing=updated#my-listing");
    const failed = (await post(form({ ...fields, phone: "1" }), a.cookie, { document: true })) as Response;
    expect(failed.headers.get("Location")).toBe("/dashboard?listing=failed#my-listing");
    // From the German dashboard (/de/dashboard/listing) it stays German (issue 14 §1).
    const german = (await post(form({ ...fields, phone: "1" }), a.cookie, {
      document: true,
      path: "/de/dashboard/listing",
    })) as Response;
    expect(german.headers.get("Location")).toBe("/de/dashboard?listing=failed#my-listing");
  });

  it("issue 28 §2: the edit form states, keeps and clears the grammatical gender; another value is a field error", async () => {
    const a = await account();
    const id = await insertListing(a.email);
    await post(form({ intent: "claim" }), a.cookie);
    await claim(claimToken(a.email), a.cookie);
    const stored = async () =>
      (await database.db.select().from(lawyers).where(eq(lawyers.id, id)))[0]?.grammaticalGender;
    const edit = (grammaticalGender?: string) =>
      post(
        form({
          intent: "update",
          name: "Aaron Clarke",
          practiceAreas: ["Car Accidents"],
          ...(grammaticalGender === undefined ? {} : { grammaticalGender }),
        }),
        a.cookie,
      );
    expect(await stored()).toBeNull();
    expect(result(await edit("feminine")).status).toBe(200);
    expect(await stored()).toBe("feminine");
    // The owner's view (the edit form's default value) reads it back.
    expect(await services.listings.ownerView(a.user)).toMatchObject({
      kind: "linked",
      listing: { grammaticalGender: "feminine" },
    });
    // A form without the field (an older page) leaves it as it is.
    expect(result(await edit()).status).toBe(200);
    expect(await stored()).toBe("feminine");
    const bad = result(await edit("female"));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.data.fieldErrors)).toEqual(["grammaticalGender"]);
    expect(english(bad.data.fieldErrors.grammaticalGender ?? "")).toBe(
      "Choose one of: feminine, masculine, neutral.",
    );
    expect(await stored()).toBe("feminine");
    // "Not stated" (the empty option) clears it: gender-neutral wording again.
    expect(result(await edit("")).status).toBe(200);
    expect(await stored()).toBeNull();
  });

  it("refuses a logo over 2 MB by its declared length, a body without one, and a non-image", async () => {
    const a = await account();
    await insertListing(a.email);
    await post(form({ intent: "claim" }), a.cookie);
    await claim(claimToken(a.email), a.cookie);

    const big = result(
      await post(form({ intent: "logo" }), a.cookie, {
        headers: { "Content-Length": String(LOGO_MAX_BYTES + 64 * 1024) },
      }),
    );
    expect(big).toMatchObject({
      status: 413,
      data: { intent: "logo", message: LISTING_MESSAGES.logoTooLarge },
    });
    // Issue 27 §2: sent without JavaScript (a 3 MB file), the dashboard comes back with the
    // refusal shown next to the logo's file field, in the page's locale.
    const plain = (await post(form({ intent: "logo" }), a.cookie, {
      document: true,
      path: "/de/dashboard/listing",
      headers: { "Content-Length": String(3 * 1024 * 1024) },
    })) as Response;
    expect(plain.headers.get("Location")).toBe("/de/dashboard?listing=logo-too-large#my-listing");
    const request = new Request("http://localhost/dashboard/listing", {
      method: "POST",
      body: "intent=update",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: a.cookie },
    });
    request.headers.delete("Content-Length");
    const unsized = result(await listingAction({ request, context: context(), params: {} } as never));
    expect(unsized.status).toBe(400);

    const text = new FormData();
    text.set("intent", "logo");
    text.set("logo", new Blob(["plain text, not a picture"], { type: "image/png" }), "logo.png");
    expect(result(await post(text, a.cookie))).toMatchObject({
      status: 422,
      data: { ok: false, message: LISTING_MESSAGES.logoType },
    });
    const none = form({ intent: "logo" });
    expect(result(await post(none, a.cookie)).data.message).toBe(LISTING_MESSAGES.logoMissing);
  });

  it("answers a client account 403 with 'listings are for lawyer accounts'", async () => {
    const c = await account("user");
    const answer = result(await post(form({ intent: "claim" }), c.cookie));
    expect(answer).toMatchObject({ status: 403, data: { ok: false, message: LISTING_MESSAGES.lawyersOnly } });
    const unknown = result(await post(form({ intent: "delete" }), c.cookie));
    expect(unknown.status).toBe(400);
  });
});

describe(`/claim-listing (${TEST_ENGINE})`, () => {
  it("sends a signed-out visitor to sign in and back to the same link", async () => {
    const answer = (await claim("abc")) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/claim-listing?token=abc")}`,
    );
  });

  it("shows why a link did not work: unknown, another account's, used", async () => {
    const a = await account();
    await insertListing(a.email);
    const unknown = (await claim("x".repeat(43), a.cookie)) as {
      data: { message: string };
      init: { status: number };
    };
    expect(unknown.init.status).toBe(400);
    expect(unknown.data.message).toBe(LISTING_MESSAGES.claimInvalid);

    await post(form({ intent: "claim" }), a.cookie);
    const token = claimToken(a.email);
    const other = await account();
    const wrong = (await claim(token, other.cookie)) as {
      data: { message: string };
      init: { status: number };
    };
    expect(wrong.data.message).toBe(LISTING_MESSAGES.claimOtherUser);

    expect(((await claim(token, a.cookie)) as Response).status).toBe(302);
    const used = (await claim(token, a.cookie)) as { data: { message: string }; init: { status: number } };
    expect(used.init.status).toBe(400);
    expect(used.data.message).toBe(LISTING_MESSAGES.claimUsed);

    const empty = (await claim("", a.cookie)) as { data: { message: string } };
    expect(empty.data.message).toBe(LISTING_MESSAGES.claimNoToken);
  });

  it("answers with Referrer-Policy: same-origin and Cache-Control: no-store (the address holds a token)", async () => {
    const none = new Headers();
    const args = { actionHeaders: none, loaderHeaders: none, parentHeaders: none, errorHeaders: undefined };
    expect(new Headers(claimHeaders(args))).toEqual(
      new Headers({ "Referrer-Policy": "same-origin", "Cache-Control": "no-store" }),
    );
    const a = await account();
    for (const param of ["token", "verify"] as const) {
      const failed = (await claim("x".repeat(43), a.cookie, param)) as {
        data: { purpose: string; message: string };
        init: { status: number; headers: HeadersInit };
      };
      expect(failed.init.status, param).toBe(400);
      expect(failed.data).toEqual({
        purpose: param === "verify" ? "verify" : "claim",
        message: LISTING_MESSAGES.claimInvalid,
      });
      expect(new Headers(failed.init.headers).get("Referrer-Policy"), param).toBe("same-origin");
      expect(new Headers(failed.init.headers).get("Cache-Control"), param).toBe("no-store");
    }
    expect(TOKEN_PAGE_HEADERS).toEqual({ "Referrer-Policy": "same-origin", "Cache-Control": "no-store" });
  });
});
