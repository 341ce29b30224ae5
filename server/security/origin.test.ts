/**
 * The cross-site check (issue 3 "Cross-site requests") branch by branch, through Hono's request
 * handling (app.request) with the real middleware. The end-to-end cases over a real server and
 * real sessions are in server/api/auth.test.ts "cross-site requests".
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../lib/account.ts";
import { english } from "../../tests/support/english.ts";
import { CROSS_SITE_MESSAGE, crossSiteVerdict, sameOriginOnly } from "./origin.ts";

const SITE = "http://127.0.0.1:4000";
const COOKIE = `${SESSION_COOKIE}=${"t".repeat(43)}`;

/** A tiny app behind the middleware that answers 200 "passed" to anything it lets through. */
function appWith(publicUrl?: string) {
  const refused: string[] = [];
  const app = new Hono();
  app.use("*", sameOriginOnly({ publicUrl, onRefused: (reason) => refused.push(reason) }));
  app.all("*", (c) => c.text("passed"));
  return { app, refused };
}

async function status(
  method: string,
  headers: Record<string, string>,
  publicUrl?: string,
  url = `${SITE}/api/x`,
) {
  const { app } = appWith(publicUrl);
  const res = await app.request(url, { method, headers });
  return res.status;
}

describe("sameOriginOnly", () => {
  it.each(["GET", "HEAD", "OPTIONS"])("lets a safe %s through whatever its origin", async (method) => {
    expect(await status(method, { Origin: "https://evil.example", Cookie: COOKIE })).toBe(200);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"])(
    "refuses %s with the cookie from a foreign Origin: 403 { message }",
    async (method) => {
      const { app, refused } = appWith();
      const res = await app.request(`${SITE}/api/x`, {
        method,
        headers: { Origin: "https://evil.example", Cookie: COOKIE },
      });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ message: english(CROSS_SITE_MESSAGE) });
      expect(refused).toEqual(["Origin https://evil.example"]);
    },
  );

  it("answers the 403 in the language of Accept-Language (issue 14 §1): German and Arabic", async () => {
    const { app } = appWith();
    const ask = (lang: string) =>
      app.request(`${SITE}/de/contact`, {
        method: "POST",
        headers: { Origin: "https://evil.example", Cookie: COOKIE, "Accept-Language": lang },
      });
    const de = await ask("de-DE");
    expect(de.status).toBe(403);
    expect(de.headers.get("Content-Language")).toBe("de");
    expect(await de.json()).toEqual({
      message:
        "Anfrage von einer anderen Website abgelehnt: Dieses Formular muss von LexAtlas selbst gesendet werden.",
    });
    const ar = await ask("ar-AE");
    expect(await ar.json()).toEqual({
      message: "تم رفض طلب من موقع آخر: يجب إرسال هذا النموذج من LexAtlas نفسه.",
    });
  });

  it("refuses a foreign Origin even without a cookie (a login CSRF), and Origin: null", async () => {
    expect(await status("POST", { Origin: "https://evil.example" })).toBe(403);
    expect(await status("POST", { Origin: "null", Cookie: COOKIE })).toBe(403);
  });

  it("refuses another port or scheme of the same host", async () => {
    expect(await status("POST", { Origin: "http://127.0.0.1:4001", Cookie: COOKIE })).toBe(403);
    expect(await status("POST", { Origin: "https://127.0.0.1:4000", Cookie: COOKIE })).toBe(403);
  });

  it("lets the site's own Origin through", async () => {
    expect(await status("POST", { Origin: SITE, Cookie: COOKIE })).toBe(200);
  });

  it("with PUBLIC_URL, the site's origin is PUBLIC_URL's, not the request URL's", async () => {
    const publicUrl = "https://lexatlas.example/some/path";
    expect(await status("POST", { Origin: "https://lexatlas.example", Cookie: COOKIE }, publicUrl)).toBe(200);
    expect(await status("POST", { Origin: SITE, Cookie: COOKIE }, publicUrl)).toBe(403);
  });

  it("lets a Bearer request through whatever its Origin (the cookie is then not consulted)", async () => {
    expect(
      await status("POST", { Origin: "https://evil.example", Cookie: COOKIE, Authorization: "Bearer abc" }),
    ).toBe(200);
    expect(await status("POST", { Origin: "https://evil.example", Authorization: "bearer abc" })).toBe(200);
  });

  it("does not take Basic authorization for Bearer", async () => {
    expect(await status("POST", { Origin: "https://evil.example", Authorization: "Basic abc" })).toBe(403);
  });

  it.each([
    ["same-origin", 200],
    ["none", 200],
    ["same-site", 403],
    ["cross-site", 403],
  ])("without Origin, Sec-Fetch-Site %s → %i", async (site, expected) => {
    expect(await status("POST", { "Sec-Fetch-Site": site, Cookie: COOKIE })).toBe(expected);
    expect(await status("POST", { "Sec-Fetch-Site": site })).toBe(expected);
  });

  it("with neither header, refuses a request carrying the session cookie and passes one without", async () => {
    expect(await status("POST", { Cookie: COOKIE })).toBe(403);
    expect(await status("POST", { Cookie: `theme=dark; ${COOKIE}` })).toBe(403);
    expect(await status("POST", {})).toBe(200);
    expect(await status("POST", { Cookie: "theme=dark" })).toBe(200);
    expect(await status("POST", { Cookie: `${SESSION_COOKIE}=` })).toBe(200);
  });

  it("with neither header, refuses a request carrying a case's tracking cookie (it signs a visitor in to that case)", async () => {
    const tracking = `lexatlas_case_0b7e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4=${"k".repeat(43)}`;
    expect(
      await status(
        "POST",
        { Cookie: tracking },
        undefined,
        `${SITE}/cases/0b7e1c2d-3f4a-4b5c-8d6e-7f8091a2b3c4`,
      ),
    ).toBe(403);
    expect(await status("POST", { Cookie: `theme=dark; ${tracking}` })).toBe(403);
    expect(await status("POST", { Cookie: tracking, "Sec-Fetch-Site": "same-origin" })).toBe(200);
    expect(await status("POST", { Cookie: tracking, Origin: SITE })).toBe(200);
    expect(await status("POST", { Cookie: "lexatlas_case_x=" })).toBe(200);
  });

  it("Origin decides over Sec-Fetch-Site when both are sent", async () => {
    expect(await status("POST", { Origin: SITE, "Sec-Fetch-Site": "cross-site", Cookie: COOKIE })).toBe(200);
    expect(await status("POST", { Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" })).toBe(
      403,
    );
  });
});

describe("crossSiteVerdict", () => {
  it("says why a request is refused, in words short enough for a log line", () => {
    const request = new Request(`${SITE}/x`, {
      method: "POST",
      headers: { Origin: `https://${"a".repeat(500)}.example` },
    });
    expect(crossSiteVerdict(request, SITE)?.length).toBeLessThanOrEqual(107);
    const noHeaders = new Request(`${SITE}/x`, { method: "POST", headers: { Cookie: COOKIE } });
    expect(crossSiteVerdict(noHeaders, SITE)).toBe("session cookie without Origin or Sec-Fetch-Site");
  });
});
