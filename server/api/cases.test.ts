/**
 * /api/cases against the real server and database (issue 4 "Tests" and "Safety"): submission as
 * JSON and as multipart with documents, every bad input of the issue (missing and over-long
 * fields, an invalid email, a 50 MB file, an executable renamed to .pdf, 11 files, an unknown
 * lawyer, a malformed id), tracking tokens, status changes, the thread, downloads, the emails
 * (captured by a real SMTP server), and the authorisation matrix.
 */

import { existsSync, readdirSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { CASE_FIELD_MESSAGES as CASE_FIELD_MESSAGES_REFERENCE } from "../../lib/cases.ts";
import { type S3StandIn, startS3StandIn } from "../../tests/doubles/s3-stand-in.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { firstField, insertTestListing, testApi } from "../../tests/support/api.ts";
import {
  caseForm,
  casePayload,
  cfb,
  DOCX,
  EXE,
  JPEG,
  PDF,
  PNG,
  ZIP,
} from "../../tests/support/case-fixtures.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { englishTable } from "../../tests/support/english.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { CASE_UPLOAD_MESSAGES as CASE_UPLOAD_MESSAGES_REFERENCE } from "../cases/intake.ts";
import type { Database } from "../db/client.ts";
import { caseDocuments, caseStatusEvents, cases, users } from "../db/schema.ts";
import { attachmentDisposition } from "./cases.ts";

/** The messages as an English reader gets them (the API without Accept-Language, an English page). */
const CASE_FIELD_MESSAGES = englishTable(CASE_FIELD_MESSAGES_REFERENCE);
const CASE_UPLOAD_MESSAGES = englishTable(CASE_UPLOAD_MESSAGES_REFERENCE);

let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
const api = testApi(() => server, { emailPrefix: "cases" });
const { call, signUp, freshEmail } = api;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, { env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

/** A listing with a fresh email and a lawyer account linked to it. */
async function lawyerWithListing() {
  const email = freshEmail("lawyer");
  const lawyerId = await insertTestListing(database, email, { name: "Aaron Clarke" });
  const account = await signUp({ role: "lawyer", email });
  await database.db.update(users).set({ lawyerId, isVerified: true }).where(eq(users.id, account.user.id));
  return { ...account, lawyerId, listingEmail: email };
}

/** The tracking token from the client's submission email for case `id`. */
async function trackingTokenOf(clientEmail: string, id: string): Promise<string> {
  const mail = await smtp.waitFor(
    (m) => m.to.includes(clientEmail.toLowerCase()) && m.text.includes(`/cases/${id}?token=`),
  );
  const match = new RegExp(`/cases/${id}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  return match?.[1] as string;
}

/** Files under DATA_DIR/uploads (stored documents and temporary uploads). */
function uploadedFiles(): string[] {
  const root = path.join(server.dataDir, "uploads");
  if (!existsSync(root)) return [];
  const tmp = path.join(root, ".tmp");
  return [
    ...readdirSync(root).filter((f) => f !== ".tmp"),
    ...(existsSync(tmp) ? readdirSync(tmp).map((f) => `.tmp/${f}`) : []),
  ];
}

/**
 * Streams a multipart upload of one `documents` file of `bytes` bytes, chunked (no
 * Content-Length) unless `headers` says otherwise; answers the status, body and how many bytes
 * were written when the answer arrived.
 */
function streamUpload(
  lawyerId: number,
  bytes: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; sentAtAnswer: number }> {
  const url = new URL(`${server.baseUrl}/api/cases`);
  const boundary = "----lexatlas-test";
  const fields = Object.entries(casePayload(lawyerId))
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("");
  const head = Buffer.from(
    `${fields}--${boundary}\r\nContent-Disposition: form-data; name="documents"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  );
  return new Promise((resolve, reject) => {
    const req = http.request({
      hostname: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      agent: false,
      headers: {
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "X-Forwarded-For": api.freshIp(),
        ...(headers["Content-Length"] ? {} : { "Transfer-Encoding": "chunked" }),
        ...headers,
      },
    });
    const chunk = Buffer.alloc(64 * 1024);
    let sent = 0;
    let answered = false;
    req.write(head);
    const write = () => {
      while (sent < bytes && !answered) {
        sent += chunk.byteLength;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      if (!answered) req.end(`\r\n--${boundary}--\r\n`);
    };
    req.on("response", (res) => {
      answered = true;
      const sentAtAnswer = sent;
      let body = "";
      res.on("data", (d) => {
        body += d;
      });
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, body, sentAtAnswer });
        req.destroy();
      });
    });
    req.on("error", (e) => (answered ? undefined : reject(e)));
    write();
  });
}

describe(`POST /api/cases (${TEST_ENGINE})`, () => {
  it("stores a visitor's JSON case, answers the contract, emails a tracking link and the lawyer", async () => {
    const lawyer = await lawyerWithListing();
    const clientEmail = freshEmail("visitor");
    const r = await call("POST", "/api/cases", { body: casePayload(lawyer.lawyerId, { clientEmail }) });
    expect(r.status, r.text).toBe(201);
    expect(r.body.caseUrl).toBeNull();
    expect(r.body.case).toMatchObject({
      lawyerId: lawyer.lawyerId,
      lawyerName: "Aaron Clarke",
      caseTitle: "Rear-ended on Queen Street",
      caseType: "Car Accident",
      priority: "high",
      status: "pending",
      documents: [],
    });
    const id = r.body.case.id as string;
    const [row] = await database.db.select().from(cases).where(eq(cases.id, id));
    expect(row?.userId).toBeNull();
    expect(row?.trackingTokenHash).toMatch(/^[0-9a-f]{64}$/);
    const events = await database.db.select().from(caseStatusEvents).where(eq(caseStatusEvents.caseId, id));
    expect(events.map((e) => e.status)).toEqual(["pending"]);

    const token = await trackingTokenOf(clientEmail, id);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    expect(row?.trackingTokenHash).not.toContain(token);
    const notice = await smtp.waitFor((m) => m.to.includes(lawyer.listingEmail) && m.text.includes(id));
    expect(notice.subject).toBe("New case on LexAtlas: Car Accident");
    expect(notice.text).toContain(`${server.config.PUBLIC_URL ?? "http://"}`);
    expect(notice.text).not.toContain("?token=");

    const viaToken = await call("GET", `/api/cases/${id}`, { headers: { "X-Case-Token": token } });
    expect(viaToken.status).toBe(200);
    expect(viaToken.body.case).toMatchObject({ id, viewerRole: "client", clientEmail });
    expect(viaToken.headers.get("cache-control")).toBe("private, no-store");
  });

  it("stores a signed-in client's multipart case with a PDF, PNG, JPEG, DOCX and DOC; caseUrl is /cases/{id}", async () => {
    const lawyer = await lawyerWithListing();
    const client = await signUp({ role: "user" });
    const form = caseForm(casePayload(lawyer.lawyerId, { clientEmail: client.email }), [
      ["police report.pdf", PDF, "application/pdf"],
      ["photo.png", PNG, "image/png"],
      ["scan.JPEG", JPEG, "image/jpeg"],
      ["letter.docx", DOCX],
      ["old.doc", cfb()],
    ]);
    const r = await call("POST", "/api/cases", { form, token: client.token });
    expect(r.status, r.text).toBe(201);
    const id = r.body.case.id as string;
    expect(r.body.caseUrl).toBe(`/cases/${id}`);
    expect(
      (r.body.case.documents as { fileName: string; fileType: string; fileSize: number }[])
        .map((d) => [d.fileName, d.fileType, d.fileSize])
        .sort(),
    ).toEqual(
      [
        ["police report.pdf", "pdf", PDF.byteLength],
        ["photo.png", "png", PNG.byteLength],
        ["scan.JPEG", "jpg", JPEG.byteLength],
        ["letter.docx", "docx", DOCX.byteLength],
        ["old.doc", "doc", 4096],
      ].sort(),
    );
    // Stored under random names, outside the web root; no temporary file left.
    const stored = await database.db.select().from(caseDocuments).where(eq(caseDocuments.caseId, id));
    for (const doc of stored) expect(doc.fileUrl).toMatch(/^[0-9a-f]{32}$/);
    expect(uploadedFiles().filter((f) => f.startsWith(".tmp"))).toEqual([]);
    const list = await call("GET", "/api/cases", { token: client.token });
    expect(list.body.cases.map((c: { id: string }) => c.id)).toEqual([id]);
    const mail = await smtp.waitFor((m) => m.to.includes(client.email.toLowerCase()) && m.text.includes(id));
    expect(mail.text).not.toContain("?token=");
  });

  it("answers 400 naming the field for missing, over-long and invalid fields", async () => {
    const lawyer = await lawyerWithListing();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ caseTitle: undefined }, "caseTitle", CASE_FIELD_MESSAGES.caseTitle],
      [{ caseTitle: "x".repeat(256) }, "caseTitle", CASE_FIELD_MESSAGES.tooLong(255)],
      [{ description: "" }, "description", CASE_FIELD_MESSAGES.description],
      [{ clientEmail: "not-an-email" }, "clientEmail", CASE_FIELD_MESSAGES.clientEmail],
      [{ clientPhone: "call me" }, "clientPhone", CASE_FIELD_MESSAGES.clientPhone],
      [{ caseType: "Alien abduction" }, "caseType", CASE_FIELD_MESSAGES.caseType],
    ];
    for (const [over, field, message] of cases) {
      const json = await call("POST", "/api/cases", { body: casePayload(lawyer.lawyerId, over) });
      expect(json.status, field).toBe(400);
      expect(json.body).toEqual({ message, fieldErrors: { [field]: [message] } });
      const multi = await call("POST", "/api/cases", {
        form: caseForm(casePayload(lawyer.lawyerId, over), [["a.pdf", PDF]]),
      });
      expect(multi.status, field).toBe(400);
      expect(firstField(multi.body)).toBe(field);
    }
    const noLawyer = await call("POST", "/api/cases", {
      body: casePayload(lawyer.lawyerId, { lawyerId: undefined }),
    });
    expect(noLawyer.status).toBe(400);
    expect(firstField(noLawyer.body)).toBe("lawyerId");
    expect(uploadedFiles()).toEqual(uploadedFiles().filter((f) => !f.startsWith(".tmp")));
  });

  it("answers 404 for an unknown lawyer, 415 for other bodies, 400 for broken JSON or none", async () => {
    const before = uploadedFiles().length;
    const unknown = await call("POST", "/api/cases", {
      form: caseForm(casePayload(99_999_999), [["a.pdf", PDF]]),
    });
    expect(unknown.status).toBe(404);
    expect(firstField(unknown.body)).toBe("lawyerId");
    expect(uploadedFiles().length).toBe(before);
    const text = await call("POST", "/api/cases", { raw: new Blob(["hello"], { type: "text/plain" }) });
    expect(text.status).toBe(415);
    const broken = await call("POST", "/api/cases", { raw: "{not json" });
    expect(broken.status).toBe(400);
    // No body at all: the payload's required fields are named, nothing is stored.
    const empty = await call("POST", "/api/cases");
    expect(empty.status).toBe(400);
    expect(firstField(empty.body)).toBe("caseTitle");
  });

  it("refuses an executable renamed to .pdf, a PNG named .pdf, a ZIP named .docx, a non-Word OLE file and an empty file (422), storing nothing", async () => {
    const lawyer = await lawyerWithListing();
    const before = uploadedFiles().length;
    const bad: [string, Buffer][] = [
      ["invoice.pdf", EXE],
      ["photo.pdf", PNG],
      ["letter.docx", ZIP],
      ["sheet.doc", cfb(false)],
      ["script.sh", Buffer.from("#!/bin/sh\necho hi\n")],
      ["empty.pdf", Buffer.alloc(0)],
    ];
    for (const [name, bytes] of bad) {
      const r = await call("POST", "/api/cases", {
        form: caseForm(casePayload(lawyer.lawyerId), [
          ["ok.pdf", PDF],
          [name, bytes],
        ]),
      });
      expect(r.status, name).toBe(422);
      expect(firstField(r.body)).toBe("documents");
      expect(r.body.message).toContain(`“${name}”`);
    }
    expect(uploadedFiles().length).toBe(before);
    const count = await database.db.select().from(cases).where(eq(cases.lawyerId, lawyer.lawyerId));
    expect(count).toEqual([]);
  });

  it("refuses an 11th file with 413 and stores nothing", async () => {
    const lawyer = await lawyerWithListing();
    const before = uploadedFiles().length;
    const files: [string, Buffer][] = Array.from({ length: 11 }, (_, i) => [`doc${i}.pdf`, PDF]);
    const r = await call("POST", "/api/cases", { form: caseForm(casePayload(lawyer.lawyerId), files) });
    expect(r.status).toBe(413);
    expect(r.body).toEqual({
      message: CASE_UPLOAD_MESSAGES.tooMany,
      fieldErrors: { documents: [CASE_UPLOAD_MESSAGES.tooMany] },
    });
    expect(uploadedFiles().length).toBe(before);
    const ten = await call("POST", "/api/cases", {
      form: caseForm(casePayload(lawyer.lawyerId), files.slice(0, 10)),
    });
    expect(ten.status).toBe(201);
    expect(ten.body.case.documents).toHaveLength(10);
  });

  it("stops reading a 50 MB file at 10 MB: 413 before the body is sent, nothing stored", async () => {
    const lawyer = await lawyerWithListing();
    const before = uploadedFiles().length;
    const r = await streamUpload(lawyer.lawyerId, 50 * 1024 * 1024);
    expect(r.status).toBe(413);
    expect(JSON.parse(r.body)).toEqual({
      message: CASE_UPLOAD_MESSAGES.tooLarge("big.pdf"),
      fieldErrors: { documents: [CASE_UPLOAD_MESSAGES.tooLarge("big.pdf")] },
    });
    expect(r.sentAtAnswer).toBeLessThan(20 * 1024 * 1024);
    expect(uploadedFiles().length).toBe(before);
    // A declared length over ~101 MB is refused before reading anything.
    const declared = await streamUpload(lawyer.lawyerId, 1024, {
      "Content-Length": String(200 * 1024 * 1024),
    });
    expect(declared.status).toBe(413);
    expect(declared.sentAtAnswer).toBeLessThan(1024 * 1024);
  });

  it("refuses a lawyer account submitting to its own listing (403) but takes its case for another listing", async () => {
    const lawyer = await lawyerWithListing();
    const other = await lawyerWithListing();
    const own = await call("POST", "/api/cases", { body: casePayload(lawyer.lawyerId), token: lawyer.token });
    expect(own.status).toBe(403);
    const elsewhere = await call("POST", "/api/cases", {
      body: casePayload(other.lawyerId),
      token: lawyer.token,
    });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body.caseUrl).toBeNull();
  });

  it("limits submissions per IP: the 11th within an hour answers 429 with Retry-After", async () => {
    const lawyer = await lawyerWithListing();
    const ip = api.freshIp();
    for (let i = 0; i < 10; i++)
      expect((await call("POST", "/api/cases", { ip, body: casePayload(lawyer.lawyerId) })).status).toBe(201);
    const r = await call("POST", "/api/cases", { ip, body: casePayload(lawyer.lawyerId) });
    expect(r.status).toBe(429);
    expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

/** A case with one PDF by a signed-in client to a linked lawyer, plus a visitor case with its token. */
async function scenario() {
  const lawyer = await lawyerWithListing();
  const client = await signUp({ role: "user" });
  const r = await call("POST", "/api/cases", {
    token: client.token,
    form: caseForm(casePayload(lawyer.lawyerId, { clientEmail: client.email }), [["report é.pdf", PDF]]),
  });
  expect(r.status, r.text).toBe(201);
  const visitorEmail = freshEmail("visitor");
  const v = await call("POST", "/api/cases", {
    form: caseForm(casePayload(lawyer.lawyerId, { clientEmail: visitorEmail }), [["x.png", PNG]]),
  });
  expect(v.status, v.text).toBe(201);
  const token = await trackingTokenOf(visitorEmail, v.body.case.id);
  return {
    lawyer,
    client,
    caseId: r.body.case.id as string,
    docId: r.body.case.documents[0].id as string,
    visitorCaseId: v.body.case.id as string,
    visitorDocId: v.body.case.documents[0].id as string,
    visitorEmail,
    token,
  };
}

describe(`case status, thread and downloads (${TEST_ENGINE})`, () => {
  it("lets the lawyer move the status, records the timeline and emails the client; 403 to the client, 400 bad status", async () => {
    const s = await scenario();
    // Issue 17 §2: a pending case moves only through accept or decline.
    const early = await call("PATCH", `/api/cases/${s.caseId}/status`, {
      token: s.lawyer.token,
      body: { status: "reviewing" },
    });
    expect(early.status, early.text).toBe(409);
    const accepted = await call("POST", `/api/cases/${s.caseId}/accept`, {
      token: s.lawyer.token,
      body: { noConflict: true },
    });
    expect(accepted.status, accepted.text).toBe(200);
    const r = await call("POST", `/api/cases/${s.caseId}/status`, {
      token: s.lawyer.token,
      body: { status: "reviewing" },
    });
    expect(r.status, r.text).toBe(200);
    expect(r.body.case.status).toBe("reviewing");
    const p = await call("PATCH", `/api/cases/${s.caseId}/status`, {
      token: s.lawyer.token,
      body: { status: "engaged" },
    });
    expect(p.body.case.timeline.map((t: { status: string }) => t.status)).toEqual([
      "pending",
      "accepted",
      "reviewing",
      "engaged",
    ]);
    const mail = await smtp.waitFor(
      (m) => m.to.includes(s.client.email.toLowerCase()) && m.subject === "Your case is now: Engaged",
    );
    expect(mail.text).toContain(`/cases/${s.caseId}`);
    const same = await call("POST", `/api/cases/${s.caseId}/status`, {
      token: s.lawyer.token,
      body: { status: "engaged" },
    });
    expect(same.body.case.timeline).toHaveLength(4);
    const back = await call("POST", `/api/cases/${s.caseId}/status`, {
      token: s.lawyer.token,
      body: { status: "pending" },
    });
    expect(back.status).toBe(409);
    expect(
      (
        await call("POST", `/api/cases/${s.caseId}/status`, {
          token: s.client.token,
          body: { status: "closed" },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call("POST", `/api/cases/${s.visitorCaseId}/status`, {
          headers: { "X-Case-Token": s.token },
          body: { status: "closed" },
        })
      ).status,
    ).toBe(403);
    const bad = await call("POST", `/api/cases/${s.caseId}/status`, {
      token: s.lawyer.token,
      body: { status: "won" },
    });
    expect(bad.status).toBe(400);
    expect(firstField(bad.body)).toBe("status");
  });

  it("keeps a thread both parties write in and emails the other party, the message as typed", async () => {
    const s = await scenario();
    const fromLawyer = await call("POST", `/api/cases/${s.visitorCaseId}/messages`, {
      token: s.lawyer.token,
      body: { body: "Please send the police report.\nBcc: evil@example.org" },
    });
    expect(fromLawyer.status, fromLawyer.text).toBe(201);
    expect(fromLawyer.body.message.authorRole).toBe("lawyer");
    const toVisitor = await smtp.waitFor(
      (m) => m.to.includes(s.visitorEmail.toLowerCase()) && m.subject === "New message about your case",
    );
    expect(toVisitor.text).toContain("Please send the police report.\nBcc: evil@example.org");
    expect(toVisitor.headers.bcc).toBeUndefined();
    expect(toVisitor.html).toContain("Please send the police report.\nBcc: evil@example.org");
    const fromClient = await call("POST", `/api/cases/${s.visitorCaseId}/messages`, {
      headers: { "X-Case-Token": s.token },
      body: { body: "Attached it." },
    });
    expect(fromClient.status).toBe(201);
    await smtp.waitFor((m) => m.to.includes(s.lawyer.listingEmail) && m.text.includes("Attached it."));
    const thread = await call("GET", `/api/cases/${s.visitorCaseId}/messages`, { token: s.lawyer.token });
    expect(
      thread.body.messages.map((m: { authorRole: string; body: string }) => [m.authorRole, m.body]),
    ).toEqual([
      ["lawyer", "Please send the police report.\nBcc: evil@example.org"],
      ["client", "Attached it."],
    ]);
    for (const body of [{ body: "   " }, { body: "x".repeat(5001) }, {}]) {
      const r = await call("POST", `/api/cases/${s.caseId}/messages`, { token: s.client.token, body });
      expect(r.status).toBe(400);
    }
  });

  it("serves a document to its two parties as a nosniff attachment with an RFC 5987 name", async () => {
    const s = await scenario();
    // Issue 17 §2: the documents open to the lawyer once the case is accepted.
    const accepted = await call("POST", `/api/cases/${s.caseId}/accept`, {
      token: s.lawyer.token,
      body: { noConflict: true },
    });
    expect(accepted.status, accepted.text).toBe(200);
    for (const opts of [{ token: s.client.token }, { token: s.lawyer.token }]) {
      const res = await fetch(`${server.baseUrl}/api/cases/${s.caseId}/documents/${s.docId}`, {
        headers: { Authorization: `Bearer ${opts.token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      expect(res.headers.get("content-disposition")).toBe(
        `attachment; filename="report _.pdf"; filename*=UTF-8''report%20%C3%A9.pdf`,
      );
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
    }
    const viaToken = await fetch(
      `${server.baseUrl}/api/cases/${s.visitorCaseId}/documents/${s.visitorDocId}`,
      {
        headers: { "X-Case-Token": s.token },
      },
    );
    expect(viaToken.status).toBe(200);
    expect(viaToken.headers.get("content-type")).toBe("image/png");
    // The case page's links: the tracking cookie or the session cookie.
    const page = (cookie?: string) =>
      fetch(`${server.baseUrl}/cases/${s.visitorCaseId}/documents/${s.visitorDocId}`, {
        headers: cookie ? { Cookie: cookie } : {},
      });
    const byCookie = await page(`lexatlas_case_${s.visitorCaseId}=${s.token}`);
    expect(byCookie.status).toBe(200);
    expect(byCookie.headers.get("content-disposition")).toContain("attachment;");
    // Issue 17 §2: the lawyer gets the visitor's document only once the case is accepted.
    expect((await page(`${SESSION_COOKIE}=${s.lawyer.token}`)).status).toBe(404);
    const lawyerApi = () =>
      fetch(`${server.baseUrl}/api/cases/${s.visitorCaseId}/documents/${s.visitorDocId}`, {
        headers: { Authorization: `Bearer ${s.lawyer.token}` },
      });
    expect((await lawyerApi()).status).toBe(404);
    const accept = await call("POST", `/api/cases/${s.visitorCaseId}/accept`, {
      token: s.lawyer.token,
      body: { noConflict: true },
    });
    expect(accept.status, accept.text).toBe(200);
    expect((await page(`${SESSION_COOKIE}=${s.lawyer.token}`)).status).toBe(200);
    expect((await lawyerApi()).status).toBe(200);
    expect((await page()).status).toBe(404);
    expect((await page(`lexatlas_case_${s.visitorCaseId}=${"A".repeat(43)}`)).status).toBe(404);
    expect((await page(`lexatlas_case_${s.caseId}=${s.token}`)).status).toBe(404);
    // Issue 14 §1: the 404 through the one pipeline, in the reader's language, never cached.
    const de = await fetch(`${server.baseUrl}/cases/${s.visitorCaseId}/documents/${s.visitorDocId}`, {
      headers: { "Accept-Language": "de" },
    });
    expect(de.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await de.json()).toEqual({ message: "Dokument nicht gefunden." });
  });

  it("builds safe Content-Disposition values", () => {
    expect(attachmentDisposition('a"b\\c\r\nd.pdf')).toBe(
      `attachment; filename="a_b_c  d.pdf"; filename*=UTF-8''a%22b%5Cc%0D%0Ad.pdf`,
    );
  });
});

describe(`authorisation matrix (${TEST_ENGINE})`, () => {
  it("answers 404 to anyone but the two parties, for every route; a token opens only its own case", async () => {
    const s = await scenario();
    const otherClient = await signUp({ role: "user" });
    const otherLawyer = await lawyerWithListing();
    const unlinkedLawyer = await signUp({ role: "lawyer" });
    const other = await scenario();
    const strangers: [string, { token?: string; headers?: Record<string, string> }][] = [
      ["signed out", {}],
      ["another client", { token: otherClient.token }],
      ["another listing's lawyer", { token: otherLawyer.token }],
      ["a lawyer without listing", { token: unlinkedLawyer.token }],
      ["another case's token", { headers: { "X-Case-Token": other.token } }],
      [
        "an altered token",
        { headers: { "X-Case-Token": `${s.token.slice(0, -1)}${s.token.endsWith("A") ? "B" : "A"}` } },
      ],
    ];
    for (const [who, opts] of strangers) {
      for (const [id, doc] of [
        [s.caseId, s.docId],
        [s.visitorCaseId, s.visitorDocId],
      ] as const) {
        expect((await call("GET", `/api/cases/${id}`, opts)).status, who).toBe(404);
        expect((await call("GET", `/api/cases/${id}/messages`, opts)).status, who).toBe(404);
        expect(
          (await call("POST", `/api/cases/${id}/messages`, { ...opts, body: { body: "hi" } })).status,
          who,
        ).toBe(404);
        expect(
          (await call("POST", `/api/cases/${id}/status`, { ...opts, body: { status: "closed" } })).status,
          who,
        ).toBe(404);
        expect((await call("GET", `/api/cases/${id}/documents/${doc}`, opts)).status, who).toBe(404);
      }
    }
    // Lists show only one's own.
    expect((await call("GET", "/api/cases", { token: otherClient.token })).body.cases).toEqual([]);
    expect((await call("GET", "/api/cases", { token: unlinkedLawyer.token })).body.cases).toEqual([]);
    const otherLawyerList = (await call("GET", "/api/cases", { token: otherLawyer.token })).body.cases;
    expect(otherLawyerList).toEqual([]);
    const lawyerList = (await call("GET", "/api/cases", { token: s.lawyer.token })).body.cases.map(
      (c: { id: string }) => c.id,
    );
    expect(lawyerList).toEqual([s.visitorCaseId, s.caseId]);
    expect((await call("GET", "/api/cases")).status).toBe(401);
    // A party's document id under another case, or another case's document under one's own case: 404.
    expect(
      (await call("GET", `/api/cases/${s.caseId}/documents/${other.docId}`, { token: s.client.token }))
        .status,
    ).toBe(404);
    expect(
      (await call("GET", `/api/cases/${other.caseId}/documents/${s.docId}`, { token: s.client.token }))
        .status,
    ).toBe(404);
    // The visitor's token does not open the signed-in client's case of the same lawyer.
    expect(
      (await call("GET", `/api/cases/${s.caseId}`, { headers: { "X-Case-Token": s.token } })).status,
    ).toBe(404);
  });

  it("answers 404 for malformed, guessed and altered ids", async () => {
    const s = await scenario();
    const altered = `${s.caseId.slice(0, -1)}${s.caseId.endsWith("0") ? "1" : "0"}`;
    for (const id of [
      "1",
      "abc",
      "00000000-0000-0000-0000-000000000000",
      altered,
      `${s.caseId}x`,
      "' OR 1=1 --",
    ]) {
      const enc = encodeURIComponent(id);
      expect((await call("GET", `/api/cases/${enc}`, { token: s.client.token })).status, id).toBe(404);
      expect(
        (await call("GET", `/api/cases/${enc}/documents/${s.docId}`, { token: s.client.token })).status,
        id,
      ).toBe(404);
      expect(
        (
          await call("POST", `/api/cases/${enc}/status`, {
            token: s.lawyer.token,
            body: { status: "closed" },
          })
        ).status,
        id,
      ).toBe(404);
    }
    for (const doc of ["1", "nope", "00000000-0000-0000-0000-000000000000"])
      expect(
        (await call("GET", `/api/cases/${s.caseId}/documents/${doc}`, { token: s.client.token })).status,
      ).toBe(404);
  });
});

describe(`S3 document store (${TEST_ENGINE})`, () => {
  let s3: S3StandIn;
  let s3Server: TestServer;
  beforeAll(async () => {
    s3 = await startS3StandIn();
    s3Server = await startTestServer(database.db, {
      env: {
        SMTP_URL: smtp.url,
        TRUST_PROXY: "true",
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: "lexatlas-cases",
        S3_ACCESS_KEY_ID: "test",
        S3_SECRET_ACCESS_KEY: "secret",
      },
    });
  });
  afterAll(async () => {
    await s3Server?.close();
    await s3?.close();
  });

  it("stores uploads in the bucket and serves them back", async () => {
    const s3Api = testApi(() => s3Server, { emailPrefix: "s3" });
    const lawyer = await lawyerWithListing();
    const r = await s3Api.call("POST", "/api/cases", {
      token: lawyer.token,
      form: caseForm(casePayload((await lawyerWithListing()).lawyerId), [["a.pdf", PDF]]),
    });
    expect(r.status, r.text).toBe(201);
    const [doc] = await database.db
      .select()
      .from(caseDocuments)
      .where(eq(caseDocuments.id, r.body.case.documents[0].id));
    // Issue 17 §3: the bucket holds only the encrypted form (no PDF magic, no plaintext).
    const stored = s3.objects.get(`lexatlas-cases/${doc?.fileUrl}`)?.body as Buffer;
    expect(stored.length).toBeGreaterThan(PDF.length);
    expect(stored.includes(Buffer.from("%PDF"))).toBe(false);
    expect(stored.includes(PDF.subarray(9, 30))).toBe(false);
    const visitorMail = await smtp.waitFor((m) => m.text.includes(`/cases/${r.body.case.id}?token=`));
    const token = /\?token=([A-Za-z0-9_-]+)/.exec(visitorMail.text)?.[1] as string;
    const res = await fetch(`${s3Server.baseUrl}/api/cases/${r.body.case.id}/documents/${doc?.id}`, {
      headers: { "X-Case-Token": token },
    });
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF);
  });
});
