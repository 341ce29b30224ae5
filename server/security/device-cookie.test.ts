/**
 * The review checks' device cookie (issue 27 §2; server/security/device-cookie.ts) on a small
 * Hono app: a page answer sets it only when a review signal used the browser's new id, with
 * HttpOnly, Secure, SameSite=Lax, Path=/ and a year's Max-Age; a browser that has one keeps it
 * (nothing set); a malformed value counts as none; the JSON API never sets it and has no device
 * without the cookie.
 */
import { randomBytes } from "node:crypto";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE, DEVICE_COOKIE_DAYS } from "../../lib/privacy.ts";
import { type DeviceVariables, deviceCookies, deviceCookieValue } from "./device-cookie.ts";

/** An app whose routes mark the device used when `?use=1`, and answer what they saw. */
function app() {
  const hono = new Hono<{ Variables: DeviceVariables }>();
  hono.use("*", deviceCookies());
  hono.all("*", (c) => {
    const device = c.get("device");
    if (device && c.req.query("use") === "1") device.used = true;
    return c.json({ id: device?.id ?? null, isNew: device?.isNew ?? null });
  });
  return hono;
}
const setCookie = (res: Response) =>
  res.headers.getSetCookie().find((v) => v.startsWith(`${DEVICE_COOKIE}=`));
const withCookie = (value: string) => ({ headers: { Cookie: `other=1; ${DEVICE_COOKIE}=${value}` } });

describe("deviceCookies (issue 27 §2)", () => {
  it("sets a new id on a page answer only when a signal used it", async () => {
    expect(setCookie(await app().request("/login"))).toBeUndefined();
    const res = await app().request("/login?use=1", { method: "POST" });
    const body = (await res.json()) as { id: string; isNew: boolean };
    expect(body.isNew).toBe(true);
    const cookie = setCookie(res) as string;
    expect(cookie.startsWith(`${DEVICE_COOKIE}=${body.id};`)).toBe(true);
    for (const attribute of [
      "HttpOnly",
      "Secure",
      "SameSite=Lax",
      "Path=/",
      `Max-Age=${DEVICE_COOKIE_DAYS * 86_400}`,
    ])
      expect(cookie).toContain(attribute);
  });

  it("keeps a browser's id (nothing set), and treats a malformed value as none", async () => {
    const id = randomBytes(32).toString("base64url");
    const res = await app().request("/login?use=1", { method: "POST", ...withCookie(id) });
    expect(await res.json()).toEqual({ id, isNew: false });
    expect(setCookie(res)).toBeUndefined();
    for (const bad of ["short", `${id}x`, `${"a".repeat(42)}!`, ""]) {
      const r = await app().request("/login?use=1", { method: "POST", ...withCookie(bad) });
      expect(((await r.json()) as { isNew: boolean }).isNew, bad).toBe(true);
    }
    expect(deviceCookieValue(new Request("http://x/", withCookie(id)))).toBe(id);
  });

  it("never sets it on the JSON API, which has no device without the cookie", async () => {
    const res = await app().request("/api/auth/signup?use=1", { method: "POST" });
    expect(await res.json()).toEqual({ id: null, isNew: null });
    expect(setCookie(res)).toBeUndefined();
    const id = randomBytes(32).toString("base64url");
    const known = await app().request("/api/cases?use=1", { method: "POST", ...withCookie(id) });
    expect(await known.json()).toEqual({ id, isNew: false });
  });
});
