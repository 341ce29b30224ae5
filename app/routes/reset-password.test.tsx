/**
 * The /reset-password page opened from an emailed link (issue 3 "Password reset"; QA of issue 3):
 * its loader asks the real accounts service over a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) whether the link can still be used, and the page then shows the new-password
 * form only for a usable link; a used, expired, unknown or missing one shows the invalid-link
 * message with "Request a new link" at once, before anything is typed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import { createRoutesStub, RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES } from "../../lib/account.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { passwordResetTokens } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { hashToken, newToken } from "../../server/security/tokens.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { servicesContext } from "../context.ts";
import ResetPassword, { loader } from "./reset-password.tsx";

const ORIGIN = "http://lexatlas.test";
const meta = { ip: "203.0.113.9", origin: ORIGIN };

type LoaderData = Awaited<ReturnType<typeof loader>>;

/** The reset page inside Mantine, as the root renders it. */
function Page() {
  return (
    <MantineProvider>
      <ResetPassword />
    </MantineProvider>
  );
}

/** Server-renders the reset page with `data` as its loader data, as a first visit shows it. */
function renderPage(data: LoaderData): string {
  const Stub = createRoutesStub([
    { id: "reset", path: "/reset-password", Component: Page, loader: () => data },
  ]);
  return renderToString(
    <Stub initialEntries={["/reset-password"]} hydrationData={{ loaderData: { reset: data } }} />,
  )
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'");
}

describe(`/reset-password loader (${TEST_ENGINE})`, () => {
  let database: Database;
  let services: Services;
  let dataDir: string;
  let userId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-reset-page-"));
    services = createServices({
      clock: systemClock,
      db: database.db,
      config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
      logger: createLogger("silent"),
    });
    const session = await services.accounts.signUp(
      {
        email: "reset-page@example.org",
        password: "correct horse 42",
        firstName: "Ada",
        lastName: "L",
        role: "user",
      },
      meta,
    );
    userId = session.user.id;
  });
  afterAll(async () => {
    await services?.mailer.close();
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Stores a reset link as the forgot-password flow does (SHA-256 of a fresh secret); answers the secret. */
  async function storeLink(expiresInMs: number): Promise<string> {
    const token = newToken();
    await database.db
      .insert(passwordResetTokens)
      .values({ userId, token: hashToken(token), expiresAt: new Date(Date.now() + expiresInMs) });
    return token;
  }

  /** Runs the loader for `/reset-password{search}` as React Router does. */
  async function load(search: string): Promise<LoaderData> {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    rememberClientIp(context, meta.ip);
    return loader({
      request: new Request(`${ORIGIN}/reset-password${search}`),
      context,
      params: {},
    } as never);
  }

  it("a fresh link shows the form, and opening it does not use it up", async () => {
    const token = await storeLink(60 * 60 * 1000);
    const data = await load(`?token=${token}`);
    expect(data).toEqual({ token, usable: true, minLength: 10 });
    const html = renderPage(data);
    expect(html).toContain("Choose a new password");
    expect(html).toContain("Set new password");
    expect(html).not.toContain(ACCOUNT_MESSAGES.resetInvalid);
    expect(await load(`?token=${token}`)).toEqual({ token, usable: true, minLength: 10 });
  });

  it("a used link shows the invalid-link message and a link to a new one at once, with no form", async () => {
    const token = await storeLink(60 * 60 * 1000);
    await services.accounts.resetPassword({ token, newPassword: "a brand new passphrase" }, meta);
    const data = await load(`?token=${token}`);
    expect(data).toEqual({ token, usable: false, minLength: 10 });
    const html = renderPage(data);
    expect(html).toContain(ACCOUNT_MESSAGES.resetInvalid);
    expect(html).toContain("Request a new link");
    expect(html).toContain('href="/forgot-password"');
    expect(html).not.toContain('name="newPassword"');
    expect(html).not.toContain("Set new password");
  });

  it("an expired, unknown, malformed or missing token is not usable", async () => {
    const expired = await storeLink(-1000);
    expect(await load(`?token=${expired}`)).toEqual({ token: expired, usable: false, minLength: 10 });
    const unknown = newToken();
    expect(await load(`?token=${unknown}`)).toEqual({ token: unknown, usable: false, minLength: 10 });
    expect(await load("?token=x")).toEqual({ token: "x", usable: false, minLength: 10 });
    expect(await load("?token=")).toEqual({ token: "", usable: false, minLength: 10 });
    expect(await load("")).toEqual({ token: "", usable: false, minLength: 10 });
    expect(renderPage(await load(`?token=${expired}`))).toContain(ACCOUNT_MESSAGES.resetInvalid);
  });
});
