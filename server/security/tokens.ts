/**
 * Opaque secrets of every kind, made and stored one way (issue 13 §3 "token hashing exists
 * once"): session tokens and password-reset links (issue 3 "Sessions", "Password reset"), case
 * tracking links (issue 4) and listing claim and email-verification links (issue 3). 256 random
 * bits, base64url, shown once; the database keeps only their SHA-256, so a leaked table does not
 * sign anyone in or open anything (OWASP Session Management and Forgot Password cheat sheets).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** A new secret: 32 random bytes as 43 base64url characters. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** The stored form of a secret: SHA-256 as 64 lowercase hex characters. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * True when `token` has the shape newToken() produces (43 base64url characters). Anything else
 * is refused before touching the database.
 */
export function looksLikeToken(token: string | null | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** True when `token` has the right shape and hashes to `storedHash`, compared in constant time. */
export function tokenMatchesHash(token: string, storedHash: string): boolean {
  if (!looksLikeToken(token)) return false;
  const a = Buffer.from(hashToken(token), "hex");
  const b = Buffer.from(storedHash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}
