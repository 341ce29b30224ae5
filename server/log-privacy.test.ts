/**
 * Issue 27 §2 "Logs carry no personal data or query parameters" (docs/security.md "What is
 * logged"): a unique marker goes through every form and API body (sign-up, login with a wrong
 * password, password reset, profile, contact, case intake, case message, Send Message, reply,
 * review, listing edit, assessment place), a query string, a path and the headers, and into
 * requests that fail inside the database (a NUL byte when it still reaches PostgreSQL, a unique
 * violation raced by parallel sign-ups, and a fault seam: a service whose query fails with the
 * typed value). The real API on a loopback port, a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), the real logger at level debug (every request line) into memory: the
 * marker never appears in the log, in any letter case.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTestListing, testApi } from "../tests/support/api.ts";
import { canadaCarAccidentAssessment } from "../tests/support/assessments.ts";
import { casePayload } from "../tests/support/case-fixtures.ts";
import { openTestDatabase, TEST_ENGINE } from "../tests/support/db.ts";
import { captureLog } from "../tests/support/log-capture.ts";
import { startTestServer, type TestServer } from "../tests/support/server.ts";
import type { Database } from "./db/client.ts";
import { users } from "./db/schema.ts";

const MARKER = `MARKER-${Math.random().toString(36).slice(2, 10)}`;
/** An email address that carries the marker (stored lowercased: the log is searched case-blind). */
const MARKER_EMAIL = `${MARKER}@example.org`;

let database: Database;
let server: TestServer;
const log = captureLog("debug");
const { call, signUp, freshEmail } = testApi(() => server, { emailPrefix: "logs" });

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startTestServer(database.db, {
    logger: log.logger,
    env: { TRUST_PROXY: "true" },
    adjustServices(services) {
      // A fault seam: the contact form's store fails inside the database on a subject "FAULT …".
      const submit = services.contact.submit;
      services.contact = {
        ...services.contact,
        async submit(input, ...rest) {
          const subject = (input as { subject?: unknown }).subject;
          if (typeof subject === "string" && subject.startsWith("FAULT"))
            await services.db.execute(sql`SELECT ${subject}::int`);
          return submit(input, ...rest);
        },
      };
    },
  });
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});

/** A request whose answer may be a 5xx (a failure inside the database); answers the status. */
async function raw(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  await res.arrayBuffer();
  return res.status;
}

describe(`no personal data or query parameters in the log (issue 27 §2, ${TEST_ENGINE})`, () => {
  it("a marker through every form, body, query string and header never reaches the log", async () => {
    // Accounts: sign-up with the marker in every field, the same address raced (a unique
    // violation inside the database), a wrong password, a reset, a profile change.
    const client = await signUp({ email: MARKER_EMAIL, firstName: MARKER, lastName: MARKER });
    const raced = await Promise.all(
      Array.from({ length: 4 }, () =>
        raw("POST", "/api/auth/signup", {
          email: `${MARKER}.race@example.org`,
          password: `${MARKER} pass phrase`,
          firstName: MARKER,
          lastName: MARKER,
        }),
      ),
    );
    expect(raced).toContain(201);
    await call("POST", "/api/auth/login", { body: { email: MARKER_EMAIL, password: `${MARKER} wrong` } });
    await call("POST", "/api/auth/login", { body: { email: `${MARKER}.no@example.org`, password: MARKER } });
    await call("POST", "/api/auth/forgot-password", { body: { email: MARKER_EMAIL } });
    await call("POST", "/api/auth/reset-password", { body: { token: MARKER, newPassword: MARKER } });
    await call("PUT", "/api/auth/profile", {
      token: client.token,
      body: { firstName: MARKER, businessPhone: MARKER },
    });

    // A lawyer with a listing: listing edit.
    const lawyerEmail = freshEmail("lawyer");
    const lawyerId = await insertTestListing(database, lawyerEmail);
    const lawyer = await signUp({ role: "lawyer", email: lawyerEmail });
    await database.db.update(users).set({ lawyerId }).where(eq(users.id, lawyer.user.id));
    await call("PUT", "/api/listing", { token: lawyer.token, body: { bio: MARKER, firm: MARKER } });

    // Contact form (and the fault seam: a 500 whose cause carries the marker as a parameter).
    const contact = {
      name: MARKER,
      email: MARKER_EMAIL,
      subject: MARKER,
      category: "Lawyer Verification",
      message: MARKER,
    };
    await call("POST", "/api/contact", { body: contact });
    expect(await raw("POST", "/api/contact", { ...contact, subject: `FAULT ${MARKER}` })).toBe(500);

    // Case intake with the marker everywhere (the date field takes any text), its messages, a review.
    const made = await call("POST", "/api/cases", {
      token: client.token,
      body: casePayload(lawyerId, {
        caseTitle: MARKER,
        description: MARKER,
        clientName: MARKER,
        clientEmail: MARKER_EMAIL,
        otherParty: MARKER,
        incidentPlace: MARKER,
        dateNeeded: MARKER,
      }),
    });
    expect(made.status, made.text).toBe(201);
    const caseId = made.body.case.id as string;
    await call("GET", `/api/cases/${caseId}`, { token: client.token });
    await call("POST", `/api/cases/${caseId}/messages`, { token: client.token, body: { body: MARKER } });
    await call("POST", `/api/cases/${caseId}/review`, {
      token: client.token,
      body: { rating: 5, ratings: {}, title: MARKER, text: MARKER },
    });

    // Send Message to the listing and the lawyer's reply.
    const sent = await call("POST", `/api/lawyers/${lawyerId}/messages`, {
      body: { name: MARKER, email: MARKER_EMAIL, subject: MARKER, message: MARKER },
    });
    await call("POST", `/api/messages/${sent.body.id}/replies`, {
      token: lawyer.token,
      body: { reply: MARKER },
    });

    // The assessment's place.
    await call("POST", "/api/personality/assessment", {
      body: { ...canadaCarAccidentAssessment(), place: MARKER },
    });

    // Query strings, a path, headers, a body that is not JSON, a cross-site post.
    await call("GET", `/api/lawyers/search?q=${MARKER}&city=${MARKER}`);
    await call("GET", `/api/lawyers/suggestions?q=${MARKER}`);
    await call("GET", `/api/lawyers/${MARKER}`);
    await call("GET", `/api/cases/${MARKER}?token=${MARKER}`);
    await call("GET", "/api/auth/me", {
      headers: {
        Authorization: `Bearer ${MARKER}`,
        Cookie: `__Host-lexatlas_session=${MARKER}; other=${MARKER}`,
        "X-Request-Id": MARKER,
        "User-Agent": MARKER,
        "Accept-Language": MARKER,
        Referer: `https://${MARKER}.example/`,
      },
    });
    await call("POST", "/api/auth/login", { raw: `{"email": "${MARKER_EMAIL}", "password": ` });
    await call("POST", "/api/auth/logout", {
      cookie: client.token,
      headers: { Origin: `https://${MARKER}.example` },
    });

    // NUL bytes: refused at the input boundary, or failing inside PostgreSQL (22021); either way
    // nothing of the value is logged.
    for (const [path, body] of [
      ["/api/contact", { ...contact, message: `${MARKER}\u0000` }],
      [
        "/api/auth/signup",
        { email: freshEmail(), password: `${MARKER}\u0000 pass`, firstName: `${MARKER}\u0000` },
      ],
      ["/api/cases", casePayload(lawyerId, { description: `${MARKER}\u0000` })],
    ] as const)
      await raw("POST", path, body, { "X-Forwarded-For": "198.18.200.1" });

    const text = log.text();
    // The log did record all this (the check cannot pass by logging nothing).
    expect(log.lines().filter((l) => l.msg === "request").length).toBeGreaterThan(25);
    expect(log.lines().some((l) => l.level === 50 && l.route === "/api/contact")).toBe(true);
    expect(text.toLowerCase()).not.toContain(MARKER.toLowerCase());
  });
});
