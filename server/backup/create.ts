/**
 * `npm run backup -- DIR` (issue 17 §6 "Backups"; GDPR Art. 32(1)(c), the ability to restore
 * availability and access to personal data): a consistent snapshot of the database and of the
 * document objects its rows name, written as the folder described in server/backup/format.ts.
 *
 * Consistency. The database part is one REPEATABLE READ, READ ONLY transaction: every table is
 * read from the same snapshot (a logical dump, row_to_json per row, identical on PGlite and
 * PostgreSQL; no pg_dump needed). Stored objects are immutable under random keys and only
 * deleted together with their row (server/cases/delete.ts), so copying, after the transaction,
 * every object a snapshot row names gives a consistent pair. An object that is gone by then was
 * deleted after the snapshot: if its row is gone from the live database too, the object is listed
 * under `skippedDocuments` and restore deletes the rows naming it (with the database's own ON
 * DELETE rules, so rows that depend on them follow): the state restored is the snapshot minus
 * documents deleted while the backup ran. If its row is still live, the store has lost data and
 * the backup fails (BackupError "missing-object") rather than succeed silently.
 *
 * Encryption at rest (issue 17 §3): objects are read through the RAW store
 * (server/storage/index.ts createDocumentStore) and copied as stored, never decrypted; the table
 * of wrapped data keys is an ordinary table of the snapshot. The master key is not in a backup.
 *
 * On PGlite the snapshot's transaction holds the one connection, so the running server's queries
 * wait while the tables are read (seconds for a typical directory); the documents are copied
 * after it, without holding anything.
 */
import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, mkdir, readdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { type DocumentStore, isValidKey } from "../storage/index.ts";
import {
  foreignKeyOrder,
  listTables,
  migrationLevel,
  readSequences,
  rowsOf,
  type SqlRunner,
  writableColumns,
} from "./catalog.ts";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  CHECKSUMS_FILE,
  MANIFEST_FILE,
  type ManifestDocument,
  type ManifestSkippedDocument,
  type ManifestTable,
  quoteIdent,
  STORAGE_KEY_COLUMNS,
} from "./format.ts";

/** Why a backup could not be written; `code` says which case, `message` says it in words. */
export class BackupError extends Error {
  readonly code: "target-not-empty" | "missing-object" | "bad-target";
  constructor(code: "target-not-empty" | "missing-object" | "bad-target", message: string) {
    super(message);
    this.code = code;
  }
}

/** What a backup reads: the database with its engine, and the RAW document store. */
export interface BackupSource {
  db: Db;
  engine: "pglite" | "postgres";
  /** The raw store (createDocumentStore), never the encrypting wrapper. */
  store: DocumentStore;
}

/** The words every manifest carries about what it does not hold (docs/operations.md). */
export const NOT_INCLUDED = [
  "the document encryption master key (configuration or DATA_DIR): keep it apart from backups",
  "the staff secret key (STAFF_SECRET_KEY or DATA_DIR/staff-secret.key): keep it apart from backups",
  "the mail outbox folder and the built pages",
];

const ROWS_PER_FETCH = 1000;

/**
 * Writes a backup of `source` into `dir` (created with mode 0700; must be absent or empty) and
 * answers its manifest. Throws BackupError "target-not-empty" / "bad-target" before reading
 * anything, "missing-object" when a live row names an object the store does not have; other
 * errors (database, store, disk) propagate. A failed backup leaves no manifest.json, so restore
 * refuses the folder.
 */
export async function createBackup(source: BackupSource, dir: string): Promise<BackupManifest> {
  const root = path.resolve(dir);
  await prepareTarget(root);
  await mkdir(path.join(root, "db"), { mode: 0o700 });
  await mkdir(path.join(root, "files"), { mode: 0o700 });

  const snapshot = await source.db.transaction((tx) => dumpDatabase(tx as unknown as SqlRunner, root), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });

  const documents: ManifestDocument[] = [];
  const skipped: ManifestSkippedDocument[] = [];
  for (const [key, ref] of snapshot.keys) {
    const copied = await copyObject(source.store, key, path.join(root, "files", key));
    if (copied) {
      documents.push({ key, table: ref.table, contentType: ref.contentType, ...copied });
      continue;
    }
    const live = await rowsOf<{ one: number }>(
      source.db,
      sql`SELECT 1 AS one FROM ${sql.raw(`public.${quoteIdent(ref.table)}`)} WHERE ${sql.raw(quoteIdent(ref.column))} = ${key} LIMIT 1`,
    );
    if (live.length > 0)
      throw new BackupError(
        "missing-object",
        `The document store has no object ${key}, which a row of ${ref.table} still names: the store has lost data. The backup was not finished.`,
      );
    skipped.push({ key, table: ref.table, reason: "deleted-after-snapshot" });
  }

  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: snapshot.createdAt,
    completedAt: new Date().toISOString(),
    engine: source.engine,
    documentStore: source.store.kind,
    migrations: snapshot.migrations,
    tables: snapshot.tables,
    sequences: snapshot.sequences,
    documents,
    skippedDocuments: skipped,
    notIncluded: NOT_INCLUDED,
  };
  const manifestText = `${JSON.stringify(manifest, null, 2)}\n`;
  const sums = [
    `${sha256(manifestText)}  ${MANIFEST_FILE}`,
    ...manifest.tables.map((t) => `${t.sha256}  ${t.file}`),
    ...documents.map((d) => `${d.sha256}  files/${d.key}`),
  ];
  await writeFile(path.join(root, CHECKSUMS_FILE), `${sums.join("\n")}\n`, { mode: 0o600 });
  // The manifest goes last, under a temporary name first: its presence means "complete".
  await writeFile(path.join(root, `${MANIFEST_FILE}.partial`), manifestText, { mode: 0o600 });
  await rename(path.join(root, `${MANIFEST_FILE}.partial`), path.join(root, MANIFEST_FILE));
  return manifest;
}

/** Creates `root` (mode 0700) or accepts it empty; refuses a file or a folder with entries. */
async function prepareTarget(root: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      await mkdir(root, { recursive: true, mode: 0o700 });
      return;
    }
    if (code === "ENOTDIR") throw new BackupError("bad-target", `${root} is a file, not a folder.`);
    throw err;
  }
  if (entries.length > 0)
    throw new BackupError(
      "target-not-empty",
      `${root} is not empty: give a new or empty folder for the backup.`,
    );
  await chmod(root, 0o700);
}

/** What the snapshot transaction read. */
interface Snapshot {
  createdAt: string;
  migrations: { count: number; lastTag: string | null };
  tables: ManifestTable[];
  sequences: BackupManifest["sequences"];
  /** Every storage key a snapshot row names, with where and what type. */
  keys: Map<string, { table: string; column: string; contentType: string }>;
}

/** Reads every table inside the snapshot transaction `tx` into `root/db/<table>.ndjson`. */
async function dumpDatabase(tx: SqlRunner, root: string): Promise<Snapshot> {
  // Times are written in UTC whatever the server's TimeZone, so a dump reads the same anywhere.
  await tx.execute(sql`SET LOCAL TimeZone = 'UTC'`);
  const [now] = await rowsOf<{ at: string | Date }>(tx, sql`SELECT now() AS at`);
  const createdAt = new Date(now?.at ?? Date.now()).toISOString();
  const order = await foreignKeyOrder(tx, await listTables(tx));
  const keyColumns = new Map<string, (typeof STORAGE_KEY_COLUMNS)[number]>(
    STORAGE_KEY_COLUMNS.map((c) => [c.table, c]),
  );
  const keys: Snapshot["keys"] = new Map();
  const tables: ManifestTable[] = [];
  for (const name of order) {
    const columns = await writableColumns(tx, name);
    const file = `db/${name}.ndjson`;
    const out = createWriteStream(path.join(root, file), { mode: 0o600 });
    const hash = createHash("sha256");
    let bytes = 0;
    let rows = 0;
    const keyColumn = keyColumns.get(name);
    const list = columns.map(quoteIdent).join(", ");
    await tx.execute(
      sql.raw(
        `DECLARE lexatlas_backup NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS j FROM (SELECT ${list} FROM public.${quoteIdent(name)}) r`,
      ),
    );
    for (;;) {
      const batch = await rowsOf<{ j: string }>(
        tx,
        sql.raw(`FETCH FORWARD ${ROWS_PER_FETCH} FROM lexatlas_backup`),
      );
      if (batch.length === 0) break;
      const chunk = Buffer.from(`${batch.map((r) => r.j).join("\n")}\n`);
      hash.update(chunk);
      bytes += chunk.length;
      rows += batch.length;
      if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
      if (keyColumn) {
        for (const { j } of batch) {
          const row = JSON.parse(j) as Record<string, unknown>;
          const key = row[keyColumn.column];
          if (typeof key === "string")
            keys.set(key, {
              table: name,
              column: keyColumn.column,
              contentType: String(row[keyColumn.typeColumn] ?? "application/octet-stream"),
            });
        }
      }
    }
    await tx.execute(sql.raw("CLOSE lexatlas_backup"));
    await new Promise<void>((resolve, reject) =>
      out.end((err?: Error | null) => (err ? reject(err) : resolve())),
    );
    tables.push({ name, columns, rows, file, sha256: hash.digest("hex"), bytes });
  }
  return {
    createdAt,
    migrations: await migrationLevel(tx),
    tables,
    sequences: await readSequences(tx),
    keys,
  };
}

/** Copies the stored object `key` to `file`; null when the store has no such object. */
async function copyObject(
  store: DocumentStore,
  key: string,
  file: string,
): Promise<{ sha256: string; bytes: number } | null> {
  if (!isValidKey(key)) return null; // never a path outside files/ (the stores refuse such keys too)
  const object = await store.get(key);
  if (!object) return null;
  const hash = createHash("sha256");
  let bytes = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(object.body, tap, createWriteStream(file, { mode: 0o600 }));
  return { sha256: hash.digest("hex"), bytes };
}

/** The sha256 (hex) of a string's UTF-8 bytes. */
function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
