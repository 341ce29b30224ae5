/**
 * The on-disk format of a LexAtlas backup (issue 17 §6 "Backups"; GDPR Art. 32(1)(c): "the
 * ability to restore the availability and access to personal data in a timely manner in the
 * event of a physical or technical incident"). A backup is one folder:
 *
 *     manifest.json      what the backup holds (BackupManifest), written last
 *     SHA256SUMS         `sha256sum -c` compatible: every file below and manifest.json
 *     db/<table>.ndjson  one JSON object per row (PostgreSQL's row_to_json), any engine
 *     files/<key>        each stored document object, byte for byte as stored (encrypted)
 *
 * A folder without manifest.json is an unfinished backup and is never restored. What is NOT in
 * a backup: the document encryption master key and the staff secret key (keep them apart, see
 * docs/operations.md "What a backup contains"), the mail outbox and the build.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

/** The value of `manifest.format`: tells a LexAtlas backup from any other folder. */
export const BACKUP_FORMAT = "lexatlas-backup";
/** The version of this layout; restore refuses other versions. */
export const BACKUP_FORMAT_VERSION = 1;
/** The manifest's file name inside a backup folder. */
export const MANIFEST_FILE = "manifest.json";
/** The checksum list's file name inside a backup folder (GNU coreutils `sha256sum` format). */
export const CHECKSUMS_FILE = "SHA256SUMS";

/**
 * The columns that hold document-store keys (issue 4 "random names", issue 15 §2 proofs). Every
 * object a row names here is copied into the backup; a new column holding a storage key must be
 * added here (server/backup/format.test.ts checks schema.ts for "Storage key" columns).
 */
export const STORAGE_KEY_COLUMNS = [
  { table: "case_documents", column: "file_url", typeColumn: "file_type" },
  { table: "verification_proofs", column: "file_key", typeColumn: "file_type" },
] as const;

/** One table of the snapshot: its rows are in `file`, in the order restore inserts tables. */
export interface ManifestTable {
  name: string;
  /** Columns written (generated columns are left out: the database computes them again). */
  columns: string[];
  rows: number;
  /** `db/<name>.ndjson`. */
  file: string;
  sha256: string;
  bytes: number;
}

/** One stored object copied into `files/<key>`. */
export interface ManifestDocument {
  key: string;
  /** The table whose row names it (STORAGE_KEY_COLUMNS). */
  table: string;
  contentType: string;
  sha256: string;
  bytes: number;
}

/**
 * An object a snapshot row named that was gone from the store when it was copied, and whose row
 * is gone from the live database too (deleted after the snapshot, e.g. a withdrawn case). Its row
 * stays in the table file as read; restore deletes the rows naming it in the same transaction
 * (ON DELETE rules apply), so no restored row names a missing file.
 */
export interface ManifestSkippedDocument {
  key: string;
  table: string;
  reason: "deleted-after-snapshot";
}

/** What `manifest.json` holds. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: typeof BACKUP_FORMAT_VERSION;
  /** When the database snapshot was taken (its transaction began), ISO 8601. */
  createdAt: string;
  /** When the last document was copied, ISO 8601. */
  completedAt: string;
  /** The engine the backup was taken from; restore works into either. */
  engine: "pglite" | "postgres";
  /** The document store the objects were read from. */
  documentStore: "local" | "s3";
  /** The schema level: how many migrations were applied, and the last one's journal tag. */
  migrations: { count: number; lastTag: string | null };
  /** Tables in foreign-key order (parents first). */
  tables: ManifestTable[];
  /** Every sequence's position, restored with setval so new ids never collide. */
  sequences: { name: string; lastValue: string; isCalled: boolean }[];
  documents: ManifestDocument[];
  skippedDocuments: ManifestSkippedDocument[];
  /** Said in words so whoever holds the folder knows what else they need. */
  notIncluded: string[];
}

/** The sha256 (hex) and size of a file, read as a stream. */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), bytes };
}

/** True for a table or sequence name this format accepts (plain lower-case SQL identifiers). */
export function isPlainIdentifier(name: string): boolean {
  return /^[a-z_][a-z0-9_]{0,62}$/.test(name);
}

/** `"name"`, for a name isPlainIdentifier accepted. */
export function quoteIdent(name: string): string {
  if (!isPlainIdentifier(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
}
