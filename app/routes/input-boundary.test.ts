/**
 * The input boundary of the page forms (issue 27 §2 "One input boundary", §3) through the actions
 * as React Router calls them, with the real services over a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL).
 *
 * The attack's finding: NUL in the bar-admission form of /dashboard/verification (regulator or
 * licence number) reached PostgreSQL (SQLSTATE 22021) and answered 500. Now the form answers 400
 * with the error next to the field in the page's language, what was typed kept, nothing written.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { lawyers, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { TEST_PASSWORD } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { databaseFingerprint } from "../../tests/support/db-fingerprint.ts";
import { routeOutcome } from "../../tests/support/page-routes.ts";
import { servicesContext } from "../context.ts";
import { ensureLocale, getT } from "../i18n/i18n.ts";
import { action as verificationAction } from "./dashboard.verification.tsx";

const ORIGIN = "http://localhost";
let database: Database;
let services: Services;
let dataDir: string;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-input-boundary-"));
  services = createServices({
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
  });
  await ensureLocale("fr");
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

let counter = 0;
function context(): RouterContextProvider {
  const ctx = new RouterContextProvider();
  ctx.set(servicesContext, services);
  counter += 1;
  rememberClientIp(ctx, `203.0.113.${counter % 250}`);
  return ctx;
}

/** A url-encoded form post to `pathname` with the session of `token`. */
function post(pathname: string, fields: Record<string, string>, token: string): Request {
  return new Request(`${ORIGIN}${pathname}`, {
    method: "POST",
    headers: { Origin: ORIGIN, Cookie: `${SESSION_COOKIE}=${token}` },
    body: new URLSearchParams(fields),
  });
}

/** A lawyer account with a listing of its own. */
async function lawyerWithListing() {
  counter += 1;
  const email = `input-boundary.${counter}@example.org`;
  const session = await services.accounts.signUp(
    { email, password: TEST_PASSWORD, firstName: "Ana", lastName: "Lima", role: "lawyer" },
    { ip: `198.51.100.${counter % 250}`, origin: ORIGIN },
  );
  const [row] = await database.db
    .insert(lawyers)
    .values({
      name: `Ana Lima ${counter}`,
      email,
      location: "Sacramento, California",
      country: "United States",
      countryCode: "US",
      state: "California",
      city: "Sacramento",
    })
    .returning({ id: lawyers.id });
  await database.db
    .update(users)
    .set({ lawyerId: row?.id ?? null })
    .where(eq(users.email, email));
  return { token: session.token };
}

/** The failure a form answers: its field errors and the values it keeps. */
type Failure = { fieldErrors: Record<string, string>; values: Record<string, string> };

describe(`the bar-admission form refuses NUL (${TEST_ENGINE})`, () => {
  const admission = {
    intent: "admission",
    formKey: "admission-new",
    countryCode: "us",
    region: "California",
    regulator: "State Bar of California",
    licenceNumber: "301234",
    yearAdmitted: "2012",
  };

  for (const field of ["regulator", "licenceNumber"] as const) {
    it(`NUL in ${field}: 400, the error next to the field in French, what was typed kept, nothing written`, async () => {
      const owner = await lawyerWithListing();
      const typed = { ...admission, [field]: `${admission[field]}\u0000x` };
      const before = await databaseFingerprint(database.db);
      const answer = await routeOutcome(() =>
        verificationAction({
          request: post("/fr/dashboard/verification", typed, owner.token),
          context: context(),
          params: { lang: "fr" },
        } as never),
      );
      expect(answer.status, JSON.stringify(answer.data)).toBe(400);
      const failure = answer.data as Failure;
      expect(failure.fieldErrors[field]).toBe(getT("fr", "validation")("invalidCharacters"));
      expect(failure.values).toMatchObject(typed);
      expect(await databaseFingerprint(database.db)).toEqual(before);
    });
  }
});
