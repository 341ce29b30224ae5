/**
 * Reading the session token from a request and writing the session cookie (issue 3 "Sessions").
 */
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import {
  bearerToken,
  clearedSessionCookie,
  requestToken,
  sessionCookie,
  sessionCookieValue,
} from "./cookies.ts";

const req = (headers: Record<string, string>) => new Request("http://localhost/", { headers });
const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde";

describe("requestToken", () => {
  it("takes the Bearer header first (scheme in any case), then the cookie", () => {
    expect(requestToken(req({ Authorization: `Bearer ${TOKEN}` }))).toEqual({ token: TOKEN, via: "bearer" });
    expect(requestToken(req({ Authorization: `bearer   ${TOKEN} ` }))).toEqual({
      token: TOKEN,
      via: "bearer",
    });
    expect(requestToken(req({ Cookie: `${SESSION_COOKIE}=${TOKEN}` }))).toEqual({
      token: TOKEN,
      via: "cookie",
    });
    expect(
      requestToken(req({ Authorization: "Bearer other", Cookie: `${SESSION_COOKIE}=${TOKEN}` })),
    ).toEqual({ token: "other", via: "bearer" });
  });

  it("a Bearer header without a token does not fall back to the cookie", () => {
    expect(requestToken(req({ Authorization: "Bearer", Cookie: `${SESSION_COOKIE}=${TOKEN}` }))).toBeNull();
    expect(bearerToken(req({ Authorization: "Bearer a b" }))).toBeNull();
  });

  it("ignores other schemes and reads the cookie instead", () => {
    expect(requestToken(req({ Authorization: "Basic abc", Cookie: `${SESSION_COOKIE}=${TOKEN}` }))).toEqual({
      token: TOKEN,
      via: "cookie",
    });
    expect(requestToken(req({}))).toBeNull();
  });
});

describe("sessionCookieValue", () => {
  it.each([
    [`${SESSION_COOKIE}=${TOKEN}`, TOKEN],
    [`a=1; ${SESSION_COOKIE}=${TOKEN}; b=2`, TOKEN],
    [`a=1;${SESSION_COOKIE}=${TOKEN}`, TOKEN],
    [`${SESSION_COOKIE}="${TOKEN}"`, TOKEN],
    [`broken; ${SESSION_COOKIE}=${TOKEN}`, TOKEN],
    [`${SESSION_COOKIE}=${TOKEN}; ${SESSION_COOKIE}=second`, TOKEN],
    [`x${SESSION_COOKIE}=${TOKEN}`, null],
    [`${SESSION_COOKIE}=`, null],
    [`${SESSION_COOKIE}=a;b`, "a"],
    ["", null],
    ["=;;==", null],
  ])("reads %j as %j", (header, expected) => {
    expect(sessionCookieValue(req(header ? { Cookie: header } : {}))).toBe(expected);
  });
});

describe("Set-Cookie values", () => {
  it("sets HttpOnly; Secure; SameSite=Lax; Path=/ with the session's expiry", () => {
    const expires = new Date(Date.now() + 30 * 24 * 3600 * 1000);
    const value = sessionCookie(TOKEN, expires);
    expect(value.startsWith(`${SESSION_COOKIE}=${TOKEN};`)).toBe(true);
    for (const part of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/", `Expires=${expires.toUTCString()}`])
      expect(value).toContain(part);
    const maxAge = Number(/Max-Age=(\d+)/.exec(value)?.[1]);
    expect(maxAge).toBeGreaterThan(30 * 24 * 3600 - 5);
    expect(maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
  });

  it("clears with an empty value, Max-Age=0 and the same attributes", () => {
    const value = clearedSessionCookie();
    expect(value.startsWith(`${SESSION_COOKIE}=;`)).toBe(true);
    for (const part of [
      "Max-Age=0",
      "HttpOnly",
      "Secure",
      "SameSite=Lax",
      "Path=/",
      "Expires=Thu, 01 Jan 1970",
    ])
      expect(value).toContain(part);
  });
});
