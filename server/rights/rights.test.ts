/**
 * Issue 17 §4 "Data rights" against the real server and database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the export zip read back with yauzl for a client, a lawyer and a case-link
 * visitor; the background path (202 → status → zip, the ready email, expiry by the daily job on
 * the injectable clock); the rate limit; the role matrix (anonymous 401, another case's token 404,
 * staff 403 on deletion); erasure (202 with the date, cancel, the job just before and at the
 * grace boundary) and the key test: after erasure the person's email, names, phone and user id
 * are in no text, varchar, jsonb or uuid column of any table, their stored files are gone, and a
 * lawyer's name no longer finds anything in search.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { newSessionId } from "../../lib/personality.ts";
import {
  ERASED_PLACEHOLDER,
  ERASURE_GRACE_DAYS,
  EXPORT_AVAILABLE_DAYS,
  EXPORT_INLINE_MAX_DOCUMENTS,
  EXPORT_SCHEMA_VERSION,
} from "../../lib/privacy.ts";
import { type SmtpCapture, startSmtpCapture } from "../../tests/doubles/smtp-capture.ts";
import { insertTestListing, TEST_PASSWORD, testApi } from "../../tests/support/api.ts";
import { caseForm, casePayload, PDF, PNG } from "../../tests/support/case-fixtures.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { openTestDatabase } from "../../tests/support/db.ts";
import { startTestServer, type TestServer } from "../../tests/support/server.ts";
import { unzip } from "../../tests/support/unzip.ts";
import { trackingCookieName } from "../cases/index.ts";
import type { Database } from "../db/client.ts";
import { accountErasures, cases, dataExports, reviews, userSessions, users } from "../db/schema.ts";
import { createDocumentStore } from "../storage/index.ts";
import { EXPORT_BUILD_ORPHANED_MS, runDataRightsJob } from "./index.ts";

const DAY = 86_400_000;
let database: Database;
let server: TestServer;
let smtp: SmtpCapture;
const clock = createTestClock("2026-05-04T09:00:00Z");
const api = testApi(() => server, { emailPrefix: "rights" });
const { call, signUp, freshEmail } = api;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpCapture();
  server = await startTestServer(database.db, { env: { SMTP_URL: smtp.url, TRUST_PROXY: "true" }, clock });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.close();
});

/** The daily step, as runDailyJobs runs it. */
const runJob = () => runDataRightsJob({ db: database.db, clock, store: createDocumentStore(server.config) });

/** GET `url` with `headers`; answers status, content type and body bytes. */
async function download(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}${url}`, {
    headers: { "X-Forwarded-For": api.freshIp(), ...headers },
  });
  expect(res.status).toBeLessThan(500);
  return {
    status: res.status,
    type: res.headers.get("content-type") ?? "",
    bytes: Buffer.from(await res.arrayBuffer()),
  };
}

/** A zip download's data.json and entries. */
async function exportOf(url: string, headers: Record<string, string>) {
  const r = await download(url, headers);
  expect(r.status, r.bytes.toString()).toBe(200);
  expect(r.type).toBe("application/zip");
  const entries = await unzip(r.bytes);
  // biome-ignore lint/suspicious/noExplicitAny: data.json is checked field by field
  const data = JSON.parse(entries.get("data.json")?.toString() ?? "null") as any;
  return { data, entries, raw: r.bytes };
}

/** A listing and the lawyer account that owns it. */
let phoneCounter = 100;
async function lawyerWithListing(name: string) {
  const email = freshEmail("lawyer");
  phoneCounter += 1;
  const lawyerId = await insertTestListing(database, email, {
    name,
    phone: `+1416555${String(phoneCounter).padStart(4, "0")}`,
  });
  const account = await signUp({
    role: "lawyer",
    email,
    firstName: name.split(" ")[0],
    lastName: name.split(" ")[1],
  });
  await database.db.update(users).set({ lawyerId }).where(eq(users.id, account.user.id));
  return { ...account, lawyerId };
}

/** A signed-in client's case to `lawyerId` with `files`. */
async function clientCase(
  token: string,
  lawyerId: number,
  over: Record<string, unknown>,
  files: [string, Buffer, string?][] = [],
) {
  const r = await call("POST", "/api/cases", { token, form: caseForm(casePayload(lawyerId, over), files) });
  expect(r.status, r.text).toBe(201);
  return r.body.case.id as string;
}

/** A visitor's case and its tracking token (from the receipt email). */
async function visitorCase(lawyerId: number) {
  const clientEmail = freshEmail("visitor");
  const r = await call("POST", "/api/cases", {
    form: caseForm(casePayload(lawyerId, { clientEmail }), [["scan.png", PNG, "image/png"]]),
  });
  expect(r.status, r.text).toBe(201);
  const id = r.body.case.id as string;
  const mail = await smtp.waitFor(
    (m) => m.to.includes(clientEmail) && m.text.includes(`/cases/${id}?token=`),
  );
  const token = new RegExp(`/cases/${id}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text)?.[1] as string;
  return { id, token, clientEmail };
}

describe("export (GDPR Art. 15/20)", () => {
  it("a client's zip: data.json with the documented top-level fields, no secrets, and the documents", async () => {
    const lawyer = await lawyerWithListing("Iris Halvorsen");
    const client = await signUp({ firstName: "Cora", lastName: "Exportson" });
    const caseId = await clientCase(
      client.token,
      lawyer.lawyerId,
      { clientEmail: client.email, clientName: "Cora Exportson" },
      [
        ["report.pdf", PDF, "application/pdf"],
        ["report.pdf", PDF, "application/pdf"],
      ],
    );
    const sessionId = newSessionId();
    const a = await call("POST", "/api/personality/assessment", {
      token: client.token,
      body: {
        sessionId,
        personalityTraits: JSON.stringify({
          openness: 5,
          conscientiousness: 5,
          extraversion: 5,
          agreeableness: 5,
          neuroticism: 5,
          assertiveness: 5,
          patience: 5,
          techSavvy: 5,
        }),
        communicationPreference: "direct",
        approachPreference: "methodical",
        priorityFocus: "results",
        caseType: "Car Accidents",
        caseComplexity: "simple",
        timePreference: "flexible",
      },
    });
    expect(a.status, a.text).toBe(201);
    // Sent signed in with another address: it is the account's by its sender, not by the email.
    const m = await call("POST", `/api/lawyers/${lawyer.lawyerId}/messages`, {
      token: client.token,
      body: {
        name: "Cora Exportson",
        email: freshEmail("other"),
        subject: "A question",
        message: "Do you take cycling cases?",
      },
    });
    expect(m.status, m.text).toBe(201);

    const { data, entries, raw } = await exportOf("/api/account/export", {
      Authorization: `Bearer ${client.token}`,
    });
    expect(data.schemaVersion).toBe(EXPORT_SCHEMA_VERSION);
    expect(data.kind).toBe("client");
    expect(data.account.email).toBe(client.email);
    expect(data.account).not.toHaveProperty("password");
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(Object.keys(data.sessions[0]).sort()).toEqual(["createdAt", "expiresAt", "id"]);
    expect(data.cases).toHaveLength(1);
    expect(data.cases[0].id).toBe(caseId);
    expect(data.cases[0]).not.toHaveProperty("trackingTokenHash");
    expect(data.cases[0].statusHistory[0].status).toBe("pending");
    expect(data.cases[0].documents).toHaveLength(2);
    expect(data.assessments.map((x: { sessionId: string }) => x.sessionId)).toEqual([sessionId]);
    expect(data.profileMessagesSent.map((x: { subject: string }) => x.subject)).toEqual(["A question"]);
    expect(data.reviewsWritten).toEqual([]);
    // The two files of the same name are both there, the second numbered.
    expect(entries.get(`documents/${caseId}/report.pdf`)?.equals(PDF)).toBe(true);
    expect(entries.get(`documents/${caseId}/report (2).pdf`)?.equals(PDF)).toBe(true);
    // No secret of the account: not the password hash, not the session token.
    expect(raw.includes(Buffer.from(client.token))).toBe(false);
    expect(raw.includes(Buffer.from("$argon2"))).toBe(false);
    // The session cookie works as well as the bearer token.
    const byCookie = await download("/api/account/export", { Cookie: `${SESSION_COOKIE}=${client.token}` });
    expect(byCookie.status).toBe(200);
    expect((await unzip(byCookie.bytes)).has("data.json")).toBe(true);
  });

  it("a lawyer's zip: listing, bar admissions, requests, cases received, replies, reviews, subscription, analytics", async () => {
    const lawyer = await lawyerWithListing("Tobias Wrenfield");
    const client = await signUp({ firstName: "Pia", lastName: "Sender" });
    const caseId = await clientCase(client.token, lawyer.lawyerId, { clientEmail: client.email });
    const { data, entries } = await exportOf("/api/account/export", {
      Authorization: `Bearer ${lawyer.token}`,
    });
    expect(data.kind).toBe("lawyer");
    expect(data.listing.id).toBe(lawyer.lawyerId);
    expect(data.listing).not.toHaveProperty("searchVector");
    expect(data.casesReceived.map((c: { id: string }) => c.id)).toEqual([caseId]);
    // Issue 17 §2: a case not yet accepted gives the lawyer its conflict-check facts only.
    expect(data.casesReceived[0]).toMatchObject({
      status: "pending",
      description: null,
      budget: null,
      documents: [],
    });
    expect(data.casesReceived[0].caseTitle).toBeTruthy();
    for (const key of [
      "barAdmissions",
      "verificationRequests",
      "replies",
      "reviewsReceived",
      "analytics",
      "profileMessagesReceived",
    ])
      expect(Array.isArray(data[key]), key).toBe(true);
    expect(data.subscription).toMatchObject({ tier: "free", stripeCustomerId: null });
    expect([...entries.keys()]).toEqual(["data.json"]);
  });

  it("a case-link visitor's zip is that case only; the case page's cookie works too; roles", async () => {
    const lawyer = await lawyerWithListing("Mira Castellan");
    const visitor = await visitorCase(lawyer.lawyerId);
    const other = await visitorCase(lawyer.lawyerId);
    const { data, entries } = await exportOf(`/api/account/export?caseId=${visitor.id}`, {
      "X-Case-Token": visitor.token,
    });
    expect(data.kind).toBe("case");
    expect(data.case.id).toBe(visitor.id);
    expect(data.case.clientEmail).toBe(visitor.clientEmail);
    expect(entries.get(`documents/${visitor.id}/scan.png`)?.equals(PNG)).toBe(true);
    const viaCookie = await exportOf(`/cases/${visitor.id}/export`, {
      Cookie: `${trackingCookieName(visitor.id)}=${visitor.token}`,
    });
    expect(viaCookie.data.case.id).toBe(visitor.id);

    // Role matrix: anonymous 401; another case's token, a token without its case, a case without a token: 404.
    expect((await call("GET", "/api/account/export")).status).toBe(401);
    expect(
      (
        await call("GET", `/api/account/export?caseId=${visitor.id}`, {
          headers: { "X-Case-Token": other.token },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call("GET", "/api/account/export", { headers: { "X-Case-Token": visitor.token } })).status,
    ).toBe(404);
    expect((await call("GET", `/api/account/export?caseId=${visitor.id}`)).status).toBe(404);
    expect((await download(`/cases/${visitor.id}/export`)).status).toBe(404);
    // The /api route never takes the case cookie (cross-site requests cannot use it).
    expect(
      (
        await call("GET", `/api/account/export?caseId=${visitor.id}`, {
          headers: { Cookie: `${trackingCookieName(visitor.id)}=${visitor.token}` },
        })
      ).status,
    ).toBe(404);
    // A signed-in stranger asking for someone's case with a wrong token: 404, not their own export.
    const stranger = await signUp();
    expect(
      (
        await call("GET", `/api/account/export?caseId=${visitor.id}`, {
          token: stranger.token,
          headers: { "X-Case-Token": other.token },
        })
      ).status,
    ).toBe(404);
  });

  it("reads a background export whose instance stopped building it as failed after an hour (issue 18 §2)", async () => {
    const client = await signUp();
    const row = async (ageMs: number) => {
      const [r] = await database.db
        .insert(dataExports)
        .values({ userId: client.user.id, locale: "en", createdAt: new Date(clock.now().getTime() - ageMs) })
        .returning({ id: dataExports.id });
      return `/api/account/export/${r?.id}`;
    };
    const orphan = await row(EXPORT_BUILD_ORPHANED_MS + 60_000);
    const fresh = await row(EXPORT_BUILD_ORPHANED_MS - 60_000);
    // 410: the export failed (ask again); 202: still building.
    expect((await call("GET", orphan, { token: client.token })).status).toBe(410);
    const building = await call("GET", fresh, { token: client.token });
    expect(building.status).toBe(202);
    expect(building.body).toMatchObject({ status: "building" });
  });

  it("large exports build in the background: 202, status, the ready email, the zip, then expiry by the daily job", async () => {
    const lawyer = await lawyerWithListing("Nadia Oakhurst");
    const client = await signUp({ firstName: "Bram", lastName: "Bulkley" });
    const files: [string, Buffer, string][] = Array.from({ length: 7 }, (_, i) => [
      `page-${i}.pdf`,
      PDF,
      "application/pdf",
    ]);
    const caseIds: string[] = [];
    for (let i = 0; i * 7 <= EXPORT_INLINE_MAX_DOCUMENTS; i++)
      caseIds.push(await clientCase(client.token, lawyer.lawyerId, { clientEmail: client.email }, files));
    const started = await call("GET", "/api/account/export", { token: client.token });
    expect(started.status, started.text).toBe(202);
    expect(started.body).toEqual({
      status: "building",
      statusUrl: expect.stringMatching(/^\/api\/account\/export\/[0-9a-f-]{36}$/),
    });
    const mail = await smtp.waitFor((m) => m.to.includes(client.email) && /export is ready/i.test(m.subject));
    expect(mail.text).toContain("/dashboard#your-data");
    const ready = await exportOf(started.body.statusUrl, { Authorization: `Bearer ${client.token}` });
    expect(ready.data.cases).toHaveLength(caseIds.length);
    expect([...ready.entries.keys()].filter((k) => k.startsWith("documents/"))).toHaveLength(
      caseIds.length * 7,
    );
    // Someone else cannot read it.
    const stranger = await signUp();
    expect((await call("GET", started.body.statusUrl, { token: stranger.token })).status).toBe(404);
    expect((await call("GET", started.body.statusUrl)).status).toBe(401);

    const stored = async () =>
      (await readdir(path.join(server.dataDir, "uploads"), { recursive: true })).length;
    const before = await stored();
    await clock.rewinding(async () => {
      clock.advance(EXPORT_AVAILABLE_DAYS * DAY - 60_000);
      expect((await runJob()).exportsExpired).toBe(0);
      expect((await call("GET", started.body.statusUrl, { token: client.token })).status).toBe(200);
      clock.advance(60_000);
      expect((await call("GET", started.body.statusUrl, { token: client.token })).status).toBe(404);
      expect((await runJob()).exportsExpired).toBe(1);
    });
    expect(await stored()).toBe(before - 1);
  });

  it("an unverified account's email does not open someone's visitor cases or profile messages", async () => {
    const lawyer = await lawyerWithListing("Ursula Fenwick");
    const victim = await visitorCase(lawyer.lawyerId);
    await call("POST", `/api/lawyers/${lawyer.lawyerId}/messages`, {
      body: { name: "Victim", email: victim.clientEmail, subject: "Private", message: "About my injury." },
    });
    const impostor = await signUp({ email: victim.clientEmail });
    const { data, entries } = await exportOf("/api/account/export", {
      Authorization: `Bearer ${impostor.token}`,
    });
    expect(data.cases).toEqual([]);
    expect(data.profileMessagesSent).toEqual([]);
    expect([...entries.keys()]).toEqual(["data.json"]);
    // Nor does the impostor's erasure touch them.
    await clock.rewinding(async () => {
      expect(
        (await call("DELETE", "/api/account", { token: impostor.token, body: { password: TEST_PASSWORD } }))
          .status,
      ).toBe(202);
      clock.advance(ERASURE_GRACE_DAYS * DAY);
      expect((await runJob()).erased).toBe(1);
    });
    expect((await database.db.select().from(cases).where(eq(cases.id, victim.id))).length).toBe(1);
  });

  it("is rate limited: 5 exports an hour per account", async () => {
    const client = await signUp();
    for (let i = 0; i < 5; i++)
      expect(
        (await download("/api/account/export", { Authorization: `Bearer ${client.token}` })).status,
      ).toBe(200);
    const sixth = await call("GET", "/api/account/export", { token: client.token });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBeTruthy();
  });
});

describe("erasure (GDPR Art. 17)", () => {
  it("202 with the date by the clock, a confirmation email, the pending state, cancel, and again", async () => {
    const client = await signUp({ firstName: "Olga" });
    expect((await call("DELETE", "/api/account", { body: { password: TEST_PASSWORD } })).status).toBe(401);
    const wrong = await call("DELETE", "/api/account", {
      token: client.token,
      body: { password: "not it at all" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.password).toBeTruthy();
    expect((await call("DELETE", "/api/account", { token: client.token, body: {} })).status).toBe(400);
    const asked = await call("DELETE", "/api/account", {
      token: client.token,
      body: { password: TEST_PASSWORD },
    });
    expect(asked.status, asked.text).toBe(202);
    const due = new Date(clock.now().getTime() + ERASURE_GRACE_DAYS * DAY).toISOString();
    expect(asked.body.deletionDate).toBe(due);
    const mail = await smtp.waitFor((m) => m.to.includes(client.email) && /will be deleted/i.test(m.subject));
    expect(mail.text).toContain("May 11, 2026");
    expect(mail.text).toContain("/dashboard#your-data");
    // Asking again keeps the first date.
    clock.advance(1000);
    expect(
      (await call("DELETE", "/api/account", { token: client.token, body: { password: TEST_PASSWORD } })).body
        .deletionDate,
    ).toBe(due);
    expect((await call("GET", "/api/account/deletion", { token: client.token })).body.deletionDate).toBe(due);
    expect((await call("DELETE", "/api/account/deletion", { token: client.token })).status).toBe(204);
    expect((await call("GET", "/api/account/deletion", { token: client.token })).status).toBe(404);
    expect((await call("DELETE", "/api/account/deletion", { token: client.token })).status).toBe(404);
    expect((await call("DELETE", "/api/account/deletion")).status).toBe(401);
    expect(
      (await call("DELETE", "/api/account", { token: client.token, body: { password: TEST_PASSWORD } }))
        .status,
    ).toBe(202);
    await database.db.delete(accountErasures).where(eq(accountErasures.userId, client.user.id));
  });

  it("staff accounts cannot delete themselves: 403 with a message", async () => {
    const staff = await signUp();
    await database.db.update(users).set({ role: "moderator" }).where(eq(users.id, staff.user.id));
    await database.db
      .update(userSessions)
      .set({ secondFactorAt: clock.now() })
      .where(eq(userSessions.userId, staff.user.id));
    const r = await call("DELETE", "/api/account", { token: staff.token, body: { password: TEST_PASSWORD } });
    expect(r.status).toBe(403);
    expect(r.body.message).toMatch(/staff/i);
  });

  it("the daily job erases at the grace boundary, not a moment before", async () => {
    const client = await signUp();
    await clock.rewinding(async () => {
      expect(
        (await call("DELETE", "/api/account", { token: client.token, body: { password: TEST_PASSWORD } }))
          .status,
      ).toBe(202);
      clock.advance(ERASURE_GRACE_DAYS * DAY - 1);
      expect((await runJob()).erased).toBe(0);
      expect((await call("GET", "/api/auth/me", { token: client.token })).status).toBe(200);
      clock.advance(1);
      expect((await runJob()).erased).toBe(1);
    });
    expect((await call("GET", "/api/auth/me", { token: client.token })).status).toBe(401);
    expect(
      (await call("POST", "/api/auth/login", { body: { email: client.email, password: TEST_PASSWORD } }))
        .status,
    ).toBe(401);
  });

  /** Rows of any table whose text, varchar, jsonb, array or uuid columns contain `needle` (case-insensitive). */
  async function tablesContaining(needle: string, skip: string[] = []): Promise<string[]> {
    const columns = await database.db.execute<{ table_name: string; column_name: string }>(sql`
      SELECT c.table_name, c.column_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'uuid', 'ARRAY')`);
    const hits: string[] = [];
    for (const { table_name, column_name } of columns.rows) {
      if (skip.includes(table_name)) continue;
      const found = await database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.identifier(table_name)} WHERE ${sql.identifier(column_name)}::text ILIKE ${`%${needle}%`}`,
      );
      if ((found.rows[0]?.n ?? 0) > 0) hits.push(`${table_name}.${column_name}`);
    }
    return hits;
  }

  it("after erasure a client is in no table, no stored file, and an engaged case stays anonymised for the lawyer", async () => {
    const lawyer = await lawyerWithListing("Helena Brightwater");
    const client = await signUp({ firstName: "Zebulon", lastName: "Quixworth" });
    const phone = "+1 416 555 0173";
    const fields = { clientEmail: client.email, clientName: "Zebulon Quixworth", clientPhone: phone };
    const engagedId = await clientCase(
      client.token,
      lawyer.lawyerId,
      { ...fields, caseTitle: "Kept for the lawyer" },
      [["x-ray.png", PNG, "image/png"]],
    );
    const droppedId = await clientCase(client.token, lawyer.lawyerId, fields, [
      ["letter.pdf", PDF, "application/pdf"],
    ]);
    // Issue 17 §2: the lawyer accepts for review first, then engages.
    expect(
      (
        await call("POST", `/api/cases/${engagedId}/accept`, {
          token: lawyer.token,
          body: { noConflict: true },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("POST", `/api/cases/${engagedId}/status`, {
          token: lawyer.token,
          body: { status: "engaged" },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call("POST", `/api/cases/${engagedId}/messages`, {
          token: client.token,
          body: { body: "Here is more detail from Zebulon." },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call("POST", `/api/cases/${engagedId}/messages`, {
          token: lawyer.token,
          body: { body: "Thank you, noted." },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call("POST", `/api/lawyers/${lawyer.lawyerId}/messages`, {
          token: client.token,
          body: {
            name: "Zebulon Quixworth",
            email: client.email,
            phone,
            subject: "Hello",
            message: "Call me.",
          },
        })
      ).status,
    ).toBe(201);
    const sessionId = newSessionId();
    expect(
      (
        await call("POST", "/api/personality/assessment", {
          token: client.token,
          body: {
            sessionId,
            personalityTraits: JSON.stringify({
              openness: 5,
              conscientiousness: 5,
              extraversion: 5,
              agreeableness: 5,
              neuroticism: 5,
              assertiveness: 5,
              patience: 5,
              techSavvy: 5,
            }),
            communicationPreference: "direct",
            approachPreference: "methodical",
            priorityFocus: "results",
            caseType: "Car Accidents",
            caseComplexity: "simple",
            timePreference: "flexible",
          },
        })
      ).status,
    ).toBe(201);
    await database.db.insert(reviews).values({
      caseId: engagedId,
      lawyerId: lawyer.lawyerId,
      authorUserId: client.user.id,
      rating: 5,
      communication: 5,
      responsiveness: 5,
      outcome: 5,
      title: "Great",
      text: "Very good work on my claim.",
      status: "published",
      engagedOn: "2026-05-04",
    });
    const storedPhone = (
      await database.db.select({ p: cases.clientPhone }).from(cases).where(eq(cases.id, engagedId))
    )[0]?.p as string;
    const keys = (
      await database.db.execute<{ file_url: string }>(
        sql`SELECT file_url FROM case_documents WHERE case_id IN (${engagedId}::uuid, ${droppedId}::uuid)`,
      )
    ).rows.map((r) => r.file_url);
    expect(keys).toHaveLength(2);
    const store = createDocumentStore(server.config);
    for (const key of keys) expect(await store.get(key)).not.toBeNull();
    for (const needle of [client.email, "Zebulon", "Quixworth", storedPhone, client.user.id])
      expect(await tablesContaining(needle), needle).not.toEqual([]);

    await clock.rewinding(async () => {
      expect(
        (await call("DELETE", "/api/account", { token: client.token, body: { password: TEST_PASSWORD } }))
          .status,
      ).toBe(202);
      clock.advance(ERASURE_GRACE_DAYS * DAY);
      expect((await runJob()).erased).toBe(1);
    });

    for (const needle of [
      client.email,
      "Zebulon",
      "Quixworth",
      storedPhone,
      storedPhone.replace(/\D/g, ""),
      client.user.id,
    ])
      expect(await tablesContaining(needle), needle).toEqual([]);
    for (const key of keys) expect(await store.get(key)).toBeNull();
    const [kept] = await database.db.select().from(cases).where(eq(cases.id, engagedId));
    expect(kept).toMatchObject({
      caseTitle: "Kept for the lawyer",
      clientName: ERASED_PLACEHOLDER,
      userId: null,
      trackingTokenHash: null,
    });
    expect(kept?.documentsPurgedAt).not.toBeNull();
    expect((await database.db.select().from(cases).where(eq(cases.id, droppedId))).length).toBe(0);
    expect((await call("GET", `/api/cases/${engagedId}`, { token: lawyer.token })).status).toBe(200);
    const thread = await call("GET", `/api/cases/${engagedId}/messages`, { token: lawyer.token });
    expect(thread.status).toBe(200);
    expect((thread.body.messages ?? thread.body).map((m: { body: string }) => m.body)).toEqual([
      "Thank you, noted.",
    ]);
    expect((await call("GET", `/api/personality/matches/${sessionId}`)).status).toBe(404);
    const [listing] = await database.db
      .execute<{ review_count: number }>(sql`SELECT review_count FROM lawyers WHERE id = ${lawyer.lawyerId}`)
      .then((r) => r.rows);
    expect(listing?.review_count).toBe(0);
  });

  it("after erasure a lawyer is in no table (the audit log keeps only the account id) and out of search", async () => {
    const lawyer = await lawyerWithListing("Quentin Marblethorpe");
    const [row] = await database.db
      .execute<{ phone: string }>(sql`SELECT phone FROM lawyers WHERE id = ${lawyer.lawyerId}`)
      .then((r) => r.rows);
    const lawyerPhone = row?.phone as string;
    const client = await signUp();
    const caseId = await clientCase(client.token, lawyer.lawyerId, { clientEmail: client.email });
    const found = await call("GET", "/api/lawyers/search?query=Marblethorpe");
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain("Marblethorpe");
    await clock.rewinding(async () => {
      expect(
        (await call("DELETE", "/api/account", { token: lawyer.token, body: { password: TEST_PASSWORD } }))
          .status,
      ).toBe(202);
      clock.advance(ERASURE_GRACE_DAYS * DAY);
      expect((await runJob()).erased).toBe(1);
    });
    for (const needle of [lawyer.email, "Marblethorpe", "Quentin", lawyerPhone])
      expect(await tablesContaining(needle), needle).toEqual([]);
    // The audit log is append-only and keeps who acted by account id only (docs/data-rights.md).
    expect(await tablesContaining(lawyer.user.id, ["audit_log"])).toEqual([]);
    const after = await call("GET", "/api/lawyers/search?query=Marblethorpe");
    expect(JSON.stringify(after.body)).not.toContain("Marblethorpe");
    expect((await call("GET", `/api/lawyers/${lawyer.lawyerId}`)).status).toBe(410);
    // The client's case stays for the client.
    expect((await call("GET", `/api/cases/${caseId}`, { token: client.token })).status).toBe(200);
  });
});
