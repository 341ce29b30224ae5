/**
 * The public pages that have a screen and no parameters (spec §2 route table, public screens
 * only). One list for the sitemap (server/api/seo.ts) and for the header and footer links that
 * may be shown (app/ui/site-links.ts AVAILABLE_ROUTES).
 */

/**
 * Paths of the public, parameterless pages, in the spec's order (plus /how-we-verify, issue 15
 * §2, and /how-ranking-works and /reviews-policy, issue 16).
 */
export const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/browse-lawyers",
  "/about",
  "/how-we-verify",
  "/how-ranking-works",
  "/reviews-policy",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
];
