/**
 * Issue 27 §2 against the built pages, reading the real server's log (tests/e2e/support/log-server.ts:
 * the built app, the real logger at level debug through the real destination, a fresh database;
 * PostgreSQL with TEST_DATABASE_URL):
 *
 * - a page 5xx, from its loader (a database failure) or its render (an error inside the root's
 *   Suspense boundary, which used to answer 500 with nothing logged), writes ONE error line with
 *   the request id, the route pattern and the cause;
 * - the case page shows a Date Needed that is no date as typed (it answered 500: the sporadic 500
 *   of `GET /cases/{id}` in issue 27);
 * - a marker through the page forms (sign-up, login with a wrong password, forgot password,
 *   contact, Send Message, Submit Case, a case message, a review, the listing edit), query
 *   strings, paths and headers never reaches the log, nor does the value a failed query carried.
 */
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { DEMO_ACCOUNTS } from "../../server/seed/demo-accounts.ts";
import { expect, test } from "./support/test";

const root = path.resolve(import.meta.dirname, "../..");
const MARKER = `MARKER-${Math.random().toString(36).slice(2, 10)}`;
const MARKER_EMAIL = `${MARKER}@example.org`;

interface LogServer {
  baseUrl: string;
}
/** The demo lawyer account (README "Demo") and its listing's id, once signed in. */
const LAWYER = DEMO_ACCOUNTS.find((a) => a.role === "lawyer" && !a.premium) as (typeof DEMO_ACCOUNTS)[number];
let lawyerId = 0;
let lawyerToken = "";

let child: ChildProcessWithoutNullStreams;
let srv: LogServer;
/** Everything the server wrote: its log (stderr) and its stdout. */
let output = "";

test.beforeAll(async () => {
  child = spawn(process.execPath, ["tests/e2e/support/log-server.ts"], { cwd: root, env: process.env });
  child.stderr.on("data", (d) => {
    output += d;
  });
  const lines = createInterface({ input: child.stdout });
  srv = await new Promise<LogServer>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`log server silent: ${output}`)), 60_000);
    lines.once("line", (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as LogServer);
      lines.on("line", (l) => {
        output += `${l}\n`;
      });
    });
  });
});
test.afterAll(async () => {
  if (!child) return;
  await new Promise<void>((resolve) => {
    child.on("exit", () => resolve());
    child.stdin.end();
  });
});

/** The server's log lines (JSON) so far. */
// biome-ignore lint/suspicious/noExplicitAny: log lines are checked field by field
function logLines(): Record<string, any>[] {
  return output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l));
}

/** The log lines of one request, once its own line ("request"/"request failed") was written. */
async function linesOf(requestId: string) {
  await expect
    .poll(() => logLines().some((l) => l.requestId === requestId && /^request/.test(l.msg)))
    .toBe(true);
  return logLines().filter((l) => l.requestId === requestId);
}

let ip = 0;
/** A request from a fresh client address (the server trusts X-Forwarded-For). */
async function send(
  method: string,
  pathname: string,
  options: {
    json?: unknown;
    form?: Record<string, string>;
    token?: string;
    headers?: Record<string, string>;
  } = {},
) {
  ip += 1;
  const headers: Record<string, string> = {
    "X-Forwarded-For": `198.18.${ip >> 8}.${ip & 255}`,
    Origin: srv.baseUrl,
    ...options.headers,
  };
  let body: string | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  }
  if (options.token) headers.Cookie = `__Host-lexatlas_session=${options.token}`;
  const res = await fetch(`${srv.baseUrl}${pathname}`, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  return {
    status: res.status,
    text,
    requestId: res.headers.get("X-Request-Id") ?? "",
    json: () => JSON.parse(text),
  };
}

/** A case of the signed-in client `token` to the log server's listing; answers its id. */
async function caseOf(token: string, fields: Record<string, string>) {
  const r = await send("POST", "/api/cases", {
    headers: { Authorization: `Bearer ${token}` },
    json: {
      caseTitle: "Rear-ended on Queen Street",
      caseType: "Car Accident",
      description: MARKER,
      priority: "high",
      clientName: MARKER,
      clientEmail: MARKER_EMAIL,
      clientPhone: "+1 416 555 0199",
      preferredCommunication: "email",
      lawyerId,
      healthDataConsent: true,
      ...fields,
    },
  });
  expect(r.status, r.text).toBe(201);
  return r.json().case.id as string;
}

/**
 * Opens the case page of a new case titled `title` (a fault seam of log-server.ts) as the client
 * `token`: expects a 500 and exactly one log line at error level for it, and answers that line.
 */
async function failedCasePage(token: string, title: string) {
  const answer = await send("GET", `/cases/${await caseOf(token, { caseTitle: title })}`, { token });
  expect(answer.status).toBe(500);
  const errors = (await linesOf(answer.requestId)).filter((l) => l.level >= 50);
  expect(errors).toHaveLength(1);
  return errors[0];
}

test("a page 5xx logs one error line with its cause; the case page shows a Date Needed that is no date; no marker reaches the log", async () => {
  test.setTimeout(120_000);
  const signUp = await send("POST", "/api/auth/signup", {
    json: { email: MARKER_EMAIL, password: `${MARKER} pass phrase`, firstName: MARKER, lastName: MARKER },
  });
  expect(signUp.status, signUp.text).toBe(201);
  const token = signUp.json().token as string;
  const lawyerLogin = await send("POST", "/api/auth/login", {
    json: { email: LAWYER.email, password: LAWYER.password },
  });
  expect(lawyerLogin.status, lawyerLogin.text).toBe(200);
  lawyerToken = lawyerLogin.json().token as string;
  lawyerId = lawyerLogin.json().user.lawyerId as number;

  // A loader's database failure, and a render error inside the root's Suspense boundary (it
  // answered 500 with nothing logged): each one error line, route pattern, request id, cause.
  expect(await failedCasePage(token, `FAULT ${MARKER}`)).toMatchObject({
    msg: "request failed",
    route: "/:lang?/cases/:id",
    status: 500,
    err: { type: "DrizzleQueryError", cause: { code: "22P02" } },
  });
  expect(await failedCasePage(token, `RENDERFAULT ${MARKER}`)).toMatchObject({
    msg: "request failed",
    route: "/:lang?/cases/:id",
    status: 500,
    err: { type: "TypeError" },
  });

  // Issue 27's sporadic 500: a Date Needed typed as words.
  const soon = await caseOf(token, { dateNeeded: "as soon as possible" });
  const casePage = await send("GET", `/cases/${soon}`, { token });
  expect(casePage.status).toBe(200);
  expect(casePage.text).toContain("as soon as possible");

  // The marker through the page forms, query strings, paths and headers.
  const message = { name: MARKER, email: MARKER_EMAIL, subject: MARKER, message: MARKER };
  const forms: [string, Record<string, string>, string?][] = [
    ["/signup", { firstName: MARKER, lastName: MARKER, email: `${MARKER}.2@example.org`, password: MARKER }],
    ["/login", { email: MARKER_EMAIL, password: `${MARKER} wrong` }],
    ["/forgot-password", { email: MARKER_EMAIL }],
    ["/contact", { ...message, category: "Lawyer Verification" }],
    [`/lawyer/${lawyerId}`, { intent: "message", ...message }],
    [
      `/lawyer/${lawyerId}`,
      {
        intent: "case",
        caseTitle: MARKER,
        caseType: "Car Accident",
        description: MARKER,
        priority: "high",
        dateNeeded: MARKER,
        clientName: MARKER,
        clientEmail: MARKER_EMAIL,
        clientPhone: "+1 416 555 0199",
        preferredCommunication: "email",
        healthDataConsent: "true",
      },
    ],
    [`/cases/${soon}`, { intent: "message", body: MARKER }, token],
    [`/cases/${soon}`, { intent: "review", rating: "5", title: MARKER, text: MARKER }, token],
    ["/dashboard/listing", { intent: "update", bio: MARKER, firm: MARKER }, lawyerToken],
  ];
  for (const [pathname, form, as] of forms) {
    const r = await send("POST", pathname, { form, ...(as ? { token: as } : {}) });
    expect(r.status, `${pathname}: ${r.text.slice(0, 200)}`).toBeLessThan(500);
  }
  const headers = {
    "User-Agent": MARKER,
    "Accept-Language": MARKER,
    "X-Request-Id": MARKER,
    Referer: `https://${MARKER}.example/`,
  };
  let last = "";
  for (const pathname of [
    `/browse-lawyers?q=${MARKER}`,
    `/cases/${soon}?token=${MARKER}`,
    `/reset-password?token=${MARKER}`,
    `/login?redirectTo=/${MARKER}`,
    `/lawyer/${MARKER}`,
    `/personality-matches/${MARKER}`,
    `/${MARKER}`,
  ]) {
    const r = await send("GET", pathname, { headers });
    expect(r.status, pathname).toBeLessThan(500);
    last = r.requestId;
  }
  await linesOf(last);
  expect(logLines().filter((l) => l.msg === "request").length).toBeGreaterThan(15);
  expect(output.toLowerCase()).not.toContain(MARKER.toLowerCase());
});
