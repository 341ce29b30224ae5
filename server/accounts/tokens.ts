/**
 * Opaque secrets for sessions and reset links (issue 3 "Sessions", "Password reset"): 256 random
 * bits, base64url, shown once; the database keeps only their SHA-256, so a leaked table does not
 * sign anyone in.
 */
import { createHash, randomBytes } from "node:crypto";

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
