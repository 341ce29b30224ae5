/**
 * Encryption at rest of every stored document and uploaded proof (issue 17 §3: "AES-256-GCM, a
 * data key per file wrapped by a master key from configuration … on disk and in S3 alike"; GDPR
 * Art. 32(1)(a) "encryption of personal data"; Art. 9 health data in case files; ABA Formal
 * Opinion 477R, ../shared/research/trust-and-regulation.md [R15][S37]).
 *
 * createEncryptedStore wraps the RAW store (server/storage/index.ts createDocumentStore: the local
 * disk or an S3 bucket) behind the same DocumentStore interface, so every consumer of the
 * services' store (case intake, downloads, re-send copies, verification proofs, deletion) gets
 * encryption without knowing it:
 *
 * - putFile: a fresh random 256-bit data key and 96-bit IV per file; the upload is streamed
 *   through AES-256-GCM into a temporary file `header ‖ ciphertext ‖ tag` (the plaintext temporary
 *   file is deleted at once), handed to the raw store, and the data key, sealed with AES-256-GCM
 *   under the keyring's current master key, is stored in `document_keys` (one row per storage key).
 * - get: reads the object (≤ 10 MB + 37 bytes, in memory), checks the header, unwraps the data key
 *   and decrypts; the GCM tag is verified BEFORE a byte is handed out, so a damaged or altered file
 *   is a DocumentIntegrityError (422 with a clear message through the error pipeline), never
 *   partial content or a 500. Answers `{ body, size }` with the plaintext size.
 * - delete: the object, then its key row.
 *
 * The file format (FORMAT_VERSION 1): MAGIC (8 bytes "\x89LXENC\r\n") ‖ version (1 byte) ‖ IV (12
 * bytes) ‖ AES-256-GCM ciphertext ‖ tag (16 bytes). The additional authenticated data is the
 * header and the storage key, so a file moved to another key does not decrypt. The wrapped data
 * key (`<iv>.<ciphertext>.<tag>`, base64url) is bound to its storage key the same way.
 *
 * Legacy objects (stored in the clear before this change, no key row) are still read as they
 * are; server/storage/rotate.ts encrypts them in place (at server start and by
 * `npm run keys:rotate`). While that happens the key row has `encrypted_at` null and either form
 * is accepted; once set, a file without the header is refused as altered.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { eq } from "drizzle-orm";
import { msg } from "../../lib/i18n/message.ts";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { documentKeys } from "../db/schema.ts";
import { UnprocessableError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { type DocumentStore, readAll, type StoredObject } from "./index.ts";
import type { Keyring, MasterKey } from "./keyring.ts";

/** First bytes of an encrypted object (PNG-style: a high byte, a name, CR LF). */
export const MAGIC = Buffer.from([0x89, 0x4c, 0x58, 0x45, 0x4e, 0x43, 0x0d, 0x0a]);
/** The format version written after MAGIC. */
export const FORMAT_VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bytes before the ciphertext: magic, version, IV. */
export const HEADER_BYTES = MAGIC.length + 1 + IV_BYTES;
/** Bytes an encrypted object adds to its plaintext. */
export const OVERHEAD_BYTES = HEADER_BYTES + TAG_BYTES;

/**
 * A stored document that cannot be decrypted: altered or damaged (GCM tag mismatch), its data key
 * missing or wrapped by a master key this process does not know. 422 with a translated message.
 */
export class DocumentIntegrityError extends UnprocessableError {
  constructor() {
    super(msg("errors:documents.unreadable"));
  }
}

/** True when `bytes` start with the encrypted format's magic. */
export function isEncrypted(bytes: Buffer): boolean {
  return bytes.length >= MAGIC.length && bytes.subarray(0, MAGIC.length).equals(MAGIC);
}

/** The additional authenticated data of a wrapped data key of `storageKey`. */
function wrapAad(storageKey: string): Buffer {
  return Buffer.from(`lexatlas-document-key:v1:${storageKey}`, "utf8");
}

/** `dataKey` sealed under `master` for `storageKey`: `<iv>.<ciphertext>.<tag>` in base64url. */
export function wrapDataKey(master: MasterKey, dataKey: Buffer, storageKey: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", master.key, iv);
  cipher.setAAD(wrapAad(storageKey));
  const body = Buffer.concat([cipher.update(dataKey), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((b) => b.toString("base64url")).join(".");
}

/** The data key sealed in `wrapped`. @throws DocumentIntegrityError for a wrong key or an altered value */
export function unwrapDataKey(master: MasterKey, wrapped: string, storageKey: string): Buffer {
  const [iv, body, tag] = wrapped.split(".");
  if (!iv || !body || !tag) throw new DocumentIntegrityError();
  try {
    const decipher = createDecipheriv("aes-256-gcm", master.key, Buffer.from(iv, "base64url"));
    decipher.setAAD(wrapAad(storageKey));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
  } catch {
    throw new DocumentIntegrityError();
  }
}

/** A header for a new object: MAGIC, FORMAT_VERSION, a fresh IV. */
function newHeader(): Buffer {
  return Buffer.concat([MAGIC, Buffer.from([FORMAT_VERSION]), randomBytes(IV_BYTES)]);
}

/**
 * Streams the file `src` through AES-256-GCM under `dataKey` into the new file `dst` (mode 0600):
 * header ‖ ciphertext ‖ tag, authenticated with the header and `storageKey`.
 */
export async function encryptFile(
  src: string,
  dst: string,
  dataKey: Buffer,
  storageKey: string,
): Promise<void> {
  const header = newHeader();
  const cipher = createCipheriv("aes-256-gcm", dataKey, header.subarray(MAGIC.length + 1));
  cipher.setAAD(Buffer.concat([header, Buffer.from(storageKey, "utf8")]));
  await pipeline(
    createReadStream(src),
    async function* (source: AsyncIterable<Buffer>) {
      yield header;
      for await (const chunk of source) yield cipher.update(chunk);
      const last = cipher.final();
      if (last.length > 0) yield last;
      yield cipher.getAuthTag();
    },
    createWriteStream(dst, { mode: 0o600, flags: "wx" }),
  );
}

/** The plaintext of an encrypted object. @throws DocumentIntegrityError when it does not authenticate */
export function decryptObject(bytes: Buffer, dataKey: Buffer, storageKey: string): Buffer {
  if (!isEncrypted(bytes) || bytes.length < OVERHEAD_BYTES || bytes[MAGIC.length] !== FORMAT_VERSION)
    throw new DocumentIntegrityError();
  const header = bytes.subarray(0, HEADER_BYTES);
  try {
    const decipher = createDecipheriv("aes-256-gcm", dataKey, header.subarray(MAGIC.length + 1));
    decipher.setAAD(Buffer.concat([header, Buffer.from(storageKey, "utf8")]));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(HEADER_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    throw new DocumentIntegrityError();
  }
}

/** Options of createEncryptedStore. */
export interface EncryptedStoreOptions {
  /** The time of new key rows and re-wraps (server/clock.ts; required, issue 30). */
  clock: Clock;
  /** Where an integrity failure is logged (storage key and reason only: never keys or content). */
  logger?: Pick<Logger, "error" | "warn">;
}

/**
 * Encrypts `raw` with data keys wrapped by `keyring`, the key rows in `db` (see the module
 * comment). The answer is a DocumentStore; `get` may throw DocumentIntegrityError.
 */
export function createEncryptedStore(
  raw: DocumentStore,
  keyring: Keyring,
  db: Db,
  options: EncryptedStoreOptions,
): DocumentStore {
  const { clock } = options;
  const logger = options.logger;
  const refuse = (storageKey: string, reason: string): never => {
    logger?.error({ storageKey, reason }, "a stored document could not be decrypted");
    throw new DocumentIntegrityError();
  };
  return {
    kind: raw.kind,
    tempDir: () => raw.tempDir(),

    async putFile(key, filePath, contentType) {
      const dataKey = randomBytes(32);
      const master = keyring.current();
      const encrypted = path.join(await raw.tempDir(), `${key}.${randomBytes(4).toString("hex")}.enc`);
      try {
        await encryptFile(filePath, encrypted, dataKey, key);
        // The plaintext never stays on disk longer than the encryption took.
        await rm(filePath, { force: true });
        await raw.putFile(key, encrypted, contentType);
      } finally {
        await rm(encrypted, { force: true });
      }
      const now = clock.now();
      const row = { masterKeyId: master.id, wrappedKey: wrapDataKey(master, dataKey, key), encryptedAt: now };
      try {
        await db
          .insert(documentKeys)
          .values({ storageKey: key, ...row, createdAt: now })
          .onConflictDoUpdate({ target: documentKeys.storageKey, set: { ...row, rewrappedAt: null } });
      } catch (err) {
        await raw.delete(key).catch(() => {});
        throw err;
      }
    },

    async get(key) {
      // The key row first: a legacy object is encrypted in place (rotate.ts) before its row's
      // encrypted_at is set, so a row read first never refuses the plaintext read after it.
      const [row] = await db.select().from(documentKeys).where(eq(documentKeys.storageKey, key));
      const object = await raw.get(key);
      if (!object) return null;
      const bytes = await readAll(object);
      if (!isEncrypted(bytes)) {
        // Legacy plaintext (no key row, or one being encrypted in place right now).
        if (row?.encryptedAt) return refuse(key, "no encryption header");
        return plain(bytes);
      }
      if (!row) return refuse(key, "no data key");
      const master = keyring.byId(row.masterKeyId);
      if (!master) return refuse(key, "unknown master key");
      try {
        return plain(decryptObject(bytes, unwrapDataKey(master, row.wrappedKey, key), key));
      } catch (err) {
        if (err instanceof DocumentIntegrityError) return refuse(key, "authentication failed");
        throw err;
      }
    },

    async delete(key) {
      await raw.delete(key);
      await db.delete(documentKeys).where(eq(documentKeys.storageKey, key));
    },
  };
}

/** A StoredObject over bytes held in memory. */
function plain(bytes: Buffer): StoredObject {
  return { body: Readable.from([bytes]), size: bytes.length };
}
