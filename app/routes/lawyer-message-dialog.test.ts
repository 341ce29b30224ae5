/**
 * The Send Message dialog posts to the lawyer route's action, the in-page form's (issue 30: one
 * path instead of a second one to /api): with `?dialog=1` the action answers the dialog's fetcher
 * with data (sent, or the errors per field with what was typed), never the in-page form's
 * redirect, with the real services over a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL).
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { customerMessages } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { insertTestListing } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { servicesContext } from "../context.ts";
import { messageDialogAction } from "../features/messages/message-dialog.ts";
import { ensureLocale } from "../i18n/i18n.ts";
import { action } from "./lawyer.tsx";

let database: Database;
let services: Services;
let lawyerId: number;

beforeAll(async () => {
  await ensureLocale("de");
  database = await openTestDatabase();
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent" }),
    logger: createLogger("silent"),
  });
  lawyerId = await insertTestListing(database, "dialog.lawyer@example.org", { name: "Ana Dialog" });
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
});

/** Posts the dialog's fields to `prefix` + the dialog's action from `ip`, as React Router calls the action. */
async function postFromDialog(fields: Record<string, string>, ip: string, prefix = "") {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  rememberClientIp(context, ip);
  const body = new URLSearchParams({
    intent: "message",
    name: "Omar",
    email: "omar@example.test",
    ...fields,
  });
  const request = new Request(`http://localhost:5173${prefix}${messageDialogAction(lawyerId)}`, {
    method: "POST",
    body,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the route's generated args type
  const answer = await action({ params: { id: String(lawyerId) }, request, context } as any);
  expect(answer, "the dialog's fetcher gets data, not a redirect").not.toBeInstanceOf(Response);
  const d = answer as { data: Record<string, unknown>; init: { status?: number } | null };
  return { data: d.data, status: d.init?.status ?? 200 };
}

describe(`the Send Message dialog through the lawyer route's action (${TEST_ENGINE})`, () => {
  it("stores the message for the lawyer's inbox and answers sent", async () => {
    const answer = await postFromDialog(
      { subject: "From the dialog", message: "Can you help?" },
      "198.51.100.70",
    );
    expect(answer).toEqual({ data: { intent: "message", sent: true }, status: 200 });
    const rows = await database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.lawyerId, lawyerId));
    expect(rows.map((r) => [r.subject, r.message, r.isRead])).toContainEqual([
      "From the dialog",
      "Can you help?",
      false,
    ]);
  });

  it("answers a refused post with each field's error and the page's language, and stores nothing", async () => {
    const answer = await postFromDialog({ subject: "", message: "Kept" }, "198.51.100.71", "/de");
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      intent: "message",
      message: "Bitte prüfen Sie die markierten Felder.",
      values: { subject: "", message: "Kept" },
    });
    expect(Object.keys(answer.data.fieldErrors as object)).toEqual(["subject"]);
    const rows = await database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.message, "Kept"));
    expect(rows).toEqual([]);
  });
});
