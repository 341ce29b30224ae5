/**
 * A clock that tests move by hand (server/clock.ts; docs/testing.md "Time"): hand it to
 * createServices / startTestServer as `clock`, then `advance` past an expiry instead of waiting
 * or writing past dates into the database.
 */
import type { Clock } from "../../server/clock.ts";

/** A Clock whose time only changes when the test says so. */
export interface TestClock extends Clock {
  /** Moves the time forward by `ms` milliseconds (negative moves it back). */
  advance(ms: number): void;
  /** Sets the time to `at`. */
  set(at: Date | string): void;
  /** Runs `test` (which may move the clock), then puts the time back where it was, whatever happens. */
  rewinding(test: () => Promise<void>): Promise<void>;
}

/** A test clock starting at `start` (default: the real time when called). */
export function createTestClock(start: Date | string = new Date()): TestClock {
  let at = new Date(start).getTime();
  return {
    now: () => new Date(at),
    advance(ms) {
      at += ms;
    },
    set(when) {
      at = new Date(when).getTime();
    },
    async rewinding(test) {
      const start = at;
      try {
        await test();
      } finally {
        at = start;
      }
    },
  };
}
