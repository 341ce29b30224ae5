/**
 * The page-side session helpers that need no database (issue 3 "Screens"): where a signed-out
 * visitor returns to after signing in, and whether a request carries a session cookie.
 */
import { describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../lib/account.ts";
import { hasSessionCookie, returnPath } from "./session.server.ts";

const ORIGIN = "http://lexatlas.test";

describe("session helpers", () => {
  it("returnPath gives the page of a React Router data request, never the .data URL", () => {
    const at = (path: string) => returnPath(new Request(`${ORIGIN}${path}`));
    expect(at("/dashboard?view=upgrade")).toBe("/dashboard?view=upgrade");
    expect(at("/dashboard.data")).toBe("/dashboard");
    expect(at("/dashboard.data?_routes=routes%2Fdashboard")).toBe("/dashboard");
    expect(at("/dashboard.data?view=upgrade&_routes=root")).toBe("/dashboard?view=upgrade");
    expect(at("/_root.data")).toBe("/");
  });

  it("hasSessionCookie finds the session cookie among others and ignores an empty one", () => {
    const req = (cookie: string) => new Request("http://x/", { headers: { Cookie: cookie } });
    expect(hasSessionCookie(req(`a=1; ${SESSION_COOKIE}=tok; b=2`))).toBe(true);
    expect(hasSessionCookie(req(`${SESSION_COOKIE}=`))).toBe(false);
    expect(hasSessionCookie(req(`x${SESSION_COOKIE}=tok`))).toBe(false);
    expect(hasSessionCookie(new Request("http://x/"))).toBe(false);
  });
});
