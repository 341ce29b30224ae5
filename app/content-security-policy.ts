/**
 * The Content-Security-Policy of every HTML page (issue 13 §1 "CSP on every HTML page"), a
 * "strict CSP" in the sense of Google's and OWASP's guidance (web.dev/articles/strict-csp; OWASP
 * Content Security Policy Cheat Sheet; CSP Level 3 `'strict-dynamic'`):
 *
 * - `script-src 'nonce-…' 'strict-dynamic'`: only the page's own scripts, each carrying the
 *   response's fresh nonce (app/csp-nonce.ts), and what they load. A script injected through
 *   something a person typed has no nonce. No `'unsafe-inline'`, no host list fallback: a browser
 *   without nonce support still gets the whole page, which works without JavaScript (issue 2 §4).
 * - `object-src 'none'`, `base-uri 'none'`, `frame-ancestors 'none'` (no plugins, no `<base>`
 *   hijack, no framing: clickjacking).
 * - Everything else from this origin; images also from any https address (a lawyer's own
 *   profile image URL, spec §3 `profileImageUrl`) and data: URLs; styles may be inline (Mantine
 *   writes its theme variables and component styles in `<style>` and `style` attributes).
 * - The ad network's hosts (Google AdSense) appear only in the policy of a page that can load
 *   ads: `ads: true` (a page with an ad slot, a visitor who is not premium, AD_PUBLISHER_ID set).
 *
 * Pure string work, importable by route modules and entry.server.tsx.
 */
import { CSP_NONCE_PLACEHOLDER } from "./csp-nonce";

/**
 * Google AdSense's hosts by directive, per Google's "Content Security Policy for AdSense" notes
 * (support.google.com/adsense: script, frames of the ad units, their beacons).
 */
export const AD_NETWORK_HOSTS = {
  script: [
    "https://pagead2.googlesyndication.com",
    "https://partner.googleadservices.com",
    "https://tpc.googlesyndication.com",
    "https://www.googletagservices.com",
    "https://adservice.google.com",
  ],
  frame: [
    "https://googleads.g.doubleclick.net",
    "https://tpc.googlesyndication.com",
    "https://*.safeframe.googlesyndication.com",
    "https://www.google.com",
  ],
  connect: [
    "https://pagead2.googlesyndication.com",
    "https://adservice.google.com",
    "https://*.adtrafficquality.google",
    "https://googleads.g.doubleclick.net",
  ],
} as const;

/** What shapes one page's policy. */
export interface PagePolicyOptions {
  /** The page can load the ad network's script and frames (see the module comment). */
  ads: boolean;
  /** Extra directives of a stricter page, e.g. the case page's `form-action 'self'`. */
  extra?: readonly string[];
  /**
   * Issue 19 §1: further image sources, the configured map tile host (lib/map-tiles.ts
   * tileSource of MAP_TILE_URL), needed when it is not https (a loopback tile server).
   */
  imgSources?: readonly string[];
}

/**
 * The policy of one HTML page, with `'nonce-{nonce}'` where entry.server.tsx puts the
 * response's nonce (app/csp-nonce.ts takeCspNonce). Example (no ads):
 * "default-src 'self'; script-src 'nonce-{nonce}' 'strict-dynamic'; … frame-ancestors 'none'".
 */
export function pageContentSecurityPolicy({ ads, extra = [], imgSources = [] }: PagePolicyOptions): string {
  const adHosts = (list: readonly string[]) => (ads ? list : []);
  const directives = [
    "default-src 'self'",
    [
      "script-src",
      `'nonce-${CSP_NONCE_PLACEHOLDER}'`,
      "'strict-dynamic'",
      ...adHosts(AD_NETWORK_HOSTS.script),
    ].join(" "),
    "style-src 'self' 'unsafe-inline'",
    [
      "img-src",
      "'self'",
      "data:",
      "https:",
      ...imgSources.filter((src) => /^https?:\/\/[^\s;,']+$/.test(src)),
    ].join(" "),
    "font-src 'self' data:",
    ["connect-src", "'self'", ...adHosts(AD_NETWORK_HOSTS.connect)].join(" "),
    ["frame-src", ...(ads ? AD_NETWORK_HOSTS.frame : ["'none'"])].join(" "),
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    ...extra,
  ];
  return directives.join("; ");
}

/** Route ids (app/routes.ts) of the pages with an ad slot (spec §9: home, browse, dashboard). */
export const AD_ROUTE_IDS: ReadonlySet<string> = new Set([
  "routes/home",
  "routes/browse-lawyers",
  "routes/dashboard",
]);
