/**
 * The profile's in-page forms without JavaScript (issue 13 §4; spec §5 "Case form", §9): the
 * lawyer route's action and loader called as React Router calls them, with the real services over
 * a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL) and documents under a temporary
 * DATA_DIR. Submit Case: a multipart post with a real PDF is stored with its document and
 * redirects to the success view, whose summary comes from the flash cookie; a missing field, a
 * refused document (type from the content, over 10 MB, an 11th file) answer their errors with
 * everything typed kept and store nothing; the 'case-ip' limit answers 429 with Retry-After.
 * Send Message: stored for the inbox and redirected, or the field errors with the text kept.
 */

import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { CASE_FIELD_MESSAGES as CASE_FIELD_MESSAGES_REFERENCE } from "../../lib/cases.ts";
import { MESSAGE_FIELD_MESSAGES as MESSAGE_FIELD_MESSAGES_REFERENCE } from "../../lib/messages.ts";
import { systemClock } from "../../server/clock.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { caseDocuments, cases, customerMessages, users } from "../../server/db/schema.ts";
import { createLogger } from "../../server/logger.ts";
import { createServices, rememberClientIp, type Services } from "../../server/services.ts";
import { insertTestListing } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { englishTable } from "../../tests/support/english.ts";
import { servicesContext } from "../context.ts";
import { CASE_FLASH_COOKIE } from "../features/cases/case-flash.ts";
import type { CaseFormFailure } from "../features/cases/case-page-action.server.ts";
import type { MessageFormFailure } from "../features/messages/message-page-action.server.ts";
import { ensureLocale } from "../i18n/i18n.ts";
import { action, loader } from "./lawyer.tsx";

/** The messages as an English reader gets them (the API without Accept-Language, an English page). */
const MESSAGE_FIELD_MESSAGES = englishTable(MESSAGE_FIELD_MESSAGES_REFERENCE);
const CASE_FIELD_MESSAGES = englishTable(CASE_FIELD_MESSAGES_REFERENCE);

const ORIGIN = "http://localhost:5173";
let database: Database;
let services: Services;
let dataDir: string;
let lawyerId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "lexatlas-forms-"));
  services = createServices({
    clock: systemClock,
    db: database.db,
    config: loadConfig({ LOG_LEVEL: "silent", DATA_DIR: dataDir }),
    logger: createLogger("silent"),
  });
  lawyerId = await insertTestListing(database, "forms.lawyer@example.org", { name: "Ana Forms" });
});
afterAll(async () => {
  await services?.mailer.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The router context of one page request from `ip`, as server/app.ts makes it. */
function contextFor(ip: string) {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  rememberClientIp(context, ip);
  return context;
}

/** Posts `body` to /lawyer/{id}{search} from `ip` through the route's action. */
async function post(
  body: FormData | URLSearchParams,
  ip: string,
  search = "?form=case",
  id = lawyerId,
  headers: HeadersInit = {},
) {
  const request = new Request(`${ORIGIN}/lawyer/${id}${search}`, { method: "POST", body, headers });
  // biome-ignore lint/suspicious/noExplicitAny: the action's generated argument type
  return action({ params: { id: String(id) }, request, context: contextFor(ip) } as any);
}

/** The data and status of an action's `data(...)` answer (fails on a redirect). */
function failureOf<T>(answer: unknown): { data: T; status: number; headers: Headers } {
  expect(answer).not.toBeInstanceOf(Response);
  const d = answer as { data: T; init: { status: number; headers?: HeadersInit } };
  return { data: d.data, status: d.init.status, headers: new Headers(d.init.headers) };
}

/** A minimal valid one-page PDF (the intake reads the type from the content). */
function pdf(): Uint8Array<ArrayBuffer> {
  const text =
    "%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n";
  return new TextEncoder().encode(text);
}

/** A complete case form (multipart) with `documents`; `omit` leaves fields out. */
function caseForm(documents: File[], omit: string[] = []): FormData {
  const form = new FormData();
  const fields: Record<string, string> = {
    intent: "case",
    caseTitle: "Fell on a wet floor",
    caseType: "Slip and Fall",
    description: "No sign was there.\nMy wrist is broken.",
    priority: "high",
    dateNeeded: "",
    clientName: "Nadia NoScript",
    clientEmail: "nadia@example.test",
    clientPhone: "+44 20 7946 0000",
    preferredCommunication: "phone",
    budget: "Contingency Fee Only",
    // Issue 17: the conflict-check facts and the ticked consent checkbox.
    otherParty: "Mart & Co",
    incidentPlace: "Leeds, UK",
    incidentDate: "2025-03-14",
    healthDataConsent: "true",
  };
  for (const [key, value] of Object.entries(fields)) if (!omit.includes(key)) form.append(key, value);
  for (const file of documents) form.append("documents", file, file.name);
  // A browser's empty file input is sent as a part without a name; the intake skips it.
  if (documents.length === 0) form.append("documents", new File([], ""), "");
  return form;
}

async function caseCount(): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(cases).where(eq(cases.lawyerId, lawyerId));
  return row?.n ?? 0;
}

/** Files left in the uploads' temporary folder (a refused request must leave none). */
function tempFiles(): string[] {
  const uploads = path.join(dataDir, "uploads");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".part")) found.push(full);
    }
  };
  try {
    walk(uploads);
  } catch {
    // No uploads folder yet.
  }
  return found;
}

describe(`the profile's Submit Case form without JavaScript (${TEST_ENGINE})`, () => {
  it("stores a case with its PDF and redirects to the success view, whose summary the loader reads back", async () => {
    const before = await caseCount();
    const answer = await post(caseForm([new File([pdf()], "report.pdf")]), "198.51.100.1");
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/lawyer/${lawyerId}?form=case&sent=1#submit-case`);
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^${CASE_FLASH_COOKIE}=`));
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("Path=/lawyer");
    expect(await caseCount()).toBe(before + 1);
    const [stored] = await database.db
      .select({ id: cases.id, title: cases.caseTitle, budget: cases.budget })
      .from(cases)
      .where(eq(cases.clientEmail, "nadia@example.test"));
    expect(stored).toMatchObject({ title: "Fell on a wet floor", budget: "Contingency Fee Only" });
    const docs = await database.db
      .select()
      .from(caseDocuments)
      .where(eq(caseDocuments.caseId, stored?.id ?? ""));
    expect(docs.map((d) => [d.fileName, d.fileType])).toEqual([["report.pdf", "pdf"]]);
    expect(tempFiles()).toEqual([]);

    // The success view: the summary from the cookie (only for this listing, only with sent=1).
    const flash = cookie.split(";")[0] as string;
    const view = async (search: string, id = lawyerId) => {
      const request = new Request(`${ORIGIN}/lawyer/${id}${search}`, { headers: { Cookie: flash } });
      // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type
      return loader({ params: { id: String(id) }, request, context: contextFor("198.51.100.1") } as any);
    };
    const success = await view("?form=case&sent=1");
    expect(success.form).toBe("case");
    expect(success.caseSent).toMatchObject({
      lawyerId,
      lawyerName: "Ana Forms",
      caseTitle: "Fell on a wet floor",
      caseType: "Slip and Fall",
      priority: "high",
      status: "pending",
      documentCount: 1,
      caseUrl: null,
      clientEmail: "nadia@example.test",
    });
    expect((await view("?form=case")).caseSent).toBeNull();
    const other = await insertTestListing(database, "forms.other@example.org");
    expect((await view("?form=case&sent=1", other)).caseSent).toBeNull();
  });

  it("a missing title comes back next to its field with everything typed kept, and nothing is stored", async () => {
    const before = await caseCount();
    const answer = await post(caseForm([new File([pdf()], "report.pdf")], ["caseTitle"]), "198.51.100.2");
    const { data, status } = failureOf<CaseFormFailure>(answer);
    expect(status).toBe(400);
    expect(data.intent).toBe("case");
    expect(data.fieldErrors).toEqual({ caseTitle: CASE_FIELD_MESSAGES.caseTitle });
    expect(data.values).toMatchObject({
      caseTitle: "",
      // multipart/form-data sends line breaks as CRLF (as browsers do); the textarea shows them as typed.
      description: "No sign was there.\r\nMy wrist is broken.",
      priority: "high",
      clientEmail: "nadia@example.test",
      preferredCommunication: "phone",
      budget: "Contingency Fee Only",
    });
    expect(data.filesLost).toBe(true);
    expect(await caseCount()).toBe(before);
    expect(tempFiles()).toEqual([]);
  });

  it("issue 17 §1: without the consent box the case is not sent; the error is next to it, everything typed kept", async () => {
    const before = await caseCount();
    const answer = await post(caseForm([], ["healthDataConsent"]), "198.51.100.9");
    const { data, status } = failureOf<CaseFormFailure>(answer);
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({ healthDataConsent: CASE_FIELD_MESSAGES.healthDataConsent });
    expect(data.values).toMatchObject({
      caseTitle: "Fell on a wet floor",
      otherParty: "Mart & Co",
      incidentPlace: "Leeds, UK",
      incidentDate: "2025-03-14",
      healthDataConsent: "",
    });
    expect(await caseCount()).toBe(before);
  });

  it("every field error at once, and no note about files when none were chosen", async () => {
    const answer = await post(caseForm([], ["caseTitle", "caseType", "clientPhone"]), "198.51.100.3");
    const { data, status } = failureOf<CaseFormFailure>(answer);
    expect(status).toBe(400);
    expect(Object.keys(data.fieldErrors).sort()).toEqual(["caseTitle", "caseType", "clientPhone"]);
    expect(data.filesLost).toBe(false);
  });

  it("refuses a program renamed to .pdf (type from the content), naming it, with the answers kept", async () => {
    const before = await caseCount();
    const program = new Uint8Array(600);
    program.set([0x4d, 0x5a, 0x90, 0x00]);
    const answer = await post(caseForm([new File([program], "evidence.pdf")]), "198.51.100.4");
    const { data, status } = failureOf<CaseFormFailure>(answer);
    expect(status).toBe(422);
    expect(data.documentErrors).toHaveLength(1);
    expect(data.documentErrors[0]).toContain("evidence.pdf");
    expect(data.documentErrors[0]).toContain("not an accepted document");
    expect(data.fieldErrors).toEqual({});
    expect(data.values.caseTitle).toBe("Fell on a wet floor");
    expect(data.filesLost).toBe(true);
    expect(await caseCount()).toBe(before);
    expect(tempFiles()).toEqual([]);
  });

  it("refuses a document over 10 MB and an 11th document, with clear messages", async () => {
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pdf());
    const tooBig = failureOf<CaseFormFailure>(
      await post(caseForm([new File([big], "scan.pdf")]), "198.51.100.5"),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.data.documentErrors[0]).toContain("“scan.pdf” is larger than 10 MB");
    const eleven = Array.from({ length: 11 }, (_, i) => new File([pdf()], `page-${i + 1}.pdf`));
    const tooMany = failureOf<CaseFormFailure>(await post(caseForm(eleven), "198.51.100.6"));
    expect(tooMany.status).toBe(413);
    expect(tooMany.data.documentErrors[0]).toBe("Attach at most 10 documents to one case.");
    expect(tooMany.data.values.clientName).toBe("Nadia NoScript");
    expect(tempFiles()).toEqual([]);
  });

  it("is limited per IP like POST /api/cases ('case-ip', 10 an hour): 429 with Retry-After", async () => {
    const form = () => new URLSearchParams({ intent: "case", caseTitle: "x" });
    for (let i = 0; i < 10; i++) {
      expect(failureOf<CaseFormFailure>(await post(form(), "198.51.100.7")).status).toBe(400);
    }
    const limited = failureOf<CaseFormFailure>(await post(form(), "198.51.100.7"));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(limited.data.message).toMatch(/Please try again in \d+ (minute|minutes|hour)\./);
  });
});

describe(`the profile's Send Message form without JavaScript (${TEST_ENGINE})`, () => {
  const message = (fields: Record<string, string>) =>
    new URLSearchParams({ intent: "message", name: "Omar", email: "omar@example.test", ...fields });

  it("stores the message for the lawyer's inbox and redirects to the success view", async () => {
    const answer = await post(
      message({ subject: "Wet floor", message: "Can you help?\nThanks." }),
      "198.51.100.20",
      "?form=message",
    );
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect((answer as Response).headers.get("Location")).toBe(
      `/lawyer/${lawyerId}?form=message&sent=1#send-message`,
    );
    const rows = await database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.lawyerId, lawyerId));
    expect(rows.map((r) => [r.subject, r.message, r.isRead])).toContainEqual([
      "Wet floor",
      "Can you help?\nThanks.",
      false,
    ]);
  });

  it("reads a local number in the lawyer's country when the browser names no region (issue 28 §4)", async () => {
    const dubai = await insertTestListing(database, "forms.dubai@example.org", {
      name: "Layla Forms",
      country: "United Arab Emirates",
      countryCode: "AE",
      city: "Dubai",
      location: "Dubai, United Arab Emirates",
    });
    const answer = await post(
      message({ subject: "حادث", message: "اتصل بي", phone: "٠٥٠ ١٢٣ ٤٥٦٧" }),
      "198.51.100.23",
      "?form=message",
      dubai,
      { "Accept-Language": "ar" },
    );
    expect((answer as Response).status).toBe(303);
    const [row] = await database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.lawyerId, dubai));
    expect(row?.customerPhone).toBe("+971501234567");
  });

  it("answers the field errors with everything typed kept", async () => {
    const answer = await post(
      message({ subject: "", message: "Kept text" }),
      "198.51.100.21",
      "?form=message",
    );
    const { data, status } = failureOf<MessageFormFailure>(answer);
    expect(status).toBe(400);
    expect(data.intent).toBe("message");
    expect(data.fieldErrors).toEqual({ subject: MESSAGE_FIELD_MESSAGES.subject });
    expect(data.values).toEqual({
      name: "Omar",
      email: "omar@example.test",
      phone: "",
      subject: "",
      message: "Kept text",
    });
  });

  it("answers 404 for an unknown listing and 400 for a post that is neither form", async () => {
    const unknown = await post(message({ subject: "s", message: "m" }), "198.51.100.22", "", 2_000_000_000);
    expect(failureOf<MessageFormFailure>(unknown).status).toBe(404);
    await expect(post(new URLSearchParams({ intent: "other" }), "198.51.100.22")).rejects.toMatchObject({
      init: { status: 400 },
    });
  });
});

describe(`who may send the profile's forms: the authorisation matrix (${TEST_ENGINE})`, () => {
  // The roles of the product (spec §3 "User.role"): a visitor, a client, the listing's own lawyer
  // and another lawyer. There is no staff role yet. The rules are those of POST /api/cases and
  // POST /api/lawyers/{id}/messages, through the same services: anyone may send a case or a
  // message, except a case to one's own listing (403); a client's case is linked to the account.
  const sessions: Record<"client" | "ownLawyer" | "otherLawyer", { cookie: string; userId: string }> = {
    client: { cookie: "", userId: "" },
    ownLawyer: { cookie: "", userId: "" },
    otherLawyer: { cookie: "", userId: "" },
  };
  let matrixListing: number;

  beforeAll(async () => {
    matrixListing = await insertTestListing(database, "matrix.own@example.org", { name: "Mia Matrix" });
    const otherListing = await insertTestListing(database, "matrix.other@example.org");
    const meta = { ip: "198.51.100.40", origin: ORIGIN };
    const accounts = [
      ["client", "user", null],
      ["ownLawyer", "lawyer", matrixListing],
      ["otherLawyer", "lawyer", otherListing],
    ] as const;
    for (const [name, role, listing] of accounts) {
      const issued = await services.accounts.signUp(
        {
          firstName: "Matrix",
          lastName: name,
          email: `matrix.${name.toLowerCase()}@example.test`,
          password: "correct horse 42",
          role,
        },
        meta,
      );
      if (listing !== null)
        await database.db.update(users).set({ lawyerId: listing }).where(eq(users.id, issued.user.id));
      sessions[name] = { cookie: `${SESSION_COOKIE}=${issued.token}`, userId: issued.user.id };
    }
  });

  const viewers = [
    ["a visitor", null],
    ["a client", "client"],
    ["the listing's own lawyer", "ownLawyer"],
    ["another lawyer", "otherLawyer"],
  ] as const;

  it.each(viewers)("Submit Case by %s", async (_who, viewer) => {
    const title = `Matrix case by ${viewer ?? "visitor"}`;
    const form = caseForm([new File([pdf()], "m.pdf", { type: "application/pdf" })], ["caseTitle"]);
    form.append("caseTitle", title);
    const headers: HeadersInit = viewer ? { Cookie: sessions[viewer].cookie } : {};
    const answer = await post(
      form,
      `198.51.100.${41 + viewers.findIndex((v) => v[1] === viewer)}`,
      "?form=case",
      matrixListing,
      headers,
    );
    const stored = await database.db.select().from(cases).where(eq(cases.caseTitle, title));
    if (viewer === "ownLawyer") {
      const { status, data } = failureOf<CaseFormFailure>(answer);
      expect(status).toBe(403);
      expect(JSON.stringify(data)).toContain("You cannot submit a case to your own listing.");
      expect(stored).toHaveLength(0);
      return;
    }
    expect((answer as Response).status).toBe(303);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.userId).toBe(viewer === "client" ? sessions.client.userId : null);
  });

  it.each(viewers)("Send Message by %s", async (_who, viewer) => {
    const subject = `Matrix message by ${viewer ?? "visitor"}`;
    const body = new URLSearchParams({
      intent: "message",
      name: "Mo Matrix",
      email: "mo@example.test",
      subject,
      message: "Hello.",
    });
    const headers: HeadersInit = viewer ? { Cookie: sessions[viewer].cookie } : {};
    const answer = await post(body, "198.51.100.45", "?form=message", matrixListing, headers);
    expect((answer as Response).status).toBe(303);
    const rows = await database.db
      .select()
      .from(customerMessages)
      .where(eq(customerMessages.subject, subject));
    expect(rows).toHaveLength(1);
  });
});

describe(`the profile's forms on a German page (issue 14 §1; ${TEST_ENGINE})`, () => {
  /** Posts `body` to /de/lawyer/{id}{search} from `ip` through the route's action. */
  async function postDe(body: FormData | URLSearchParams, ip: string, search = "?form=case") {
    await ensureLocale("de");
    const request = new Request(`${ORIGIN}/de/lawyer/${lawyerId}${search}`, { method: "POST", body });
    // biome-ignore lint/suspicious/noExplicitAny: the action's generated argument type
    return action({ params: { id: String(lawyerId), lang: "de" }, request, context: contextFor(ip) } as any);
  }

  it("a case sent from /de/lawyer/{id} lands on the German success view, with the flash cookie for /de/lawyer", async () => {
    const answer = await postDe(caseForm([]), "198.51.100.60");
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(`/de/lawyer/${lawyerId}?form=case&sent=1#submit-case`);
    expect(response.headers.get("Set-Cookie")).toContain("Path=/de/lawyer;");
  });

  it("the rate limit's wait is written in German", async () => {
    const form = () => new URLSearchParams({ intent: "case", caseTitle: "x" });
    for (let i = 0; i < 10; i++) {
      const refused = failureOf<CaseFormFailure>(await postDe(form(), "198.51.100.61"));
      expect(refused.status).toBe(400);
      // The page's action answers in the page's language (app/i18n/messages.ts translateResult).
      expect(refused.data.message).toBe("Bitte prüfen Sie die markierten Felder.");
    }
    const limited = failureOf<CaseFormFailure>(await postDe(form(), "198.51.100.61"));
    expect(limited.status).toBe(429);
    expect(limited.data.message).toMatch(/Bitte versuchen Sie es in \d+ (Minute|Minuten|Stunde) erneut\.$/);
  });
});
