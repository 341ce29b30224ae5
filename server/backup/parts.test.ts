/**
 * The pieces of issue 17 §6 the end-to-end test (backup.test.ts) does not reach, on the engine of
 * the run: an S3 bucket (tests/doubles/s3-stand-in.ts) backed up as stored and restored into an
 * empty bucket; an object deleted after the snapshot; an object lost while its row lives; a
 * backup of an older or newer schema; the storage-key registry against the schema; and the
 * control socket's permissions and refusals.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import net from "node:net";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../../tests/doubles/s3-stand-in.ts";
import { insertTestListing } from "../../tests/support/api.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { deleteCases } from "../cases/delete.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { caseDocuments, cases } from "../db/schema.ts";
import { createLogger } from "../logger.ts";
import { createLocalStore, createS3Store, type DocumentStore, randomKey, readAll } from "../storage/index.ts";
import { migrationLevel, readJournal } from "./catalog.ts";
import { runBackupCli } from "./cli.ts";
import { controlSocketPath, requestBackup, startBackupControl } from "./control.ts";
import { BackupError, createBackup } from "./create.ts";
import { type BackupManifest, STORAGE_KEY_COLUMNS } from "./format.ts";
import {
  assertEmptyTarget,
  migrationsUpTo,
  RestoreError,
  restoreDatabase,
  restoreDocuments,
  verifyBackup,
} from "./restore.ts";

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), "lexatlas-bkp-"));
  dirs.push(d);
  return d;
};
const opened: Database[] = [];
async function database(opts: { migrate?: boolean } = {}): Promise<Database> {
  const d = await openTestDatabase(opts);
  opened.push(d);
  return d;
}

let s3: S3StandIn;
let source: Database;
let lawyerId: number;
beforeAll(async () => {
  s3 = await startS3StandIn();
  source = await database();
  lawyerId = await insertTestListing(source, "backup.parts@example.org");
});
afterAll(async () => {
  for (const d of opened) await d.close();
  await s3.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const s3Store = (bucket: string) =>
  createS3Store({
    bucket,
    region: "us-east-1",
    endpoint: s3.endpoint,
    accessKeyId: "test",
    secretAccessKey: "test",
    tempRoot: temp(),
  });

/** A case of the test listing with one stored document; answers its id, key and bytes. */
async function caseWithDocument(db: Database, store: DocumentStore, listing = lawyerId) {
  const [row] = await db.db
    .insert(cases)
    .values({
      lawyerId: listing,
      caseTitle: "Backup case",
      caseType: "Car Accident",
      description: "A case for the backup tests",
      clientName: "Dana Visitor",
      clientEmail: "dana@example.org",
      clientPhone: "+14165550199",
    })
    .returning({ id: cases.id });
  const caseId = row?.id as string;
  const key = randomKey();
  const bytes = randomBytes(2000);
  const file = path.join(await store.tempDir(), `t-${key}`);
  writeFileSync(file, bytes);
  await store.putFile(key, file, "application/pdf");
  rmSync(file, { force: true });
  await db.db.insert(caseDocuments).values({
    caseId,
    fileName: "scan.pdf",
    fileType: "application/pdf",
    fileSize: bytes.length,
    fileUrl: key,
  });
  return { caseId, key, bytes };
}

describe(`backup parts (${TEST_ENGINE})`, () => {
  it("S3: copies objects as stored and restores them into an empty bucket, refusing one that holds them", async () => {
    const store = s3Store("source-bucket");
    const doc = await caseWithDocument(source, store);
    const dir = path.join(temp(), "b");
    const manifest = await createBackup({ db: source.db, engine: source.kind, store }, dir);
    expect(manifest.documentStore).toBe("s3");
    expect(manifest.documents.map((d) => d.key)).toContain(doc.key);
    expect(readFileSync(path.join(dir, "files", doc.key)).equals(doc.bytes)).toBe(true);

    const target = await database({ migrate: false });
    const targetStore = s3Store("target-bucket");
    const verified = await verifyBackup(dir);
    await assertEmptyTarget({ database: target, store: targetStore, dataDir: temp() }, verified);
    await restoreDatabase(target, verified, dir);
    expect(await restoreDocuments(targetStore, verified, dir)).toBe(verified.documents.length);
    expect(s3.objects.get(`target-bucket/${doc.key}`)?.body.equals(doc.bytes)).toBe(true);
    const rows = await target.db.select().from(caseDocuments).where(eq(caseDocuments.fileUrl, doc.key));
    expect(rows).toHaveLength(1);

    const another = await database({ migrate: false });
    await expect(
      assertEmptyTarget({ database: another, store: targetStore, dataDir: temp() }, verified),
    ).rejects.toThrow(/bucket already holds objects/);
  });

  it("an object deleted after the snapshot is listed as skipped, and restore deletes its rows", async () => {
    const raw = createLocalStore(path.join(temp(), "uploads"));
    const kept = await caseWithDocument(source, raw);
    const gone = await caseWithDocument(source, raw);
    // The case is withdrawn (rows and file deleted) between the snapshot and the copy of its file.
    const racing: DocumentStore = {
      ...raw,
      async get(key) {
        if (key === gone.key) await deleteCases(source.db, raw, [gone.caseId]);
        return raw.get(key);
      },
    };
    // Documents of the earlier tests live in the S3 bucket: keep only this store's cases.
    await source.db
      .delete(caseDocuments)
      .where(sql`${caseDocuments.fileUrl} NOT IN (${kept.key}, ${gone.key})`);
    const dir = path.join(temp(), "b");
    const manifest = await createBackup({ db: source.db, engine: source.kind, store: racing }, dir);
    expect(manifest.skippedDocuments).toEqual([
      { key: gone.key, table: "case_documents", reason: "deleted-after-snapshot" },
    ]);
    expect(manifest.documents.map((d) => d.key)).toEqual([kept.key]);
    // Every row of the snapshot names a copied or a skipped object.
    const lines = readFileSync(path.join(dir, "db/case_documents.ndjson"), "utf8")
      .split("\n")
      .filter(Boolean);
    expect(lines.map((l) => JSON.parse(l).file_url).sort()).toEqual([kept.key, gone.key].sort());

    const target = await database({ migrate: false });
    const targetStore = createLocalStore(path.join(temp(), "uploads"));
    await restoreDatabase(target, await verifyBackup(dir), dir);
    await restoreDocuments(targetStore, manifest, dir);
    const restored = await target.db.select({ key: caseDocuments.fileUrl }).from(caseDocuments);
    expect(restored).toEqual([{ key: kept.key }]);
    const object = await targetStore.get(kept.key);
    expect(object && (await readAll(object)).equals(kept.bytes)).toBe(true);
  });

  it("fails, without a manifest, when a live row names an object the store lost", async () => {
    const raw = createLocalStore(path.join(temp(), "uploads"));
    await caseWithDocument(source, raw);
    const lost = await caseWithDocument(source, raw);
    await raw.delete(lost.key);
    await source.db.delete(caseDocuments).where(sql`${caseDocuments.fileUrl} <> ${lost.key}`);
    const dir = path.join(temp(), "b");
    const failure = await createBackup({ db: source.db, engine: source.kind, store: raw }, dir).catch(
      (e) => e,
    );
    expect(failure).toBeInstanceOf(BackupError);
    expect((failure as BackupError).code).toBe("missing-object");
    expect(existsSync(path.join(dir, "manifest.json"))).toBe(false);
    await expect(verifyBackup(dir)).rejects.toThrow(/did not finish/);
  });

  it("restores a backup of an older schema and then migrates it; refuses one of a newer schema", async () => {
    const journal = readJournal();
    const old = await database({ migrate: false });
    const folder = await migrationsUpTo(journal.length - 1);
    if (old.kind === "pglite") await migratePglite(old.db as never, { migrationsFolder: folder });
    else await migratePg(old.db as never, { migrationsFolder: folder });
    rmSync(folder, { recursive: true, force: true });
    const store = createLocalStore(path.join(temp(), "uploads"));
    const dir = path.join(temp(), "b");
    const manifest = await createBackup({ db: old.db, engine: old.kind, store }, dir);
    expect(manifest.migrations).toEqual({ count: journal.length - 1, lastTag: journal.at(-2)?.tag });

    const target = await database({ migrate: false });
    await restoreDatabase(target, await verifyBackup(dir), dir);
    expect(await migrationLevel(target.db)).toEqual({ count: journal.length, lastTag: journal.at(-1)?.tag });

    const newer: BackupManifest = {
      ...manifest,
      migrations: { count: journal.length + 1, lastTag: "9999_future" },
    };
    const fresh = await database({ migrate: false });
    const refused = await restoreDatabase(fresh, newer, dir).catch((e) => e);
    expect(refused).toBeInstanceOf(RestoreError);
    expect((refused as RestoreError).code).toBe("newer-schema");
  });

  it("knows every column schema.ts documents as a storage key", () => {
    const schema = readFileSync(path.join(import.meta.dirname, "../db/schema.ts"), "utf8");
    const documented = [...schema.matchAll(/\/\*\* Storage key[^\n]*\n\s*\w+: varchar\("(\w+)"/g)].map(
      (m) => m[1],
    );
    expect(documented.length).toBeGreaterThan(0);
    expect(documented.sort()).toEqual(STORAGE_KEY_COLUMNS.map((c) => c.column).sort());
  });

  it("control socket: owner-only permissions, one backup at a time, refuses anything but a backup request", async () => {
    const dataDir = path.join(temp(), "data");
    let release: () => void = () => {};
    const control = await startBackupControl({
      dataDir,
      logger: createLogger("silent"),
      backup: () =>
        new Promise<BackupManifest>((resolve) => {
          release = () =>
            resolve({ tables: [], documents: [], skippedDocuments: [] } as unknown as BackupManifest);
        }),
    });
    expect(control).not.toBeNull();
    const socket = controlSocketPath(dataDir);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(socket)).mode & 0o777).toBe(0o700);

    const send = (line: string) =>
      new Promise<string>((resolve, reject) => {
        const c = net.createConnection(socket, () => c.write(line));
        let out = "";
        c.on("data", (d) => {
          out += d;
        });
        c.on("end", () => resolve(out));
        c.on("error", reject);
      });
    expect(JSON.parse(await send("not json\n"))).toMatchObject({ ok: false, code: "bad-request" });
    expect(JSON.parse(await send('{"command":"backup","dir":"relative"}\n'))).toMatchObject({
      ok: false,
      code: "bad-request",
    });
    expect(JSON.parse(await send('{"command":"shell","dir":"/tmp/x"}\n'))).toMatchObject({
      ok: false,
      code: "bad-request",
    });

    const first = requestBackup(dataDir, "/tmp/first");
    await new Promise((r) => setTimeout(r, 100));
    expect(await requestBackup(dataDir, "/tmp/second")).toMatchObject({ ok: false, code: "busy" });
    release();
    expect(await first).toMatchObject({ ok: true, summary: { dir: "/tmp/first", documents: 0 } });
    await control?.close();
    expect(existsSync(socket)).toBe(false);
  });

  it("backup command: 64 without DIR; 75 when a live process holds the PGlite folder and no socket answers", async () => {
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    expect(await runBackupCli([], {}, out)).toBe(64);
    const dataDir = path.join(temp(), "data");
    mkdirSync(dataDir);
    writeFileSync(
      `${dataDir}.lock`,
      JSON.stringify({ pid: process.pid, hostname: hostname(), startedAt: new Date().toISOString() }),
    );
    const dir = path.join(temp(), "b");
    expect(await runBackupCli([dir], { DATA_DIR: dataDir }, out)).toBe(75);
    expect(lines.join("\n")).toMatch(/does not answer on its backup control socket/);
    expect(existsSync(dir)).toBe(false);
  });

  it("a PGlite backup restores into the run's engine with the same rows (the format is engine-neutral)", async () => {
    const pglite = await openDatabase({ dataDir: "memory://" });
    opened.push(pglite);
    const listing = await insertTestListing(pglite, "cross.engine@example.org");
    const store = createLocalStore(path.join(temp(), "uploads"));
    const doc = await caseWithDocument(pglite, store, listing);
    const first = path.join(temp(), "b");
    const manifest = await createBackup({ db: pglite.db, engine: "pglite", store }, first);
    const target = await database({ migrate: false });
    const targetStore = createLocalStore(path.join(temp(), "uploads"));
    await restoreDatabase(target, await verifyBackup(first), first);
    await restoreDocuments(targetStore, manifest, first);
    const second = path.join(temp(), "b");
    const again = await createBackup({ db: target.db, engine: target.kind, store: targetStore }, second);
    const sorted = (dir: string, file: string) =>
      readFileSync(path.join(dir, file), "utf8").split("\n").filter(Boolean).sort();
    for (const t of manifest.tables) expect(sorted(second, t.file), t.name).toEqual(sorted(first, t.file));
    expect(again.documents).toEqual(manifest.documents);
    expect(again.documents.map((d) => d.key)).toEqual([doc.key]);
  });
});
