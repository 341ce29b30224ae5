/**
 * Encryption of staff TOTP secrets at rest (issue 15 §1: "Store the TOTP secret so a database
 * dump alone does not give it"). AES-256-GCM (Node's crypto; NIST SP 800-38D) with a random
 * 96-bit nonce per secret; the stored text is `v1.<nonce>.<ciphertext>.<tag>` in base64url. The
 * key is STAFF_SECRET_KEY (base64, 32 bytes), else a random key in DATA_DIR/staff-secret.key,
 * created on first use with mode 0600. Whoever has the database and the key has the secrets:
 * keep the key out of database backups (docs/security.md "Staff and the back office"). Why
 * encryption at rest for a second-factor secret: ABA Formal Opinion 477R asks for reasonable,
 * fact-based security with encryption for highly sensitive information, and legal-software
 * vendors advertise AES-256 at rest (../shared/research/trust-and-regulation.md [R15][S37]).
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";

/** Encrypts and decrypts short secrets with one key. */
export interface SecretBox {
  /** The sealed text of `plain` (a fresh nonce each time). */
  seal(plain: string): string;
  /**
   * The plain text of `sealed`.
   * @throws Error when the text is not sealed by this key (altered, or another key)
   */
  open(sealed: string): string;
}

/** The key file's name under DATA_DIR when STAFF_SECRET_KEY is unset. */
export const STAFF_KEY_FILE = "staff-secret.key";

/**
 * The 32-byte key: STAFF_SECRET_KEY, else DATA_DIR/staff-secret.key (created with a random key,
 * mode 0600, when missing).
 */
export function staffSecretKey(config: Pick<Config, "STAFF_SECRET_KEY" | "DATA_DIR">): Buffer {
  return configuredOrFileKey(config.STAFF_SECRET_KEY, config.DATA_DIR, STAFF_KEY_FILE);
}

/**
 * A 32-byte server key: `configured` (base64) when set, else the key in DATA_DIR/`fileName`,
 * created with 32 random bytes and mode 0600 when missing (of two processes creating it at once,
 * one writes and the other reads its key). Used for the staff secrets and the review signals'
 * hashes (server/reviews/signals.ts). Throws when the file holds no 32-byte base64 key.
 */
export function configuredOrFileKey(
  configured: string | undefined,
  dataDir: string,
  fileName: string,
): Buffer {
  if (configured) return Buffer.from(configured, "base64");
  const file = path.join(dataDir, fileName);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(32).toString("base64")}\n`, { flag: "wx", mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    chmodSync(file, 0o600);
  }
  const key = Buffer.from(readFileSync(file, "utf8").trim(), "base64");
  if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte base64 key`);
  return key;
}

/** A SecretBox over a 32-byte key (AES-256-GCM). */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("the staff secret key must be 32 bytes");
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, nonce);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ["v1", nonce, body, tag]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, nonce, body, tag] = sealed.split(".");
      if (version !== "v1" || !nonce || body === undefined || !tag) throw new Error("not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(nonce, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    },
  };
}
