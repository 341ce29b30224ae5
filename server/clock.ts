/**
 * The server's clock (issue 13 §4 "Tests get an injectable clock for expiries, retention and rate
 * windows"). Every decision the server takes by time (session, reset, claim and verification
 * expiry; the purge of expired rows; analytics days and retention; billing period ends; case
 * timestamps) asks the process's Clock (server/deps.ts CoreServices `clock`, required; server/main.ts
 * passes systemClock) instead of `Date.now()` or the database's `now()`, so a test can move time with a
 * test clock (tests/support/clock.ts) instead of waiting or writing past dates into the database.
 */

/** A source of the current time. */
export interface Clock {
  /** The current instant, as a new Date each call. */
  now(): Date;
}

/** The real time of the machine (`new Date()`). */
export const systemClock: Clock = { now: () => new Date() };
