/**
 * Issue 17 §6 "Backups", end to end on the engine of the run (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): the real product process (server/main.ts) takes cases with documents
 * through its API in a loop while `npm run backup` runs against it (on PGlite through the
 * server's control socket, on PostgreSQL directly); the backup is restored with
 * `npm run restore` into a fresh data folder (and database), and every case acknowledged (201)
 * before the backup began is found with its documents byte for byte: in the raw store, in the
 * manifest's checksums, and downloaded through the restored product's API. Restore refuses a
 * target that is not empty and a damaged backup, writing nothing.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { testApi } from "../../tests/support/api.ts";
import { caseForm, casePayload, PDF } from "../../tests/support/case-fixtures.ts";
import { TEST_ENGINE } from "../../tests/support/db.ts";
import type { TestServer } from "../../tests/support/server.ts";
import { openDatabase } from "../db/client.ts";
import { createLocalStore, readAll } from "../storage/index.ts";
import type { BackupManifest } from "./format.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const MAIN = path.join(ROOT, "server/main.ts");

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

function tempDir(): string {
  const d = mkdtempSync(path.join(tmpdir(), "lexatlas-bk-"));
  cleanups.push(() => rmSync(d, { recursive: true, force: true }));
  return d;
}

/** A fresh PostgreSQL database on TEST_DATABASE_URL's server (dropped after the file); its URL. */
async function freshPostgres(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `lexatlas_bk_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const a = new pg.Client({ connectionString: adminUrl });
    await a.connect();
    await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await a.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment of one installation: its DATA_DIR and, on PostgreSQL, its own database. */
async function installation(): Promise<Record<string, string>> {
  const env: Record<string, string> = { DATA_DIR: path.join(tempDir(), "data") };
  if (TEST_ENGINE === "postgres") env.DATABASE_URL = await freshPostgres();
  return env;
}

const baseEnv = () => ({ PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "" });

/** Starts the real product process on `env`; answers its URL and a stop function. */
async function startProduct(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      ...baseEnv(),
      PORT: "0",
      HOST: "127.0.0.1",
      SEED_LAWYERS: "3",
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  const until = Date.now() + 90_000;
  let url: string | undefined;
  while (!url) {
    url = /LexAtlas is running at (http:\/\/\S+)/.exec(out)?.[1];
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    if (Date.now() > until) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    child.kill("SIGTERM");
    expect(await exited, out).toBe(0);
  };
  cleanups.push(() => {
    if (!stopped) child.kill("SIGKILL");
  });
  return { url, stop };
}

/** Runs `node scripts/<script>.ts dir` on `env`; answers its exit code and output. */
function runScript(
  script: "backup" | "restore",
  dir: string,
  env: Record<string, string>,
): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(ROOT, "scripts", `${script}.ts`), dir],
      { env: { ...baseEnv(), LOG_LEVEL: "silent", ...env }, cwd: ROOT },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

/** A PDF no other upload of this file has (random comment after %%EOF). */
function uniquePdf(): Buffer {
  return Buffer.concat([PDF, Buffer.from(`%${randomBytes(24).toString("hex")}\n`)]);
}

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

interface Submitted {
  caseId: string;
  docs: { id: string; bytes: Buffer }[];
  ackAt: number;
}

let backupDir = "";
let restoredEnv: Record<string, string> = {};

describe(`npm run backup / restore of a running product (${TEST_ENGINE})`, () => {
  it("backs up under writes, and the restore holds every acknowledged case and document", async () => {
    const source = await installation();
    const product = await startProduct(source);
    const api = testApi(() => ({ baseUrl: product.url }) as TestServer, { emailPrefix: "backup" });
    const lawyers = await api.call("GET", "/api/lawyers/search");
    const lawyerId = lawyers.body[0].id as number;
    const client = await api.signUp();

    const acknowledged: Submitted[] = [];
    const sentAt: number[] = [];
    let writing = true;
    const writer = async () => {
      while (writing) {
        const docs = [uniquePdf(), uniquePdf()];
        sentAt.push(Date.now());
        const form = caseForm(
          casePayload(lawyerId, { clientEmail: client.email }),
          docs.map((d, i) => [`scan-${i}.pdf`, d, "application/pdf"] as [string, Buffer, string]),
        );
        const r = await api.call("POST", "/api/cases", { form, token: client.token });
        expect(r.status, r.text).toBe(201);
        const ids = (r.body.case.documents as { id: string; fileName: string }[])
          .sort((a, b) => a.fileName.localeCompare(b.fileName))
          .map((d) => d.id);
        acknowledged.push({
          caseId: r.body.case.id,
          docs: ids.map((id, i) => ({ id, bytes: docs[i] as Buffer })),
          ackAt: Date.now(),
        });
      }
    };
    const writers = [writer(), writer()];
    while (acknowledged.length < 6) await new Promise((r) => setTimeout(r, 20));

    backupDir = path.join(tempDir(), "backup");
    const backupStart = Date.now();
    const before = acknowledged.filter((s) => s.ackAt < backupStart);
    const backup = await runScript("backup", backupDir, source);
    const backupEnd = Date.now();
    await new Promise((r) => setTimeout(r, 300));
    writing = false;
    await Promise.all(writers);
    await product.stop();

    expect(backup.code, backup.out).toBe(0);
    if (TEST_ENGINE === "pglite") expect(backup.out).toMatch(/through the running server/);
    expect(
      sentAt.some((t) => t >= backupStart && t <= backupEnd),
      "writes during the backup",
    ).toBe(true);
    expect(before.length).toBeGreaterThanOrEqual(6);

    // The manifest is consistent: every document row names a file in the backup.
    const manifest = JSON.parse(
      readFileSync(path.join(backupDir, "manifest.json"), "utf8"),
    ) as BackupManifest;
    const documentRows = readFileSync(path.join(backupDir, "db/case_documents.ndjson"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { case_id: string; file_url: string });
    const inBackup = new Map(manifest.documents.map((d) => [d.key, d]));
    // Nothing is deleted in this run, so no object may be missing (skippedDocuments stays empty).
    for (const row of documentRows) expect(inBackup.has(row.file_url), row.file_url).toBe(true);
    expect(manifest.tables.find((t) => t.name === "case_documents")?.rows).toBe(documentRows.length);
    expect(manifest.skippedDocuments).toEqual([]);
    expect(manifest.engine).toBe(TEST_ENGINE);
    expect(manifest.migrations.count).toBeGreaterThan(0);

    restoredEnv = await installation();
    // Restore step 2 of docs/operations.md: the keys kept apart from backups (key files of
    // DATA_DIR, e.g. the staff secret key or a development master key) go into the new folder.
    mkdirSync(restoredEnv.DATA_DIR as string, { recursive: true });
    for (const name of readdirSync(source.DATA_DIR as string).filter((n) => n.endsWith(".key")))
      cpSync(path.join(source.DATA_DIR as string, name), path.join(restoredEnv.DATA_DIR as string, name));
    // The development master key of the encrypted documents (issue 17 §3), DATA_DIR/keys.
    const keyDir = path.join(source.DATA_DIR as string, "keys");
    if (existsSync(keyDir))
      cpSync(keyDir, path.join(restoredEnv.DATA_DIR as string, "keys"), { recursive: true });
    const restore = await runScript("restore", backupDir, restoredEnv);
    expect(restore.code, restore.out).toBe(0);

    // In the restored database and raw store: every acknowledged case, its rows and its bytes.
    const opened = await openDatabase({
      databaseUrl: restoredEnv.DATABASE_URL,
      dataDir: restoredEnv.DATA_DIR as string,
      migrate: false,
    });
    const rows = (
      (await opened.db.execute(
        `SELECT d.id::text AS id, d.case_id::text AS case_id, d.file_url FROM case_documents d`,
      )) as unknown as { rows: { id: string; case_id: string; file_url: string }[] }
    ).rows;
    await opened.close();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const store = createLocalStore(path.join(restoredEnv.DATA_DIR as string, "uploads"));
    const sourceStore = createLocalStore(path.join(source.DATA_DIR as string, "uploads"));
    for (const s of before) {
      for (const d of s.docs) {
        const row = byId.get(d.id);
        expect(row?.case_id, `document ${d.id} of case ${s.caseId}`).toBe(s.caseId);
        const key = row?.file_url as string;
        const stored = await store.get(key);
        const original = await sourceStore.get(key);
        expect(stored && original).toBeTruthy();
        const raw = await readAll(stored as NonNullable<typeof stored>);
        expect(raw.equals(await readAll(original as NonNullable<typeof original>))).toBe(true);
        expect(sha256(raw)).toBe(inBackup.get(key)?.sha256);
      }
    }

    // Through the restored product: the same session, each case and each document's bytes.
    const restored = await startProduct(restoredEnv);
    const api2 = testApi(() => ({ baseUrl: restored.url }) as TestServer, { emailPrefix: "restored" });
    for (const s of before) {
      const c = await api2.call("GET", `/api/cases/${s.caseId}`, { token: client.token });
      expect(c.status, c.text).toBe(200);
      for (const d of s.docs) {
        const res = await fetch(`${restored.url}/api/cases/${s.caseId}/documents/${d.id}`, {
          headers: { Authorization: `Bearer ${client.token}`, "X-Forwarded-For": api2.freshIp() },
        });
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(d.bytes)).toBe(true);
      }
    }
    // New ids do not collide with restored ones: a new case is accepted.
    const after = await api2.call("POST", "/api/cases", {
      form: caseForm(casePayload(lawyerId, { clientEmail: client.email }), [
        ["new.pdf", uniquePdf(), "application/pdf"],
      ]),
      token: client.token,
    });
    expect(after.status, after.text).toBe(201);
    await restored.stop();
  }, 240_000);

  it("refuses a target that is not empty, and a damaged backup, writing nothing", async () => {
    expect(backupDir).not.toBe("");
    // The target restored above now holds a database.
    const again = await runScript("restore", backupDir, restoredEnv);
    expect(again.code, again.out).toBe(73);
    expect(again.out).toMatch(/not empty|already holds a database/);

    // A backup into a folder that is not empty.
    const full = tempDir();
    writeFileSync(path.join(full, "x"), "x");
    const intoFull = await runScript("backup", full, restoredEnv);
    expect(intoFull.code, intoFull.out).toBe(73);

    // One flipped byte in a stored document: refused before anything is written.
    const damaged = path.join(tempDir(), "damaged");
    cpSync(backupDir, damaged, { recursive: true });
    const victim = readdirSync(path.join(damaged, "files"))[0] as string;
    const bytes = readFileSync(path.join(damaged, "files", victim));
    bytes.writeUInt8((bytes.at(-1) ?? 0) ^ 0xff, bytes.length - 1);
    writeFileSync(path.join(damaged, "files", victim), bytes);
    const target = await installation();
    const refused = await runScript("restore", damaged, target);
    expect(refused.code, refused.out).toBe(65);
    expect(refused.out).toMatch(/does not match its checksum/);
    expect(existsSync(target.DATA_DIR as string)).toBe(false);
    if (target.DATABASE_URL) {
      const c = new pg.Client({ connectionString: target.DATABASE_URL });
      await c.connect();
      const { rows } = await c.query(
        "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
      );
      await c.end();
      expect(rows[0].n).toBe(0);
    }

    // A changed row in a table file, and an unfinished backup (no manifest).
    const edited = path.join(tempDir(), "edited");
    cpSync(backupDir, edited, { recursive: true });
    const casesFile = path.join(edited, "db/cases.ndjson");
    writeFileSync(casesFile, readFileSync(casesFile, "utf8").replace("Rear-ended", "Rear-ended!"));
    expect((await runScript("restore", edited, target)).code).toBe(65);
    rmSync(path.join(edited, "manifest.json"));
    const unfinished = await runScript("restore", edited, target);
    expect(unfinished.code).toBe(65);
    expect(unfinished.out).toMatch(/not a LexAtlas backup, or the backup did not finish/);
  }, 60_000);
});
