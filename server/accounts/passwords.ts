/**
 * Password hashing and the password policy (issue 3 "Passwords"; issue 27 §2; docs/design.md §2):
 * argon2id from `@node-rs/argon2` with OWASP's parameters, and the rules a new password must meet
 * (NIST SP 800-63B §5.1.1.2: a minimum length, a blocklist of common, breached and guessable
 * values, no composition rules): at least 12 characters for staff and 10 for everyone else,
 * not on zxcvbn's published list of common and breached passwords, not a repeated or sequential
 * pattern, not the site's name or the account's email with only digits or symbols added.
 */
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";
import {
  ACCOUNT_MESSAGES,
  MAX_PASSWORD_LENGTH,
  minPasswordLength,
  passwordLength,
  passwordShortMessage,
} from "../../lib/account.ts";

/**
 * argon2id, 19 MiB, 2 passes, 1 lane: OWASP Password Storage Cheat Sheet's first argon2id
 * configuration. About 20 ms per hash on the development machine.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (a const enum, not available at run time)
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes a password with argon2id (ARGON2_OPTIONS) and a random 16-byte salt.
 * @returns the PHC string, e.g. "$argon2id$v=19$m=19456,t=2,p=1$salt$hash" (about 97 characters).
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/**
 * True when `password` matches the stored PHC string. A malformed stored hash counts as a
 * mismatch (never throws), so a damaged row cannot be signed into.
 */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/**
 * The fixed hash verifyDummy checks against: argon2id with ARGON2_OPTIONS of a random secret,
 * made once per process, so checking it costs what checking a real account's hash costs.
 */
export function dummyHash(): Promise<string> {
  dummy ??= hash(crypto.randomUUID(), ARGON2_OPTIONS);
  return dummy;
}

/**
 * Spends the time of one real verification against dummyHash() and answers false. Login calls
 * it for an unknown email, so the answer's timing does not tell whether the account exists
 * (issue 3 "enumeration").
 */
export async function verifyDummy(password: string): Promise<false> {
  await verifyPassword(await dummyHash(), password);
  return false;
}

let common: Set<string> | undefined;

/**
 * True when the password, compared case-insensitively, is on `@zxcvbn-ts/language-common`'s
 * list of common passwords (about 49,000 entries ranked from breach corpora; all of it since
 * issue 27 §2, the top 10,000 before). The set is built once, on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}

/** The site's own name, which a password must be more than (NIST SP 800-63B §5.1.1.2 "context-specific words"). */
const SITE_NAME = "lexatlas";

/** True when `password` is one unit of at most 4 characters repeated ("aaaaaaaaaa", "abcabcabcabc", "12121212121"). */
function isRepeated(chars: string[]): boolean {
  for (let unit = 1; unit <= 4 && unit * 2 <= chars.length; unit += 1) {
    if (chars.every((c, i) => c === chars[i % unit])) return true;
  }
  return false;
}

/** True when every character is the one before it plus (or minus) one: "abcdefghij", "9876543210". */
function isSequential(chars: string[]): boolean {
  if (chars.length < 3) return false;
  const codes = chars.map((c) => c.toLowerCase().codePointAt(0) ?? 0);
  const isDigit = (code: number) => code >= 48 && code <= 57;
  // Digits wrap around ("7890123456"): 9 → 0 counts as +1, 0 → 9 as −1.
  const follows = (a: number, b: number, step: number) =>
    b - a === step || (isDigit(a) && isDigit(b) && (b - a + 10) % 10 === (step + 10) % 10);
  return [1, -1].some((step) => codes.every((code, i) => i === 0 || follows(codes[i - 1] ?? 0, code, step)));
}

/** The letters of `text`, lowercased: what remains when digits, spaces and symbols are removed. */
function lettersOf(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}]/gu, "");
}

/** What the policy knows about the account: its role (the minimum length) and its email (a context word). */
export interface PasswordContext {
  role: string;
  email?: string | null;
}

/**
 * The first rule of the password policy (issue 27 §2; NIST SP 800-63B §5.1.1.2) that `password`
 * breaks, as its message (a catalog reference of ACCOUNT_MESSAGES), or null when it meets them all:
 * 1. shorter than minPasswordLength(role) characters (code points): passwordShort / passwordShortStaff;
 * 2. longer than MAX_PASSWORD_LENGTH: passwordLong;
 * 3. on the list of common and breached passwords, any letter case: passwordCommon;
 * 4. one short unit repeated, a run of consecutive characters, or the site's name or the
 *    account's email (or its local part) with only digits, spaces or symbols added: passwordGuessable.
 * No composition rule (digits, capitals, symbols) is asked for: NIST advises against them.
 */
export function passwordPolicyProblem(password: string, context: PasswordContext): string | null {
  const length = passwordLength(password);
  if (length < minPasswordLength(context.role)) return passwordShortMessage(context.role);
  if (length > MAX_PASSWORD_LENGTH) return ACCOUNT_MESSAGES.passwordLong;
  if (isCommonPassword(password)) return ACCOUNT_MESSAGES.passwordCommon;
  const chars = [...password];
  if (isRepeated(chars) || isSequential(chars)) return ACCOUNT_MESSAGES.passwordGuessable;
  const letters = lettersOf(password);
  const email = (context.email ?? "").trim().toLowerCase();
  const contextWords = [SITE_NAME, lettersOf(email), lettersOf(email.split("@")[0] ?? "")];
  if (letters !== "" && contextWords.some((word) => word !== "" && letters === word))
    return ACCOUNT_MESSAGES.passwordGuessable;
  return null;
}

/** True when `password` meets the policy for `context` (passwordPolicyProblem finds nothing). */
export function meetsPasswordPolicy(password: string, context: PasswordContext): boolean {
  return passwordPolicyProblem(password, context) === null;
}
