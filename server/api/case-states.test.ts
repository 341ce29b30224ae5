/**
 * Issue 27 §2 "One case state machine" against the real server on loopback and the real database
 * (PGlite, or PostgreSQL with TEST_DATABASE_URL), emails captured by a real SMTP server, time on
 * the test clock:
 * - the reported exploit (decline, then PATCH the status and export), which passed before the fix;
 * - every pair of (status and acceptance, attempted move) × role (the client, the case's lawyer,
 *   another lawyer, staff, anonymous) against lib/case-states.ts: allowed → 200 (204 for a
 *   withdrawal) and the new status in the database; refused → 409, 403 or 404 and nothing changed;
 * - fast-check sequences of attempted moves by random roles, with the invariants after every step:
 *   nothing past pending without an accept, a declined case never reopens, the review window only
 *   after a real engagement, the lawyer's view of the file only after `acceptedAt`.
 */
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  AFTER_ACCEPTANCE_STATUSES,
  CASE_TRANSITIONS,
  type CaseMove,
  findTransition,
} from "../../lib/case-states.ts";
import { CASE_STATUSES, type CaseStatus } from "../../lib/constants.ts";
import type { CallOptions } from "../../tests/support/api.ts";
import { caseForm, casePayload, PDF } from "../../tests/support/case-fixtures.ts";
import { caseTestHarness, type TestLawyer } from "../../tests/support/case-parties.ts";
import { createTestClock } from "../../tests/support/clock.ts";
import { TEST_ENGINE } from "../../tests/support/db.ts";
import { unzip } from "../../tests/support/unzip.ts";
import { caseStatusEvents, cases } from "../db/schema.ts";

const DAY = 86_400_000;
const clock = createTestClock("2026-08-03T08:00:00Z");
const harness = caseTestHarness(clock, "states");
const { api, parties } = harness;
const { call, signUp } = api;

/** The description every case of this file is sent with (what must never reach a lawyer before acceptance). */
const SECRET = "Fractured left wrist, surgery on 3 March, MRI attached";

/** The stored row of case `id`, or null once deleted. */
async function rowOf(id: string) {
  const [row] = await harness.database.db.select().from(cases).where(eq(cases.id, id));
  return row ?? null;
}

/** A signed-in client's case to `lawyer` with one PDF; answers its id. */
async function sendCase(lawyer: TestLawyer, clientToken: string, clientEmail: string): Promise<string> {
  const r = await call("POST", "/api/cases", {
    token: clientToken,
    form: caseForm(casePayload(lawyer.lawyerId, { clientEmail, description: SECRET }), [
      ["medical-report.pdf", PDF, "application/pdf"],
    ]),
  });
  expect(r.status, r.text).toBe(201);
  return r.body.case.id as string;
}

describe(`the reported two-stage intake bypass (issue 27, ${TEST_ENGINE})`, () => {
  it("decline, then PATCH status: 409 and the case stays declined; the lawyer's export holds no description or document; no review window", async () => {
    const lawyer = await parties.lawyerWithListing();
    const client = await signUp({ role: "user" });
    const id = await sendCase(lawyer, client.token, client.email);
    const declined = await call("POST", `/api/cases/${id}/decline`, { token: lawyer.token, body: {} });
    expect(declined.status, declined.text).toBe(200);
    for (const status of ["reviewing", "engaged", "accepted", "closed"]) {
      const moved = await call("PATCH", `/api/cases/${id}/status`, { token: lawyer.token, body: { status } });
      expect(moved.status, `${status}: ${moved.text}`).toBe(409);
      expect(moved.body.message).toBe(
        "This case was declined, and a declined case cannot be reopened. The client may send it to another lawyer.",
      );
    }
    expect(await rowOf(id)).toMatchObject({ status: "declined", acceptedAt: null, engagedAt: null });

    const res = await fetch(`${harness.server.baseUrl}/api/account/export`, {
      headers: { Authorization: `Bearer ${lawyer.token}`, "X-Forwarded-For": api.freshIp() },
    });
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect([...entries.keys()]).toEqual(["data.json"]);
    const data = entries.get("data.json")?.toString() ?? "";
    expect(data).toContain(id);
    expect(data).not.toContain(SECRET);
    expect(data).not.toContain("medical-report.pdf");

    // Past the 14 days after which an engaged case opens the review: still nothing to review.
    await clock.rewinding(async () => {
      clock.advance(15 * DAY);
      const review = await call("GET", `/api/cases/${id}/review`, { token: client.token });
      expect(review.status, review.text).toBe(200);
      expect(review.body.state).toBe("not_engaged");
    });
  });
});

/** The five roles of the matrix. */
const ROLES = ["client", "lawyer", "otherLawyer", "staff", "anonymous"] as const;
type Role = (typeof ROLES)[number];

/** An attempted move, as the API is asked for it. */
type Attempt =
  | { kind: "accept" }
  | { kind: "decline" }
  | { kind: "status"; to: CaseStatus }
  | { kind: "withdraw" }
  | { kind: "resend" };

/** Every move the API offers on an existing case. */
const ATTEMPTS: Attempt[] = [
  { kind: "accept" },
  { kind: "decline" },
  ...CASE_STATUSES.map((to) => ({ kind: "status" as const, to })),
  { kind: "withdraw" },
];

const label = (a: Attempt) => (a.kind === "status" ? `status→${a.to}` : a.kind);

/** The people of one run: a lawyer with its listing, the case's client, and the outsiders. */
interface Cast {
  lawyer: TestLawyer;
  other: TestLawyer;
  client: { token: string; email: string };
  staff: { token: string };
}

async function newCast(): Promise<Cast> {
  return {
    lawyer: await parties.lawyerWithListing("Maren Holt"),
    other: await parties.lawyerWithListing("Other Lawyer"),
    client: await signUp({ role: "user" }),
    staff: await parties.staffAccount("moderator"),
  };
}

/** The credentials of `role` in `cast`. */
function credentials(cast: Cast, role: Role): CallOptions {
  switch (role) {
    case "client":
      return { token: cast.client.token };
    case "lawyer":
      return { token: cast.lawyer.token };
    case "otherLawyer":
      return { token: cast.other.token };
    case "staff":
      return { token: cast.staff.token };
    default:
      return {};
  }
}

/** Asks the API for `attempt` on case `id` as `role`; answers the HTTP status. */
async function attempt(cast: Cast, id: string, role: Role, a: Attempt): Promise<number> {
  const opts = credentials(cast, role);
  switch (a.kind) {
    case "accept":
      return (await call("POST", `/api/cases/${id}/accept`, { ...opts, body: { noConflict: true } })).status;
    case "decline":
      return (await call("POST", `/api/cases/${id}/decline`, { ...opts, body: { reason: "Conflict." } }))
        .status;
    case "status":
      return (await call("PATCH", `/api/cases/${id}/status`, { ...opts, body: { status: a.to } })).status;
    case "withdraw":
      return (await call("DELETE", `/api/cases/${id}`, opts)).status;
    default:
      return (
        await call("POST", `/api/cases/${id}/resend`, {
          ...opts,
          body: { lawyerId: cast.other.lawyerId, healthDataConsent: true },
        })
      ).status;
  }
}

/** A case's status and acceptance, as the matrix starts from them. */
interface Start {
  status: CaseStatus;
  accepted: boolean;
  /** The lawyer's moves that lead there from a new case. */
  path: Attempt[];
}

/** Every status a case can be in, reached the legitimate way; declined both before and after acceptance. */
const STARTS: Start[] = [
  { status: "pending", accepted: false, path: [] },
  { status: "declined", accepted: false, path: [{ kind: "decline" }] },
  { status: "accepted", accepted: true, path: [{ kind: "accept" }] },
  { status: "reviewing", accepted: true, path: [{ kind: "accept" }, { kind: "status", to: "reviewing" }] },
  { status: "engaged", accepted: true, path: [{ kind: "accept" }, { kind: "status", to: "engaged" }] },
  { status: "closed", accepted: true, path: [{ kind: "accept" }, { kind: "status", to: "closed" }] },
  { status: "declined", accepted: true, path: [{ kind: "accept" }, { kind: "status", to: "declined" }] },
];

/** A new case of `cast` brought to `start` through the API. */
async function caseAt(cast: Cast, start: Start): Promise<string> {
  const id = await sendCase(cast.lawyer, cast.client.token, cast.client.email);
  for (const step of start.path) expect(await attempt(cast, id, "lawyer", step)).toBe(200);
  expect(await rowOf(id)).toMatchObject({ status: start.status });
  return id;
}

/**
 * What the API must answer to `role` attempting `a` on a case at `start`, from the table: the
 * HTTP status and the status the case has afterwards ("deleted" when withdrawn). Outsiders get
 * 404 (never a hint the case exists), the client 403 on a status change and 404 on accept and
 * decline (only the lawyer answers the intake), the lawyer 404 on a withdrawal (the client's).
 */
function expected(start: Start, role: Role, a: Attempt): { http: number; after: CaseStatus | "deleted" } {
  const facts = { status: start.status, acceptedAt: start.accepted ? new Date(0) : null };
  const unchanged = (http: number) => ({ http, after: start.status });
  if (a.kind === "resend") throw new Error("a re-send moves no case: it is not in the matrix");
  if (role === "otherLawyer" || role === "staff" || role === "anonymous") return unchanged(404);
  if (a.kind === "withdraw") {
    if (role !== "client") return unchanged(404);
    return findTransition(facts, "deleted", "client", "withdraw")
      ? { http: 204, after: "deleted" }
      : unchanged(409);
  }
  if (role === "client") return unchanged(a.kind === "status" ? 403 : 404);
  const to: CaseStatus = a.kind === "accept" ? "accepted" : a.kind === "decline" ? "declined" : a.to;
  if (a.kind === "status" && to === start.status) return unchanged(200);
  return findTransition(facts, to, "lawyer", a.kind as CaseMove) ? { http: 200, after: to } : unchanged(409);
}

describe(`every (status, move) × role against the transition table (issue 27 §2, ${TEST_ENGINE})`, () => {
  it("answers what lib/case-states.ts says, and moves the case exactly when it allows", async () => {
    const cast = await newCast();
    let allowed = 0;
    let refused = 0;
    for (const start of STARTS) {
      const shared = await caseAt(cast, start);
      for (const a of ATTEMPTS)
        for (const role of ROLES) {
          const want = expected(start, role, a);
          const moves = want.after !== start.status;
          // A move that succeeds changes the case: it gets a case of its own.
          const id = moves ? await caseAt(cast, start) : shared;
          const before = await rowOf(id);
          const http = await attempt(cast, id, role, a);
          const what = `${start.status}${start.accepted ? " (accepted)" : ""} ${label(a)} by ${role}`;
          expect(http, what).toBe(want.http);
          const after = await rowOf(id);
          if (want.after === "deleted") {
            expect(after, what).toBeNull();
            allowed += 1;
          } else if (!moves) {
            // Refused or a no-op: nothing at all changed.
            expect(after, what).toEqual(before);
            refused += want.http === 200 ? 0 : 1;
          } else {
            expect(after?.status, what).toBe(want.after);
            expect(after?.acceptedAt !== null, what).toBe(start.accepted || a.kind === "accept");
            const steps = await harness.database.db
              .select()
              .from(caseStatusEvents)
              .where(eq(caseStatusEvents.caseId, id));
            expect(
              steps.map((s) => s.status),
              what,
            ).toContain(want.after);
            allowed += 1;
          }
        }
    }
    // The table's every row of the lawyer and the client was walked (withdrawal from two starts).
    const lawyerRows = CASE_TRANSITIONS.filter((t) => t.by === "lawyer").length;
    expect(allowed).toBe(lawyerRows + 2);
    expect(refused).toBeGreaterThan(200);
  });
});

/** One attempted move by one role, as fast-check draws them. */
const stepArb = fc.record({
  // The case's two parties try most of the moves; the outsiders now and then.
  role: fc.oneof(
    { arbitrary: fc.constant<Role>("lawyer"), weight: 4 },
    { arbitrary: fc.constant<Role>("client"), weight: 2 },
    { arbitrary: fc.constantFrom<Role>("otherLawyer", "staff", "anonymous"), weight: 1 },
  ),
  move: fc.constantFrom<Attempt>(...ATTEMPTS, { kind: "resend" }),
  /** Days to wait before the move (the re-send of an unanswered case waits 24 h). */
  wait: fc.constantFrom(0, 0, 1),
});

describe(`random sequences of attempted moves keep the invariants (issue 27 §2, ${TEST_ENGINE})`, () => {
  it("nothing past pending without an accept; declined never reopens; reviews only after a real engagement; the file only after acceptedAt", async () => {
    const others = await newCast();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 8 }), (steps) =>
        // Each run starts at the same time (sessions last 30 days on the same clock).
        clock.rewinding(async () => {
          // A lawyer of its own per run (accept and decline count 120 an hour per lawyer).
          const cast: Cast = { ...others, lawyer: await parties.lawyerWithListing("Run Lawyer") };
          const id = await sendCase(cast.lawyer, cast.client.token, cast.client.email);
          let before = await rowOf(id);
          for (const step of steps) {
            if (!before) break;
            clock.advance(step.wait * DAY);
            const http = await attempt(cast, id, step.role, step.move);
            expect(http).toBeLessThan(500);
            const after = await rowOf(id);
            const what = `${before.status} ${label(step.move)} by ${step.role}`;
            if (!after) {
              // Only the client's withdrawal deletes, and only a case never accepted.
              expect(step.role === "client" && step.move.kind === "withdraw", what).toBe(true);
              expect(before.acceptedAt, what).toBeNull();
              break;
            }
            // Only the case's lawyer moves a status; a re-send leaves the original as it is.
            if (after.status !== before.status) expect(step.role, what).toBe("lawyer");
            // Nothing reaches reviewing, accepted, engaged or closed without an accept.
            if ((AFTER_ACCEPTANCE_STATUSES as readonly string[]).includes(after.status))
              expect(after.acceptedAt, what).not.toBeNull();
            // A declined case never reopens, and what was decided stays decided.
            if (before.status === "declined") expect(after.status, what).toBe("declined");
            if (before.acceptedAt) expect(after.acceptedAt, what).toEqual(before.acceptedAt);
            if (before.declinedAt) expect(after.declinedAt, what).toEqual(before.declinedAt);
            if (before.engagedAt) expect(after.engagedAt, what).toEqual(before.engagedAt);
            // An engagement is real: after an accept, and the review window follows it alone.
            if (after.engagedAt) {
              expect(after.acceptedAt, what).not.toBeNull();
              expect(after.engagedAt.getTime(), what).toBeGreaterThanOrEqual(
                after.acceptedAt?.getTime() ?? 0,
              );
            }
            const review = await call("GET", `/api/cases/${id}/review`, { token: cast.client.token });
            if (!after.engagedAt) expect(review.body.state, what).toBe("not_engaged");
            // The lawyer sees the file exactly when acceptedAt is set, whatever the status says.
            const seen = await call("GET", `/api/cases/${id}`, { token: cast.lawyer.token });
            expect(seen.body.case.summaryOnly, what).toBe(after.acceptedAt === null);
            expect(seen.text.includes(SECRET), what).toBe(after.acceptedAt !== null);
            before = after;
          }
        }),
      ),
      { numRuns: 40 },
    );
  });
});

describe(`racing moves: one wins, the other is refused (issue 27 §2, ${TEST_ENGINE})`, () => {
  it("accept against decline, and accept against the client's withdrawal, sent at the same time", async () => {
    const cast = await newCast();
    for (let i = 0; i < 4; i++) {
      const id = await sendCase(cast.lawyer, cast.client.token, cast.client.email);
      const [accept, decline] = await Promise.all([
        attempt(cast, id, "lawyer", { kind: "accept" }),
        attempt(cast, id, "lawyer", { kind: "decline" }),
      ]);
      expect([accept, decline].sort()).toEqual([200, 409]);
      const row = await rowOf(id);
      expect(row?.status).toBe(accept === 200 ? "accepted" : "declined");
      expect(row?.acceptedAt !== null).toBe(accept === 200);
      expect(row?.declinedAt !== null).toBe(decline === 200);
      const steps = await harness.database.db
        .select()
        .from(caseStatusEvents)
        .where(eq(caseStatusEvents.caseId, id));
      expect(steps).toHaveLength(2);
    }
    for (let i = 0; i < 4; i++) {
      const id = await sendCase(cast.lawyer, cast.client.token, cast.client.email);
      const [accept, withdraw] = await Promise.all([
        attempt(cast, id, "lawyer", { kind: "accept" }),
        attempt(cast, id, "client", { kind: "withdraw" }),
      ]);
      const row = await rowOf(id);
      if (withdraw === 204) {
        expect(row).toBeNull();
        expect([404, 409]).toContain(accept);
      } else {
        expect(withdraw).toBe(409);
        expect(accept).toBe(200);
        expect(row).toMatchObject({ status: "accepted" });
      }
    }
  });
});

describe(`the refusal in the one error shape, in the reader's language (${TEST_ENGINE})`, () => {
  it("names both statuses: 409 { message, fieldErrors.status } in English and German", async () => {
    const cast = await newCast();
    const id = await caseAt(cast, STARTS.find((s) => s.status === "engaged") as Start);
    const body = { status: "reviewing" };
    const en = await call("PATCH", `/api/cases/${id}/status`, { token: cast.lawyer.token, body });
    expect(en.status).toBe(409);
    expect(en.body.message).toBe("A case that is “Engaged” cannot be changed to “Under review”.");
    expect(en.body.fieldErrors?.status).toEqual([en.body.message]);
    const de = await call("PATCH", `/api/cases/${id}/status`, {
      token: cast.lawyer.token,
      body,
      headers: { "Accept-Language": "de" },
    });
    expect(de.body.message).toBe(
      "Ein Fall mit dem Status „Mandatiert“ kann nicht auf „In Prüfung“ gesetzt werden.",
    );
  });
});
