import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileTarget, offSiteReason } from "../tests/support/hostile-inputs.ts";
import {
  OPEN_REDIRECT_ATTACKS,
  SAME_SITE_PATHS,
  staysOnSite,
} from "../tests/support/open-redirect-payloads.ts";
import {
  MAX_REDIRECT_LENGTH,
  offSiteRedirect,
  safeRedirect,
  sameSitePath,
  siteRedirect,
} from "./redirects.ts";

const ORIGIN = "https://lexatlas.example";

/** Any string: hostile pieces, arbitrary Unicode (lone surrogates included) and plain paths. */
const anyTarget = fc.oneof(hostileTarget, fc.string({ unit: "binary" }), fc.webPath());

describe("safeRedirect (issue 3: back to the page that sent the visitor, never off the site)", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirect("/dashboard")).toBe("/dashboard");
    expect(safeRedirect("/lawyer/12?tab=cases#top")).toBe("/lawyer/12?tab=cases#top");
    expect(safeRedirect("/a/../dashboard")).toBe("/dashboard");
  });

  it("refuses other origins, backslashes, control characters and non-paths", () => {
    for (const bad of [
      "//evil.example/",
      "/\t/evil.example/",
      "/\n/evil.example/",
      "/\\evil.example",
      "/\t\\evil.example",
      "https://evil.example/",
      "javascript:alert(1)",
      "dashboard",
      "",
      `/${"a".repeat(2001)}`,
    ]) {
      expect(safeRedirect(bad), JSON.stringify(bad)).toBe("/dashboard");
    }
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect("//evil.example", "")).toBe("");
  });

  it("refuses every payload of the open-redirect table and normalises the same-site ones", () => {
    for (const attack of OPEN_REDIRECT_ATTACKS)
      expect(sameSitePath(attack), JSON.stringify(attack)).toBeNull();
    for (const { input, expected } of SAME_SITE_PATHS) expect(sameSitePath(input), input).toBe(expected);
  });
});

describe("sameSitePath: the one rule (issue 27 §2), as properties", () => {
  it("answers null or a path that stays on the site: no //, /\\, scheme, control, whitespace or non-ASCII", () => {
    fc.assert(
      fc.property(anyTarget, (target) => {
        const path = sameSitePath(target);
        if (path === null) return;
        expect(offSiteReason(path, ORIGIN), JSON.stringify([target, path])).toBeNull();
        expect(path.length).toBeLessThanOrEqual(MAX_REDIRECT_LENGTH);
      }),
      { numRuns: 3000 },
    );
  });

  it("is idempotent, and what it accepts a browser would have kept on the site too", () => {
    fc.assert(
      fc.property(anyTarget, (target) => {
        const path = sameSitePath(target);
        if (path === null) return;
        expect(sameSitePath(path)).toBe(path);
        // The raw input, read by a browser (which drops tabs and newlines, reads "\" as "/"),
        // names this site as well: nothing accepted depends on the normalisation.
        expect(staysOnSite(target, ORIGIN), JSON.stringify(target)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("keeps ordinary site paths as they are", () => {
    fc.assert(
      fc.property(fc.webPath({ size: "small" }), fc.webQueryParameters(), (path, query) => {
        const target = `/${path.replace(/^\/+/, "")}${query ? `?${query}` : ""}`;
        const expected = new URL(target, ORIGIN);
        const got = sameSitePath(target);
        if (`${expected.pathname}`.startsWith("//")) expect(got).toBeNull();
        else expect(got).toBe(`${expected.pathname}${expected.search}`);
      }),
      { numRuns: 500 },
    );
  });

  it("refuses what the attacker of issue 27 sent, after any prefix is taken off", () => {
    for (const target of ["//evil.example", "///evil.example", "/.//evil.example", "/%2e%2e//evil.example"])
      expect(sameSitePath(target), target).toBeNull();
    // Unicode slashes and dots are no separators: an encoded path of this site.
    expect(sameSitePath("/\uff0f\uff0fevil.example")).toBe("/%EF%BC%8F%EF%BC%8Fevil.example");
    expect(sameSitePath("/\u2215evil\u3002example")).toBe("/%E2%88%95evil%E3%80%82example");
  });
});

describe("siteRedirect", () => {
  it("writes a Location that stays on the site, whatever the target and fallback", () => {
    fc.assert(
      fc.property(
        anyTarget,
        anyTarget,
        fc.constantFrom(301, 302, 303, 307, 308),
        (target, fallback, status) => {
          const response = siteRedirect(target, status, fallback);
          expect(response.status).toBe(status);
          const location = response.headers.get("Location") ?? "";
          expect(offSiteReason(location, ORIGIN), JSON.stringify([target, fallback, location])).toBeNull();
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("uses the target when it is a site path, else the fallback, else /; keeps the other headers", () => {
    const response = siteRedirect("/de/about?x=1", { status: 303, headers: { "Set-Cookie": "a=b" } }, "/de");
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/de/about?x=1");
    expect(response.headers.get("Set-Cookie")).toBe("a=b");
    expect(siteRedirect("//evil.example", 301, "/de").headers.get("Location")).toBe("/de");
    expect(siteRedirect("//evil.example", 302, "//evil.example").headers.get("Location")).toBe("/");
    expect(siteRedirect(null).status).toBe(302);
  });

  it("refuses a status that is not a redirect", () => {
    expect(() => siteRedirect("/", 200)).toThrow(/not a redirect/);
  });
});

describe("offSiteRedirect (the payment provider's checkout page only)", () => {
  it("takes an https URL without credentials", () => {
    const response = offSiteRedirect("https://checkout.stripe.com/c/pay/cs_test_1#fid");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://checkout.stripe.com/c/pay/cs_test_1#fid");
  });

  it("refuses other schemes, credentials and relative URLs", () => {
    for (const url of [
      "http://checkout.stripe.com/",
      "javascript:alert(1)",
      "https://user:pw@evil.example/",
      "/dashboard",
      "//evil.example",
      "",
    ])
      expect(() => offSiteRedirect(url), url).toThrow();
  });
});
