/**
 * The listing page's "Fees and first meeting" form (issue 19 §1): the /dashboard/listing action
 * with intent `fees`, called as React Router calls it, with the real services over a real
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL). A model the listing's country does not
 * allow is refused with a message next to its field in the page's language; a valid form saves;
 * without JavaScript the browser comes back to the dashboard with a notice.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { translateMessage } from "../../lib/i18n/message.ts";
import { LISTING_MESSAGES } from "../../lib/listing-owner.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { lawyers, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, type Services } from "../../server/services.ts";
import { insertTestListing } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { multipartPost } from "../../tests/support/page-routes.ts";
import { servicesContext } from "../context.ts";
import type { ListingFormFailure } from "../features/listing/listing-action.ts";

/** An answer of the listing action read as one record (a success has `intent`, `ok` and `message` too). */
type ListingAnswer = Omit<ListingFormFailure, "ok"> & { ok: boolean };

import { ensureLocale, getT } from "../i18n/i18n.ts";
import { action as listingAction } from "./dashboard.listing.tsx";

let database: Database;
let services: Services;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-fees-form-"));
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
  });
  await Promise.all([ensureLocale("de"), ensureLocale("ar")]);
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
function context() {
  const c = new RouterContextProvider();
  c.set(servicesContext, services);
  return c;
}

/** A fresh account and its session cookie; a lawyer linked to a listing in `country` unless a client. */
async function account(country: "FR" | "GB" | "CA" | null, role: "user" | "lawyer" = "lawyer") {
  counter += 1;
  const email = `fees.form.${counter}@example.org`;
  const session = await services.accounts.signUp(
    { email, password: "correct horse 42", firstName: "Ann", lastName: "Lee", role },
    { ip: `198.51.100.${counter}`, origin: "http://localhost" },
  );
  let lawyerId: number | null = null;
  if (country) {
    const place =
      country === "FR"
        ? { location: "Lyon, France", country: "France", countryCode: "FR", state: null, city: "Lyon" }
        : country === "GB"
          ? {
              location: "Leeds, United Kingdom",
              country: "United Kingdom",
              countryCode: "GB",
              state: null,
              city: "Leeds",
            }
          : {};
    lawyerId = await insertTestListing(database, email, place);
    await database.db.update(users).set({ lawyerId }).where(eq(users.id, session.user.id));
  }
  return { email, lawyerId, cookie: `${SESSION_COOKIE}=${session.token}` };
}

/** POSTs `fields` as the fees form would (a fetcher, or a page navigation with `document`). */
async function post(
  fields: Record<string, string>,
  cookie?: string,
  opts: { document?: boolean; path?: string } = {},
) {
  const f = new FormData();
  f.set("intent", "fees");
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  const request = await multipartPost(`http://localhost${opts.path ?? "/dashboard/listing"}`, f, {
    cookie,
    document: opts.document,
  });
  try {
    return await listingAction({ request, context: context(), params: {} } as never);
  } catch (thrown) {
    return thrown;
  }
}

function result(answer: unknown): { data: ListingAnswer; status: number } {
  const d = answer as { data: ListingAnswer; init: { status: number } };
  expect(d.data, JSON.stringify(answer)).toBeDefined();
  return { data: d.data, status: d.init.status };
}

const NO_WIN = {
  freeConsultation: "true",
  consultationMinutes: "30",
  contingency: "true",
  contingencyMinPercent: "20",
  contingencyMaxPercent: "30",
};

describe(`/dashboard/listing action, fees form (${TEST_ENGINE})`, () => {
  it("refuses no win, no fee for a lawyer in France next to its field, in the page's language", async () => {
    const a = await account("FR");
    const en = result(await post(NO_WIN, a.cookie));
    expect(en.status).toBe(400);
    expect(en.data.ok).toBe(false);
    expect(translateMessage(getT("en"), en.data.message)).toBe(LISTING_MESSAGES.invalid);
    expect(en.data.fieldErrors).toEqual({
      contingency: "France: no win, no fee agreements are not allowed for lawyers. Offer another fee model.",
    });
    const de = result(await post(NO_WIN, a.cookie, { path: "/de/dashboard/listing" }));
    expect(de.data.fieldErrors.contingency).toBe(
      "Frankreich: Vereinbarungen nach dem Prinzip „Kein Erfolg, kein Honorar“ sind für Anwälte nicht erlaubt. Bieten Sie ein anderes Honorarmodell an.",
    );
    const ar = result(await post(NO_WIN, a.cookie, { path: "/ar/dashboard/listing" }));
    expect(ar.data.fieldErrors.contingency).toBe(
      "اتفاقات «لا أتعاب دون نجاح» غير مسموح بها للمحامين في فرنسا. اعرض نموذج أتعاب آخر.",
    );
    const [row] = await database.db
      .select()
      .from(lawyers)
      .where(eq(lawyers.id, a.lawyerId as number));
    expect(row?.freeConsultation).toBe(false);
  });

  it("refuses a share above the cap in England and Wales, and typing mistakes, field by field", async () => {
    const a = await account("GB");
    const over = result(await post(NO_WIN, a.cookie));
    expect(over.data.fieldErrors).toEqual({
      contingencyMaxPercent:
        "United Kingdom: a fee that depends on the result may take at most 25% of what the client receives.",
    });
    const typos = result(
      await post(
        {
          ...NO_WIN,
          consultationMinutes: "half an hour",
          contingencyMaxPercent: "",
          hourly: "true",
          hourlyMinAmount: "150",
          hourlyMaxAmount: "100",
          hourlyCurrency: "pounds",
        },
        a.cookie,
      ),
    );
    expect(typos.status).toBe(400);
    expect(typos.data.fieldErrors).toEqual({
      consultationMinutes: "Enter a whole number of minutes from 5 to 240.",
      contingencyMaxPercent: "Enter a percentage above 0 and at most 100.",
      hourlyMaxAmount: "The upper end must not be below the lower end.",
      hourlyCurrency: "Enter a currency as its three-letter ISO code, e.g. EUR or USD.",
    });
  });

  it("saves valid terms ('Your fees have been saved'); the profile's JSON shows them", async () => {
    const a = await account("CA");
    const ok = result(
      await post(
        {
          ...NO_WIN,
          contingencyMaxPercent: "33",
          fixed: "true",
          fixedMinAmount: "1500",
          fixedMaxAmount: "3000",
          fixedCurrency: "cad",
          legalAid: "true",
        },
        a.cookie,
      ),
    );
    expect(ok.status).toBe(200);
    expect(translateMessage(getT("en"), ok.data.message)).toBe("Your fees have been saved");
    const lawyer = await services.directory.getLawyer(a.lawyerId as number);
    expect(lawyer?.fees).toEqual({
      freeConsultation: true,
      consultationMinutes: 30,
      models: [
        {
          kind: "contingency",
          minPercent: 20,
          maxPercent: 33,
          minAmount: null,
          maxAmount: null,
          currency: null,
        },
        {
          kind: "fixed",
          minPercent: null,
          maxPercent: null,
          minAmount: 1500,
          maxAmount: 3000,
          currency: "CAD",
        },
        {
          kind: "legalAid",
          minPercent: null,
          maxPercent: null,
          minAmount: null,
          maxAmount: null,
          currency: null,
        },
      ],
    });
    // An unticked model's numbers are ignored: unticking removes it.
    result(await post({ contingencyMinPercent: "20", contingencyMaxPercent: "33" }, a.cookie));
    expect((await services.directory.getLawyer(a.lawyerId as number))?.fees.models).toEqual([]);
  });

  it("without JavaScript comes back to the dashboard with a notice", async () => {
    const a = await account("FR");
    const failed = (await post(NO_WIN, a.cookie, {
      document: true,
      path: "/de/dashboard/listing",
    })) as Response;
    expect(failed.headers.get("Location")).toBe("/de/dashboard?listing=failed#my-listing");
    const saved = (await post({ legalAid: "true" }, a.cookie, { document: true })) as Response;
    expect(saved.headers.get("Location")).toBe("/dashboard?listing=updated#my-listing");
  });

  it("role matrix: anonymous goes to sign in, a client is refused, a lawyer without a listing gets 404", async () => {
    const anonymous = (await post(NO_WIN)) as Response;
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    const client = await account(null, "user");
    expect(result(await post(NO_WIN, client.cookie)).status).toBe(403);
    const unlinked = await account(null);
    const none = result(await post(NO_WIN, unlinked.cookie));
    expect(none.status).toBe(404);
    expect(none.data.message).toBe(LISTING_MESSAGES.noListing);
  });
});
