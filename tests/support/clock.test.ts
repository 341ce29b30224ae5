import { describe, expect, it } from "vitest";
import { systemClock } from "../../server/clock.ts";
import { createTestClock } from "./clock.ts";

describe("createTestClock", () => {
  it("stands still until moved, and hands out copies", () => {
    const clock = createTestClock("2026-01-01T00:00:00Z");
    const first = clock.now();
    first.setUTCFullYear(2000);
    expect(clock.now().toISOString()).toBe("2026-01-01T00:00:00.000Z");
    clock.advance(90_000);
    expect(clock.now().toISOString()).toBe("2026-01-01T00:01:30.000Z");
    clock.set("2026-02-01T00:00:00Z");
    expect(clock.now().toISOString()).toBe("2026-02-01T00:00:00.000Z");
  });

  it("starts at the real time by default", () => {
    const before = systemClock.now().getTime();
    const at = createTestClock().now().getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at - before).toBeLessThan(1000);
  });
});
