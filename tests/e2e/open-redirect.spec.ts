import { OPEN_REDIRECT_ATTACKS, SAME_SITE_PATHS, staysOnSite } from "../support/open-redirect-payloads.ts";
import { expect, test } from "./support/test.ts";

/**
 * The sign-in return path against the running server (issue 13 §1 "Open redirect after
 * sign-in"): every attack of the table on GET /login and GET /signup for a signed-in visitor,
 * and the issue's four dot-segment payloads on POST /login (each a real sign-in; the limit of
 * 30 sign-ins per IP per 15 minutes is shared with the other journeys, so not the whole table:
 * app/routes/open-redirect.test.ts posts all of it). Location must stay on this site.
 */

const CLIENT = { email: "client@demo.lexatlas.example", password: "lexatlas-client-demo" };
const ISSUE_PAYLOADS = ["/.//evil.example", "/..//evil.example", "/a/..//evil.example", "/%2e//evil.example"];

test("sign-in, and the sign-in and sign-up pages of a signed-in visitor, never redirect off the site", async ({
  request,
  baseURL,
}) => {
  const origin = baseURL as string;
  for (const attack of ISSUE_PAYLOADS) {
    const response = await request.post("/login", {
      form: { ...CLIENT, redirectTo: attack },
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(response.status(), attack).toBe(302);
    expect(response.headers().location, attack).toBe("/dashboard");
  }
  // the request context now holds the session cookie of the last sign-in
  for (const page of ["/login", "/signup"]) {
    for (const attack of OPEN_REDIRECT_ATTACKS) {
      const response = await request.get(`${page}?${new URLSearchParams({ redirectTo: attack })}`, {
        maxRedirects: 0,
      });
      expect(response.status(), `${page} ${JSON.stringify(attack)}`).toBe(302);
      const location = response.headers().location ?? "";
      expect(location, `${page} ${JSON.stringify(attack)}`).toBe("/dashboard");
    }
    for (const { input, expected } of SAME_SITE_PATHS) {
      const response = await request.get(`${page}?${new URLSearchParams({ redirectTo: input })}`, {
        maxRedirects: 0,
      });
      const location = response.headers().location ?? "";
      expect(location, `${page} ${input}`).toBe(expected);
      expect(staysOnSite(location, origin)).toBe(true);
    }
  }
});
