/**
 * The security headers of every response (server/security/headers.ts, issue 13 §1) on a small
 * Hono app: HSTS only for an https PUBLIC_URL, Permissions-Policy, a handler's own header kept,
 * and the no-script policy for HTML that did not come from a rendered page.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { HSTS_VALUE, NO_SCRIPT_HTML_POLICY, securityHeaders } from "./headers.ts";

function app(publicUrl?: string) {
  const hono = new Hono();
  hono.use("*", securityHeaders({ PUBLIC_URL: publicUrl }));
  hono.get("/json", (c) => c.json({ ok: true }));
  hono.get("/html", (c) => c.html("<p>hi</p>"));
  hono.get("/own", (c) => {
    c.header("Referrer-Policy", "same-origin");
    c.header("Content-Security-Policy", "default-src 'none'; sandbox");
    return c.html("<p>own</p>");
  });
  return hono;
}

describe("securityHeaders (issue 13 §1)", () => {
  it("sets nosniff, frame, referrer and permissions headers on every answer", async () => {
    const res = await app("http://localhost:3000").request("/json");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const permissions = res.headers.get("Permissions-Policy") ?? "";
    expect(permissions).toContain("camera=()");
    expect(permissions).toContain("microphone=()");
    expect(permissions).toContain("geolocation=(self)");
    expect(res.headers.get("Content-Security-Policy")).toBeNull();
  });

  it("sends HSTS only when PUBLIC_URL is https", async () => {
    expect(
      (await app("https://lexatlas.example").request("/json")).headers.get("Strict-Transport-Security"),
    ).toBe(HSTS_VALUE);
    expect(
      (await app("http://lexatlas.example").request("/json")).headers.get("Strict-Transport-Security"),
    ).toBeNull();
    expect((await app(undefined).request("/json")).headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("gives HTML without a policy one that runs no script, and keeps a handler's own headers", async () => {
    const plain = await app().request("/html");
    expect(plain.headers.get("Content-Security-Policy")).toBe(NO_SCRIPT_HTML_POLICY);
    expect(NO_SCRIPT_HTML_POLICY).toContain("default-src 'none'");
    const own = await app().request("/own");
    expect(own.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(own.headers.get("Content-Security-Policy")).toBe("default-src 'none'; sandbox");
  });
});
