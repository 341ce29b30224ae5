/** Demo analytics rows (issue 6): 30 consecutive UTC days ending today, deterministic, sensible. */
import { describe, expect, it } from "vitest";
import { demoAnalyticsRows } from "./demo.ts";

describe("demoAnalyticsRows", () => {
  it("gives 30 consecutive days ending on now's UTC day, the same for the same inputs", () => {
    const now = new Date("2026-03-10T23:30:00Z");
    const rows = demoAnalyticsRows(7, "u-1", now);
    expect(rows).toHaveLength(30);
    expect(rows[0]?.date).toBe("2026-02-09");
    expect(rows.at(-1)?.date).toBe("2026-03-10");
    expect(demoAnalyticsRows(7, "u-1", now)).toEqual(rows);
    for (const r of rows) {
      expect(r).toMatchObject({ lawyerId: 7, userId: "u-1" });
      expect(r.views).toBeGreaterThan(0);
      expect(r.clicks).toBeLessThanOrEqual(r.views);
      expect(r.contactClicks).toBeLessThanOrEqual(r.clicks);
    }
  });
});
