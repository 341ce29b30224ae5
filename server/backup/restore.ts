/**
 * `npm run restore -- DIR` (issue 17 §6 "Backups"; GDPR Art. 32(1)(c), the ability to restore
 * availability and access to personal data in a timely manner): puts a backup folder
 * (server/backup/format.ts) back into an EMPTY database and an empty document store.
 *
 * Order, so that nothing is written from a damaged backup or over live data:
 * 1. verifyBackup: manifest.json against SHA256SUMS, then every table file and document against
 *    the manifest's sha256 and size. Any mismatch: RestoreError "checksum", nothing written.
 * 2. assertEmptyTarget: no table in the database, no object in the local upload folder or none of
 *    the backup's keys in the bucket. Otherwise RestoreError "target-not-empty".
 * 3. restoreDatabase: the migrations up to the backup's level, then every table in foreign-key
 *    order in ONE transaction (rows the migrations inserted are replaced; rows naming a document
 *    deleted while the backup ran are deleted), sequences set to their backed-up positions, then
 *    this code's later migrations.
 * 4. restoreDocuments: every object written back through the RAW store, bytes as they were
 *    stored (encrypted objects stay encrypted; the master key comes from configuration).
 */

import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, MIGRATIONS_DIR } from "../db/client.ts";
import { type DocumentStore, isValidKey } from "../storage/index.ts";
import { listTables, migrationLevel, readJournal, rowsOf, type SqlRunner } from "./catalog.ts";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupManifest,
  CHECKSUMS_FILE,
  hashFile,
  isPlainIdentifier,
  MANIFEST_FILE,
  quoteIdent,
  STORAGE_KEY_COLUMNS,
} from "./format.ts";

/** Why a restore refused or stopped; `code` says which case, `message` says it in words. */
export class RestoreError extends Error {
  readonly code: "not-a-backup" | "unsupported" | "checksum" | "target-not-empty" | "newer-schema";
  constructor(
    code: "not-a-backup" | "unsupported" | "checksum" | "target-not-empty" | "newer-schema",
    message: string,
  ) {
    super(message);
    this.code = code;
  }
}

/** Parses SHA256SUMS (`<hex>  <path>` lines) into path → hash. */
function parseSums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line);
    if (!m?.[1] || !m[2]) throw new RestoreError("checksum", `${CHECKSUMS_FILE} has a malformed line.`);
    sums.set(m[2], m[1]);
  }
  return sums;
}

/**
 * Checks the backup in `dir` completely before anything is written: the manifest against
 * SHA256SUMS, its format and names, then every file's sha256 and size against the manifest (and
 * SHA256SUMS). Answers the manifest. Throws RestoreError "not-a-backup" (no manifest: not a
 * backup or an unfinished one), "unsupported" (another format version), "checksum".
 */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  const root = path.resolve(dir);
  let manifestText: string;
  let sumsText: string;
  try {
    manifestText = await readFile(path.join(root, MANIFEST_FILE), "utf8");
    sumsText = await readFile(path.join(root, CHECKSUMS_FILE), "utf8");
  } catch {
    throw new RestoreError(
      "not-a-backup",
      `${root} holds no ${MANIFEST_FILE} and ${CHECKSUMS_FILE}: it is not a LexAtlas backup, or the backup did not finish.`,
    );
  }
  const sums = parseSums(sumsText);
  if (sums.get(MANIFEST_FILE) !== createHash("sha256").update(manifestText).digest("hex"))
    throw new RestoreError("checksum", `${MANIFEST_FILE} does not match its checksum in ${CHECKSUMS_FILE}.`);
  const manifest = JSON.parse(manifestText) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new RestoreError(
      "unsupported",
      `${root} is not a LexAtlas backup of format version ${BACKUP_FORMAT_VERSION}.`,
    );
  const files: { file: string; sha256: string; bytes: number }[] = [];
  for (const t of manifest.tables) {
    if (!isPlainIdentifier(t.name) || t.file !== `db/${t.name}.ndjson` || !t.columns.every(isPlainIdentifier))
      throw new RestoreError(
        "unsupported",
        `The manifest names an unexpected table ${JSON.stringify(t.name)}.`,
      );
    files.push(t);
  }
  for (const s of manifest.sequences)
    if (!isPlainIdentifier(s.name) || !/^-?\d+$/.test(s.lastValue))
      throw new RestoreError(
        "unsupported",
        `The manifest names an unexpected sequence ${JSON.stringify(s.name)}.`,
      );
  for (const d of manifest.documents) {
    if (!isValidKey(d.key))
      throw new RestoreError("unsupported", "The manifest names an unexpected document key.");
    files.push({ file: `files/${d.key}`, sha256: d.sha256, bytes: d.bytes });
  }
  if (sums.size !== files.length + 1)
    throw new RestoreError("checksum", `${CHECKSUMS_FILE} and ${MANIFEST_FILE} list different files.`);
  for (const f of files) {
    if (sums.get(f.file) !== f.sha256)
      throw new RestoreError("checksum", `${f.file}: ${CHECKSUMS_FILE} and ${MANIFEST_FILE} disagree.`);
    let actual: { sha256: string; bytes: number };
    try {
      actual = await hashFile(path.join(root, f.file));
    } catch {
      throw new RestoreError("checksum", `${f.file} is missing from the backup.`);
    }
    if (actual.sha256 !== f.sha256 || actual.bytes !== f.bytes)
      throw new RestoreError("checksum", `${f.file} does not match its checksum: the backup is damaged.`);
  }
  return manifest;
}

/** Where a restore writes: the opened (unmigrated) database, the raw store and DATA_DIR. */
export interface RestoreTarget {
  database: Database;
  /** The raw store (createDocumentStore), never the encrypting wrapper. */
  store: DocumentStore;
  /** The configured DATA_DIR (PGlite's folder, and the local store's `uploads`). */
  dataDir: string;
}

/**
 * Refuses a target that holds anything: a table in the database or a recorded migration, an
 * object in `DATA_DIR/uploads` (local store), or any of the backup's keys in the bucket (S3).
 * Throws RestoreError "target-not-empty" naming what was found.
 */
export async function assertEmptyTarget(target: RestoreTarget, manifest: BackupManifest): Promise<void> {
  const tables = await listTables(target.database.db);
  const level = await migrationLevel(target.database.db);
  if (tables.length > 0 || level.count > 0)
    throw new RestoreError(
      "target-not-empty",
      `The target database is not empty (${tables.length} tables): restore only into a new, empty database or data folder.`,
    );
  if (target.store.kind === "local") {
    const uploads = path.resolve(target.dataDir, "uploads");
    const entries = existsSync(uploads) ? (await readdir(uploads)).filter((e) => !e.startsWith(".")) : [];
    if (entries.length > 0)
      throw new RestoreError(
        "target-not-empty",
        `The upload folder ${uploads} is not empty: restore only into a new, empty data folder.`,
      );
  } else {
    for (const d of manifest.documents) {
      const existing = await target.store.get(d.key);
      if (existing) {
        existing.body.destroy();
        throw new RestoreError(
          "target-not-empty",
          "The bucket already holds objects of this backup: restore into a new, empty bucket.",
        );
      }
    }
  }
}

/** A temporary migrations folder holding only the first `count` migrations of this code's journal (the caller removes it). */
export async function migrationsUpTo(count: number): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "lexatlas-restore-migrations-"));
  const journal = JSON.parse(await readFile(path.join(MIGRATIONS_DIR, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  journal.entries = journal.entries.slice(0, count);
  await mkdir(path.join(dir, "meta"));
  await writeFile(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const e of journal.entries)
    await cp(path.join(MIGRATIONS_DIR, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** Applies the migrations in `folder` with the engine's drizzle migrator. */
async function migrateWith(database: Database, folder: string): Promise<void> {
  if (database.kind === "pglite") await migratePglite(database.db as never, { migrationsFolder: folder });
  else await migratePg(database.db as never, { migrationsFolder: folder });
}

const BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Loads the backup's tables into the empty `database`: migrations up to the backup's level,
 * rows in one transaction, sequences, then the remaining migrations. Throws RestoreError
 * "newer-schema" when the backup was made by a version whose migrations this code lacks.
 */
export async function restoreDatabase(
  database: Database,
  manifest: BackupManifest,
  dir: string,
): Promise<void> {
  const journal = readJournal();
  const { count, lastTag } = manifest.migrations;
  if (count > journal.length || (count > 0 && journal[count - 1]?.tag !== lastTag))
    throw new RestoreError(
      "newer-schema",
      `The backup's database is at migration ${lastTag ?? count}, which this version does not have: restore with the LexAtlas version that made the backup (or a newer one).`,
    );
  const folder = await migrationsUpTo(count);
  try {
    await migrateWith(database, folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  await database.db.transaction(async (tx) => {
    const run = tx as unknown as SqlRunner;
    for (const table of [...manifest.tables].reverse()) {
      const [row] = await rowsOf<{ n: number }>(
        run,
        sql.raw(`SELECT count(*)::int AS n FROM public.${quoteIdent(table.name)}`),
      );
      if (Number(row?.n ?? 0) > 0) await run.execute(sql.raw(`DELETE FROM public.${quoteIdent(table.name)}`));
    }
    for (const table of manifest.tables) await loadTable(run, table, path.resolve(dir, table.file));
    // Documents deleted while the backup ran: their rows go too (and what depends on them).
    for (const s of manifest.skippedDocuments) {
      const ref = STORAGE_KEY_COLUMNS.find((c) => c.table === s.table);
      if (!ref || !isValidKey(s.key)) continue;
      await run.execute(
        sql`DELETE FROM ${sql.raw(`public.${quoteIdent(ref.table)}`)} WHERE ${sql.raw(quoteIdent(ref.column))} = ${s.key}`,
      );
    }
    for (const s of manifest.sequences)
      await run.execute(
        sql`SELECT setval(${`public.${quoteIdent(s.name)}`}::regclass, ${s.lastValue}::bigint, ${s.isCalled})`,
      );
  });
  await migrateWith(database, MIGRATIONS_DIR);
}

/** Inserts the rows of one NDJSON table file in batches (json_populate_recordset, any engine). */
async function loadTable(
  tx: SqlRunner,
  table: BackupManifest["tables"][number],
  file: string,
): Promise<void> {
  const name = `public.${quoteIdent(table.name)}`;
  const list = table.columns.map(quoteIdent).join(", ");
  const insert = (json: string) =>
    tx.execute(
      sql`INSERT INTO ${sql.raw(name)} (${sql.raw(list)}) OVERRIDING SYSTEM VALUE SELECT ${sql.raw(list)} FROM json_populate_recordset(NULL::${sql.raw(name)}, ${json}::json)`,
    );
  let batch: string[] = [];
  let bytes = 0;
  let rows = 0;
  for await (const line of createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  })) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    rows += 1;
    if (batch.length >= BATCH_ROWS || bytes >= BATCH_BYTES) {
      await insert(`[${batch.join(",")}]`);
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) await insert(`[${batch.join(",")}]`);
  if (rows !== table.rows)
    throw new RestoreError("checksum", `${table.file} holds ${rows} rows, the manifest says ${table.rows}.`);
}

/**
 * Writes every document of the backup back into `store` under its key, bytes as stored, and
 * checks each object's size afterwards. Answers how many were written.
 */
export async function restoreDocuments(
  store: DocumentStore,
  manifest: BackupManifest,
  dir: string,
): Promise<number> {
  const temp = await store.tempDir();
  for (const d of manifest.documents) {
    const staged = path.join(temp, `restore-${d.key}`);
    await cp(path.resolve(dir, "files", d.key), staged);
    try {
      await store.putFile(d.key, staged, d.contentType);
    } finally {
      await rm(staged, { force: true });
    }
    const back = await store.get(d.key);
    back?.body.destroy();
    if (back?.size !== d.bytes) throw new Error(`The store did not keep document ${d.key} whole.`);
  }
  return manifest.documents.length;
}
