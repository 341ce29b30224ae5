/**
 * Security headers of every response (issue 13 §1 "CSP on every HTML page"; OWASP HTTP Headers
 * Cheat Sheet), through Hono's well-kept `secureHeaders` middleware:
 *
 * - `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` (with the pages' CSP
 *   `frame-ancestors 'none'`), `Referrer-Policy: strict-origin-when-cross-origin`,
 *   `Cross-Origin-Opener-Policy: same-origin`, `X-XSS-Protection: 0` and Hono's other defaults;
 *   `X-Powered-By` removed.
 * - `Permissions-Policy`: no camera, microphone, payment, USB or sensors; geolocation only for
 *   this site (the hero's "near me", spec §8).
 * - `Strict-Transport-Security` (one year, subdomains) only when PUBLIC_URL is https: a local or
 *   plain-http deployment must not pin browsers to https.
 * - A header a handler set itself wins (`overwrite: false`): the sign-in and case pages ask for
 *   `Referrer-Policy: same-origin`, downloads for their own sandbox CSP.
 * - An HTML answer that did not come through entry.server.tsx (which gives every rendered page its
 *   nonce-based policy, app/content-security-policy.ts) gets a policy that runs no script at all.
 */
import type { MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { Config } from "../config.ts";

/** HSTS for an https PUBLIC_URL: one year, subdomains included (RFC 6797). */
export const HSTS_VALUE = "max-age=31536000; includeSubDomains";

/** The policy of an HTML answer without a page's own: nothing runs, nothing frames it. */
export const NO_SCRIPT_HTML_POLICY =
  "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/**
 * The middleware for every route of the app (pages, API, assets). Input: the configuration
 * (PUBLIC_URL decides HSTS). Never throws.
 */
export function securityHeaders(config: Pick<Config, "PUBLIC_URL">): MiddlewareHandler {
  const https = config.PUBLIC_URL ? new URL(config.PUBLIC_URL).protocol === "https:" : false;
  const headers = secureHeaders({
    overwrite: false,
    strictTransportSecurity: https ? HSTS_VALUE : false,
    referrerPolicy: "strict-origin-when-cross-origin",
    xFrameOptions: "DENY",
    crossOriginResourcePolicy: false,
    permissionsPolicy: {
      camera: [],
      microphone: [],
      payment: [],
      usb: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
      geolocation: ["self"],
    },
  });
  return async (c, next) => {
    await headers(c, next);
    const type = c.res.headers.get("Content-Type") ?? "";
    if (type.startsWith("text/html") && !c.res.headers.has("Content-Security-Policy")) {
      c.header("Content-Security-Policy", NO_SCRIPT_HTML_POLICY);
    }
  };
}
