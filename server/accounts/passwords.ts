/**
 * Password hashing and the common-password rule (issue 3 "Passwords"; DESIGN.md §2): argon2id
 * from `@node-rs/argon2` with OWASP's parameters, and a refusal of the 10,000 most common
 * passwords from zxcvbn's published ranked list.
 */
import { type Algorithm, hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

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

/** How many of the most common passwords are refused (issue 3: "a published top list"). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

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
 * True when the password, compared case-insensitively, is one of the COMMON_PASSWORDS_REFUSED
 * most common passwords of `@zxcvbn-ts/language-common`'s ranked list (49k entries from
 * breach corpora). The set is built once, on first use.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()),
  );
  return common.has(password.toLowerCase());
}
