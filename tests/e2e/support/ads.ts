/**
 * The consent journey's fixed data (tests/e2e/consent.spec.ts), shared with its server
 * (tests/e2e/support/ads-server.ts), which must not be imported by the journey (it starts a server).
 */

/** The publisher id the journey's pages get. */
export const PUBLISHER_ID = "ca-pub-1234567890123456";
/** The premium account of the journey (no ads, no ad request, no ad category). */
export const PREMIUM = { email: "premium@consent-journey.example", password: "consent-journey-premium" };
