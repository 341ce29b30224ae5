import { describe, expect, it } from "vitest";
import { lawyerIdFromPath, MAX_INTEGER_ID } from "./ids.ts";

describe("lawyerIdFromPath", () => {
  it("reads a page address's lawyer id: decimal digits without a leading zero, 1 to MAX_INTEGER_ID", () => {
    expect(lawyerIdFromPath("1")).toBe(1);
    expect(lawyerIdFromPath("42")).toBe(42);
    expect(lawyerIdFromPath(String(MAX_INTEGER_ID))).toBe(MAX_INTEGER_ID);
  });

  it("refuses anything else", () => {
    for (const text of [
      "",
      "0",
      "01",
      "-1",
      "1e3",
      " 1",
      "1 ",
      "1.0",
      "abc",
      String(MAX_INTEGER_ID + 1),
      "99999999999",
    ]) {
      expect(lawyerIdFromPath(text), text).toBeNull();
    }
  });
});
