/**
 * Document file names on POST /api/cases against the real server (issue 13 §1 "A document whose
 * filename contains a double quote is silently dropped"): a name with a double quote is kept
 * under a safe name, however the client escaped it; a part whose header cannot be read (an
 * unescaped quote) is refused with a clear error instead of vanishing; the part counter finds
 * delimiters split across chunks.
 */

import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestListing, testApi } from "../../tests/support/api.ts";
import { caseForm, casePayload, PDF } from "../../tests/support/case-fixtures.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { englishTable } from "../../tests/support/english.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import {
  CASE_UPLOAD_MESSAGES as CASE_UPLOAD_MESSAGES_REFERENCE,
  cleanFileName,
  multipartPartCounter,
} from "../cases/intake.ts";
import type { Database } from "../db/client.ts";

/** The messages as an English reader gets them (the API without Accept-Language, an English page). */
const CASE_UPLOAD_MESSAGES = englishTable(CASE_UPLOAD_MESSAGES_REFERENCE);

let database: Database;
let server: TestServer;
const api = testApi(() => server, { emailPrefix: "case-names" });
let lawyerId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, { env: { TRUST_PROXY: "true" } });
  lawyerId = await insertTestListing(database, api.freshEmail("lawyer"), { name: "Quinn Quote" });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** Posts a hand-written multipart body whose one document part has `disposition`. */
async function postRaw(disposition: string) {
  const boundary = "----lexatlas-names";
  const fields = Object.entries(casePayload(lawyerId))
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("");
  const body = Buffer.concat([
    Buffer.from(
      `${fields}--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    PDF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await fetch(`${server.baseUrl}/api/cases`, {
    method: "POST",
    headers: {
      "Content-Type": `multipart/form-data; boundary=${boundary}`,
      "X-Forwarded-For": api.freshIp(),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The file names of the documents of a created case. */
function namesOf(body: Record<string, unknown>): string[] {
  return ((body.case as { documents: { fileName: string }[] }).documents ?? []).map((d) => d.fileName);
}

describe(`document file names with double quotes (${TEST_ENGINE})`, () => {
  it('keeps a browser-style name (" sent as %22) under a safe name', async () => {
    const form = caseForm(casePayload(lawyerId), [['report "final".pdf', PDF, "application/pdf"]]);
    const r = await api.call("POST", "/api/cases", { form });
    expect(r.status, r.text).toBe(201);
    expect(namesOf(r.body)).toEqual(["report 'final'.pdf"]);
  });

  it("keeps a backslash-escaped quote under the same safe name", async () => {
    const r = await postRaw('form-data; name="documents"; filename="a\\"b.pdf"');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(namesOf(r.body)).toEqual(["a'b.pdf"]);
  });

  it("keeps an RFC 5987 filename* with a quote", async () => {
    const r = await postRaw(`form-data; name="documents"; filename*=UTF-8''claim%22s.pdf`);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(namesOf(r.body)).toEqual(["claim's.pdf"]);
  });

  it("refuses an unescaped quote with a clear error on documents, and stores nothing", async () => {
    const r = await postRaw('form-data; name="documents"; filename="a"b.pdf"');
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.body)).toContain(CASE_UPLOAD_MESSAGES.unreadableFileName);
    const tmp = path.join(server.dataDir, "uploads", ".tmp");
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
  });
});

describe("cleanFileName and multipartPartCounter", () => {
  it("turns double quotes (plain or %22) into single quotes, and %0D/%0A into spaces", () => {
    expect(cleanFileName('my "case".pdf')).toBe("my 'case'.pdf");
    expect(cleanFileName("my %22case%22.pdf")).toBe("my 'case'.pdf");
    expect(cleanFileName("two%0D%0Alines.pdf")).toBe("two lines.pdf");
  });

  it("counts parts by their delimiters, also when one is split across chunks", () => {
    const body = Buffer.from("--XyZ\r\nA\r\n--XyZ\r\nB\r\n--XyZ--\r\n");
    for (let split = 0; split <= body.length; split++) {
      const counter = multipartPartCounter("XyZ");
      counter.push(body.subarray(0, split));
      counter.push(body.subarray(split));
      expect(counter.parts, `split at ${split}`).toBe(2);
    }
    const bytewise = multipartPartCounter("XyZ");
    for (const byte of body) bytewise.push(Buffer.from([byte]));
    expect(bytewise.parts).toBe(2);
  });
});
