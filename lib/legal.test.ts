import { describe, expect, it } from "vitest";
import { formatLegalDate, PRIVACY_POLICY_UPDATED, TERMS_OF_SERVICE_UPDATED } from "./legal.ts";

describe("legal page dates", () => {
  it("are fixed ISO dates, not computed at run time", () => {
    for (const d of [PRIVACY_POLICY_UPDATED, TERMS_OF_SERVICE_UPDATED]) {
      expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10)).toBe(d);
    }
  });

  it("formats a date without shifting the day", () => {
    expect(formatLegalDate("2026-11-21")).toBe("November 21, 2026");
    expect(formatLegalDate("2027-01-01")).toBe("January 1, 2027");
  });

  it("rejects what is not a real ISO date", () => {
    expect(() => formatLegalDate("2026-02-30")).toThrow(RangeError);
    expect(() => formatLegalDate("21/11/2026")).toThrow(RangeError);
  });
});
