/**
 * A small HTTP client for the API integration tests (issue 3 "Tests"): requests to a real test
 * server (tests/support/server.ts) from a fresh client IP each (the server trusts X-Forwarded-For
 * with TRUST_PROXY, so per-IP rate limits of one test never leak into another), fresh email
 * addresses, and a sign-up through POST /api/auth/signup. Every answer is checked: never a 5xx.
 */
import { expect } from "vitest";
import { type PublicUser, SESSION_COOKIE } from "../../lib/account.ts";
import type { Database } from "../../server/db/client.ts";
import { lawyers } from "../../server/db/schema.ts";
import type { TestServer } from "./server.ts";

/** The password sign-ups use unless told otherwise (strong enough for the password rules). */
export const TEST_PASSWORD = "correct horse 42";

/** One answer: status, headers, the raw text and the body parsed as JSON (else the text). */
export interface ApiCall {
  status: number;
  headers: Headers;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field
  body: any;
}

/** Options of one request. */
export interface CallOptions {
  /** Sent as JSON (Content-Type application/json unless `headers` says otherwise). */
  body?: unknown;
  /** Sent as is instead of `body`; a string is labelled JSON like `body`. */
  raw?: BodyInit;
  /** Sent as multipart/form-data instead of `body`. */
  form?: FormData;
  /** X-Forwarded-For; a fresh IP when absent. */
  ip?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** A session token sent as the session cookie. */
  cookie?: string;
  headers?: Record<string, string>;
}

/** What `testApi` answers. */
export interface TestApi {
  /** A client IP no other request of this file uses (documentation range 198.18.0.0/15). */
  freshIp(): string;
  /** An address `<prefix>.<n>@example.org` no other test of this file uses. */
  freshEmail(prefix?: string): string;
  /** One request to `path` (e.g. "/api/auth/me"); fails the test on a 5xx. */
  call(method: string, path: string, opts?: CallOptions): Promise<ApiCall>;
  /**
   * Signs up a fresh account (a fresh email, TEST_PASSWORD, "Ann Lee", then `signUpDefaults`,
   * then `fields`) and answers its token, user, email and password; fails the test unless 201.
   */
  signUp(fields?: Record<string, unknown>): Promise<{
    token: string;
    user: PublicUser;
    email: string;
    password: string;
  }>;
}

/**
 * The client for the test server `server()` (a function, as the server starts in beforeAll).
 * `emailPrefix` starts fresh addresses; `signUpDefaults` are fields every sign-up sends (e.g.
 * `{ role: "lawyer" }`); `inspect` sees every answer after the 5xx check (e.g. to look for
 * secrets). IPs and emails share one counter per client, so each is unique within a test file.
 */
export function testApi(
  server: () => TestServer,
  options: {
    emailPrefix?: string;
    signUpDefaults?: Record<string, unknown>;
    inspect?: (method: string, path: string, answer: ApiCall) => void;
  } = {},
): TestApi {
  let counter = 0;
  const freshIp = () => {
    counter += 1;
    return `198.18.${(counter >> 8) & 255}.${counter & 255}`;
  };
  const freshEmail = (prefix = options.emailPrefix ?? "user") => {
    counter += 1;
    return `${prefix}.${counter}@example.org`;
  };
  const call = async (method: string, path: string, opts: CallOptions = {}): Promise<ApiCall> => {
    const headers: Record<string, string> = { "X-Forwarded-For": opts.ip ?? freshIp(), ...opts.headers };
    if (opts.body !== undefined || typeof opts.raw === "string")
      headers["Content-Type"] ??= "application/json";
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    if (opts.cookie) headers.Cookie = `${SESSION_COOKIE}=${opts.cookie}`;
    const res = await fetch(`${server().baseUrl}${path}`, {
      method,
      headers,
      body: opts.form ?? opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    expect(res.status, `${method} ${path}: ${text.slice(0, 200)}`).toBeLessThan(500);
    const answer = { status: res.status, headers: res.headers, text, body };
    options.inspect?.(method, path, answer);
    return answer;
  };
  const signUp = async (fields: Record<string, unknown> = {}) => {
    const input = {
      email: freshEmail(),
      password: TEST_PASSWORD,
      firstName: "Ann",
      lastName: "Lee",
      ...options.signUpDefaults,
      ...fields,
    };
    const r = await call("POST", "/api/auth/signup", { body: input });
    expect(r.status, r.text).toBe(201);
    return {
      token: r.body.token as string,
      user: r.body.user as PublicUser,
      email: input.email as string,
      password: input.password as string,
    };
  };
  return { freshIp, freshEmail, call, signUp };
}

/**
 * Inserts a listing in Toronto (Aaron Clarke, Clarke Injury Law, Car Accidents) with the contact
 * `email`, verified by default, with `fields` on top; answers its id.
 */
export async function insertTestListing(
  database: Database,
  email: string,
  fields: Partial<typeof lawyers.$inferInsert> = {},
): Promise<number> {
  const rows = await database.db
    .insert(lawyers)
    .values({
      name: "Aaron Clarke",
      firm: "Clarke Injury Law",
      email,
      phone: "+14165550100",
      location: "Toronto, Ontario, Canada",
      country: "Canada",
      countryCode: "CA",
      state: "Ontario",
      city: "Toronto",
      practiceAreas: ["Car Accidents"],
      ...fields,
    })
    .returning({ id: lawyers.id });
  return rows[0]?.id as number;
}

/**
 * The field an error body names first: the first key of its `fieldErrors` (the one error body
 * `{ message, fieldErrors? }`, issue 13 §3), or undefined.
 */
export function firstField(body: unknown): string | undefined {
  const errors = (body as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors;
  return errors ? Object.keys(errors)[0] : undefined;
}

/** The first message of each field of an error body's `fieldErrors`, e.g. `{ phone: "Please …" }`; `{}` without any. */
export function firstMessages(body: unknown): Record<string, string> {
  const errors = (body as { fieldErrors?: Record<string, string[]> } | null)?.fieldErrors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list[0] ?? ""]));
}
