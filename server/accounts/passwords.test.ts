/**
 * Password hashing and the password policy (issue 3 "Passwords"; issue 27 §2: at least 12
 * characters for staff, 10 for everyone else, no password of a published list of common and
 * breached passwords, no repeated or sequential pattern, no password made of the site's name or
 * the account's email; NIST SP 800-63B §5.1.1.2).
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ACCOUNT_MESSAGES, minPasswordLength, passwordShortMessage } from "../../lib/account.ts";
import { MIN_PASSWORD_LENGTH, MIN_STAFF_PASSWORD_LENGTH, USER_ROLES } from "../../lib/constants.ts";
import {
  dummyHash,
  hashPassword,
  isCommonPassword,
  meetsPasswordPolicy,
  passwordPolicyProblem,
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

/** Words of a passphrase: lowercase letters, 3 to 8 of them, as a person makes one up. */
const word = fc.stringMatching(/^[a-z]{3,8}$/);
/** A passphrase of four such words: long, and (almost never) on any list. */
const passphrase = fc
  .tuple(word, word, word, word)
  .map((words) => words.join(" "))
  .filter((p) => !isCommonPassword(p));
const staffRole = fc.constantFrom("moderator" as const, "admin" as const);
const memberRole = fc.constantFrom("user" as const, "lawyer" as const);

describe("the minimum length by role (issue 27 §2)", () => {
  it("is 12 characters for staff and 10 for clients and lawyers", () => {
    expect(MIN_STAFF_PASSWORD_LENGTH).toBe(12);
    expect(MIN_PASSWORD_LENGTH).toBe(10);
    for (const role of USER_ROLES)
      expect(minPasswordLength(role)).toBe(
        role === "moderator" || role === "admin" ? MIN_STAFF_PASSWORD_LENGTH : MIN_PASSWORD_LENGTH,
      );
  });

  it("refuses any password shorter than the role's minimum, naming that minimum", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...USER_ROLES),
        fc.string({ maxLength: 11, unit: "grapheme" }),
        (role, pw) => {
          fc.pre([...pw].length < minPasswordLength(role));
          expect(passwordPolicyProblem(pw, { role })).toBe(passwordShortMessage(role));
          expect(meetsPasswordPolicy(pw, { role })).toBe(false);
        },
      ),
    );
  });

  it("counts characters, not UTF-16 units: ten emoji or ten CJK characters are ten", () => {
    expect(passwordPolicyProblem("🦊🐻🐼🦁🐯🐨🐸🐵🐔🐧", { role: "user" })).toBeNull();
    expect(passwordPolicyProblem("交通事故弁護士の安全な鍵", { role: "admin" })).toBeNull();
    expect(passwordPolicyProblem("🦊🐻🐼🦁🐯", { role: "user" })).toBe(ACCOUNT_MESSAGES.passwordShort);
  });

  it("accepts a staff passphrase of 12 characters or more, and a 10-character one for members only", () => {
    fc.assert(
      fc.property(passphrase, staffRole, memberRole, (pw, staff, member) => {
        expect(passwordPolicyProblem(pw, { role: staff })).toBeNull();
        expect(passwordPolicyProblem(pw, { role: member })).toBeNull();
      }),
    );
    expect(passwordPolicyProblem("tulip quay", { role: "lawyer" })).toBeNull();
    expect(passwordPolicyProblem("tulip quay", { role: "admin" })).toBe(passwordShortMessage("admin"));
    expect(passwordShortMessage("admin")).toBe(ACCOUNT_MESSAGES.passwordShortStaff);
  });
});

describe("the list of common and breached passwords", () => {
  const list = dictionary["passwords-common"];
  /** Entries long enough for the length rule, so only the list refuses them. */
  const longEntries = list.filter((p) => [...p].length >= MIN_STAFF_PASSWORD_LENGTH);

  it("refuses every entry of zxcvbn's whole list (49,000 passwords from breach corpora), in any letter case", () => {
    expect(list.length).toBeGreaterThan(40_000);
    fc.assert(
      fc.property(
        fc.constantFrom(...list),
        fc.constantFrom<(s: string) => string>(
          (s) => s,
          (s) => s.toUpperCase(),
          (s) => s.charAt(0).toUpperCase() + s.slice(1),
        ),
        (entry, caseOf) => {
          expect(isCommonPassword(caseOf(entry))).toBe(true);
        },
      ),
    );
    // Past the former top 10,000 too (issue 27 §2: "checked against a list … a maintained package ships").
    expect(isCommonPassword(list[list.length - 1] ?? "")).toBe(true);
    expect(isCommonPassword("salamander")).toBe(true);
  });

  it("refuses long list entries for every role with the common-password message", () => {
    expect(longEntries.length).toBeGreaterThan(100);
    fc.assert(
      fc.property(fc.constantFrom(...longEntries), fc.constantFrom(...USER_ROLES), (entry, role) => {
        expect(passwordPolicyProblem(entry, { role })).toBe(ACCOUNT_MESSAGES.passwordCommon);
      }),
    );
  });

  it("keeps the demo accounts' and the tests' passwords allowed", () => {
    for (const pw of [
      "lexatlas-client-demo",
      "lexatlas-lawyer-demo",
      "lexatlas-premium-demo",
      "correct horse 42",
    ])
      expect(passwordPolicyProblem(pw, { role: "admin" })).toBeNull();
  });
});

describe("patterns, the site's name and the account's email", () => {
  it("refuses one character repeated, and a short unit repeated", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 4, unit: "grapheme-ascii" }),
        fc.integer({ min: 12, max: 40 }),
        fc.constantFrom(...USER_ROLES),
        (unit, length, role) => {
          const pw = unit.repeat(Math.ceil(length / unit.length));
          expect(passwordPolicyProblem(pw, { role })).not.toBeNull();
        },
      ),
    );
  });

  it("refuses runs of consecutive letters or digits, up or down", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("abcdefghijklmnopqrstuvwxyz", "0123456789012345678901", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 12, max: 16 }),
        fc.boolean(),
        (alphabet, start, length, down) => {
          const run = alphabet.slice(start, start + length);
          fc.pre(run.length >= 12);
          const pw = down ? [...run].reverse().join("") : run;
          // Some runs ("1234567890") are on the list too; either way they are refused.
          expect([ACCOUNT_MESSAGES.passwordCommon, ACCOUNT_MESSAGES.passwordGuessable]).toContain(
            passwordPolicyProblem(pw, { role: "admin" }),
          );
        },
      ),
    );
  });

  it("refuses the site's name and the account's email with only digits and symbols added", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("LexAtlas", "lexatlas", "LEXATLAS"),
        fc.stringMatching(/^[0-9!?.#_-]{2,8}$/),
        fc.boolean(),
        (name, extra, before) => {
          const pw = before ? `${extra}${name}` : `${name}${extra}`;
          expect(passwordPolicyProblem(pw, { role: "user" })).toBe(ACCOUNT_MESSAGES.passwordGuessable);
        },
      ),
    );
    expect(
      passwordPolicyProblem("margaret.oduya2024", { role: "lawyer", email: "margaret.oduya@example.org" }),
    ).toBe(ACCOUNT_MESSAGES.passwordGuessable);
    expect(
      passwordPolicyProblem("margaret@example.org", { role: "lawyer", email: "Margaret@Example.org" }),
    ).toBe(ACCOUNT_MESSAGES.passwordGuessable);
    // A passphrase that merely contains a word of the name is fine.
    expect(passwordPolicyProblem("atlas of quiet rivers", { role: "user" })).toBeNull();
  });
});
