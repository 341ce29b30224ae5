/**
 * Calling page loaders and actions in-process, as the route tests of the back office, the
 * verification requests and the moderation screens do (issue 15): requests with the session
 * cookie, the router context with the services and the client IP, the answer read back whatever
 * form it takes, and a staff member who enrolled TOTP through the real pages.
 */
import { generateSync } from "otplib";
import { RouterContextProvider } from "react-router";
import { servicesContext } from "../../app/context.ts";
import {
  action as secondFactorAction,
  loader as secondFactorLoader,
} from "../../app/routes/login.second-factor.tsx";
import { action as loginAction } from "../../app/routes/login.tsx";
import { SESSION_COOKIE } from "../../lib/account.ts";
import type { Database } from "../../server/db/client.ts";
import { rememberClientIp, type Services } from "../../server/services.ts";
import { createOrPromoteStaff } from "../../server/staff/staff-cli.ts";
import { TEST_PASSWORD } from "./api.ts";

/** What a loader or action answered, thrown or returned: status, Location, Set-Cookie, Retry-After and data. */
export interface RouteOutcome {
  status: number;
  location: string | null;
  cookie: string | null;
  retryAfter: string | null;
  data: unknown;
}

/**
 * Runs a loader or action and reads its answer: a Response (thrown or returned, e.g. a redirect),
 * `data(…, init)`, or plain data (status 200). An Error that is not a Response is rethrown.
 */
export async function routeOutcome(run: () => Promise<unknown>): Promise<RouteOutcome> {
  let answer: unknown;
  try {
    answer = await run();
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) {
    return {
      status: answer.status,
      location: answer.headers.get("Location"),
      cookie: answer.headers.get("Set-Cookie"),
      retryAfter: answer.headers.get("Retry-After"),
      data: null,
    };
  }
  const d = answer as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (d && d.type === "DataWithResponseInit") {
    const headers = new Headers(d.init?.headers);
    return {
      status: d.init?.status ?? 200,
      location: null,
      cookie: headers.get("Set-Cookie"),
      retryAfter: headers.get("Retry-After"),
      data: d.data,
    };
  }
  if (answer instanceof Error) throw answer;
  return { status: 200, location: null, cookie: null, retryAfter: null, data: answer };
}

/** The session token in a Set-Cookie value ("" when there is none). */
export function sessionTokenOf(cookie: string | null): string {
  return new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(cookie ?? "")?.[1] ?? "";
}

/** Page requests at `origin`: GET and a same-origin form POST, each with the session cookie of `token`. */
export function pageRequests(origin: string) {
  const cookie = (token?: string): Record<string, string> =>
    token ? { Cookie: `${SESSION_COOKIE}=${token}` } : {};
  return {
    get: (pathname: string, token?: string) =>
      new Request(`${origin}${pathname}`, { headers: cookie(token) }),
    post: (pathname: string, fields: Record<string, string>, token?: string) =>
      new Request(`${origin}${pathname}`, {
        method: "POST",
        headers: { Origin: origin, ...cookie(token) },
        body: new URLSearchParams(fields),
      }),
  };
}

/**
 * A multipart form POST to `url` as the browser sends it: the body of `form` with its
 * Content-Type boundary and Content-Length (the page-form guard checks both), a session `cookie`
 * if any, and `Sec-Fetch-Dest: document` for a page navigation (no JavaScript) or `empty` for a
 * fetcher.
 */
export async function multipartPost(
  url: string,
  form: FormData,
  opts: { cookie?: string; document?: boolean } = {},
): Promise<Request> {
  const probe = new Request(url, { method: "POST", body: form });
  const bytes = await probe.arrayBuffer();
  return new Request(url, {
    method: "POST",
    body: bytes,
    headers: {
      "Content-Type": probe.headers.get("Content-Type") ?? "",
      "Content-Length": String(bytes.byteLength),
      "Sec-Fetch-Dest": opts.document ? "document" : "empty",
      ...(opts.cookie ? { Cookie: opts.cookie } : {}),
    },
  });
}

/** The router context a page request gets from server/app.ts: the services and the client IP. */
export function pageContext(services: Services, ip: string): RouterContextProvider {
  const ctx = new RouterContextProvider();
  ctx.set(servicesContext, services);
  rememberClientIp(ctx, ip);
  return ctx;
}

/**
 * A staff member made by staff:create's code path, with TEST_PASSWORD set through its one-time
 * link, who signs in on /login (from `loginIp`) and enrols TOTP on /login/second-factor with the
 * code computed from the secret the page shows, at `epochSeconds` (default: the real clock).
 * Answers the email and the session token that passed the second factor.
 */
export async function enrolledStaffSession(opts: {
  services: Services;
  database: Database;
  origin: string;
  role: "moderator" | "admin";
  email: string;
  loginIp: string;
  epochSeconds?: number;
}): Promise<{ email: string; token: string }> {
  const { services, database, origin, role, email } = opts;
  const { get, post } = pageRequests(origin);
  const made = await createOrPromoteStaff(database, { email, role, resetSecondFactor: false }, { origin });
  await services.accounts.resetPassword(
    { token: new URL(made.link).searchParams.get("token") ?? "", newPassword: TEST_PASSWORD },
    { ip: "198.51.100.251", origin },
  );
  const login = await routeOutcome(() =>
    loginAction({
      request: post("/login", { email, password: TEST_PASSWORD }),
      context: pageContext(services, opts.loginIp),
      params: {},
    } as never),
  );
  const pending = sessionTokenOf(login.cookie);
  const page = await routeOutcome(() =>
    secondFactorLoader({
      request: get("/login/second-factor", pending),
      context: pageContext(services, "203.0.113.50"),
      params: {},
    } as never),
  );
  const view = (page.data as { view: { mode: string; secret: string } }).view;
  if (view.mode !== "enrol") throw new Error(`expected the enrolment page, got ${view.mode}`);
  const epoch = opts.epochSeconds ?? Math.floor(Date.now() / 1000);
  const done = await routeOutcome(() =>
    secondFactorAction({
      request: post(
        "/login/second-factor",
        { intent: "enrol", code: generateSync({ secret: view.secret, epoch }) },
        pending,
      ),
      context: pageContext(services, "203.0.113.50"),
      params: {},
    } as never),
  );
  if (done.status !== 200) throw new Error(`enrolment answered ${done.status}: ${JSON.stringify(done.data)}`);
  return { email, token: sessionTokenOf(done.cookie) };
}
