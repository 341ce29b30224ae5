/**
 * Password hashing and the common-password rule (issue 3 "Passwords").
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { describe, expect, it } from "vitest";
import {
  COMMON_PASSWORDS_REFUSED,
  dummyHash,
  hashPassword,
  isCommonPassword,
  verifyDummy,
  verifyPassword,
} from "./passwords.ts";

describe("hashPassword / verifyPassword", () => {
  it("stores argon2id with OWASP's parameters and a fresh salt, and verifies only the right password", async () => {
    const a = await hashPassword("correct horse 42");
    const b = await hashPassword("correct horse 42");
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, "correct horse 42")).toBe(true);
    expect(await verifyPassword(a, "correct horse 43")).toBe(false);
    expect(await verifyPassword(a, "Correct horse 42")).toBe(false);
  });

  it("treats a damaged stored hash as a mismatch instead of throwing", async () => {
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
    expect(await verifyPassword("", "anything")).toBe(false);
  });

  it("verifyDummy checks a hash made with the same parameters as real ones, and answers false", async () => {
    // Same algorithm, memory, passes and lanes: the same work as verifying a real account's hash
    // (the timing itself is measured by scripts/bench-auth.ts, docs/security.md).
    expect(await dummyHash()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await dummyHash()).toBe(await dummyHash());
    expect(await verifyDummy("guess")).toBe(false);
  });
});

describe("isCommonPassword", () => {
  const list = dictionary["passwords-common"];

  it("refuses the top 10,000 of the published list in any letter case", () => {
    expect(COMMON_PASSWORDS_REFUSED).toBe(10_000);
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("LetMeIn")).toBe(true);
    expect(isCommonPassword("QWERTY123")).toBe(true);
    expect(isCommonPassword(list[COMMON_PASSWORDS_REFUSED - 1] ?? "")).toBe(true);
  });

  it("accepts what is further down the list or not on it", () => {
    const beyond = list[COMMON_PASSWORDS_REFUSED] ?? "";
    expect(list.slice(0, COMMON_PASSWORDS_REFUSED)).not.toContain(beyond);
    expect(isCommonPassword(beyond)).toBe(false);
    expect(isCommonPassword("correct horse 42")).toBe(false);
    expect(isCommonPassword("lexatlas-client-demo")).toBe(false);
  });
});
