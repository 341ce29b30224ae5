/**
 * `npm run keys:rotate` (issue 17 §3) run in-process against a real database: a PGlite folder
 * (default) or a fresh PostgreSQL database (TEST_DATABASE_URL). The development key file gets a
 * new key and the old one moves to `previous`; every data key is re-wrapped while a "running
 * server" (its own store and keyring on the same data) keeps reading; `--forget-previous` then
 * drops the old key; configured keys re-wrap under DOCUMENT_MASTER_KEY. On PGlite a folder held
 * by a running server is not opened: the server's own rotation timer re-wraps (no downtime).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENGINE } from "../../tests/support/db.ts";
import { systemClock } from "../clock.ts";
import { loadConfig } from "../config.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { documentKeys } from "../db/schema.ts";
import { createEncryptedStore } from "./encrypted.ts";
import { createDocumentStore, type DocumentStore, randomKey, readAll } from "./index.ts";
import { generateMasterKey, loadKeyring, MASTER_KEY_FILE, readKeyFile } from "./keyring.ts";
import { keyUsage, startKeyRotationTimer } from "./rotate.ts";
import { runKeysRotateCli } from "./rotate-cli.ts";

const adminUrl = process.env.TEST_DATABASE_URL;
let dataDir: string;
let databaseUrl: string | undefined;
let dbName: string | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-rotate-cli-"));
  if (adminUrl) {
    dbName = `lexatlas_rotate_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl && dbName) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
});

/** The command's environment: this test's DATA_DIR (and DATABASE_URL on PostgreSQL). */
const env = (extra: Record<string, string> = {}) => ({
  DATA_DIR: dataDir,
  LOG_LEVEL: "silent",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  ...extra,
});
const open = () => openDatabase({ databaseUrl, dataDir });

async function run(args: string[], extra: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runKeysRotateCli(args, {
    env: env(extra),
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    clock: systemClock,
  });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

/** The "server": the encrypting store over the raw store of this DATA_DIR with the configured keyring. */
function serverStore(database: Database, extra: Record<string, string> = {}): DocumentStore {
  const config = loadConfig(env(extra));
  return createEncryptedStore(createDocumentStore(config), loadKeyring(config), database.db, {
    clock: systemClock,
  });
}

async function put(store: DocumentStore, text: string): Promise<string> {
  const key = randomKey();
  const tmp = path.join(await store.tempDir(), `${key}.upload`);
  writeFileSync(tmp, text);
  await store.putFile(key, tmp, "application/pdf");
  return key;
}

async function text(store: DocumentStore, key: string): Promise<string> {
  const got = await store.get(key);
  return got ? (await readAll(got)).toString() : "(missing)";
}

describe(`npm run keys:rotate (${TEST_ENGINE})`, () => {
  const keyFile = () => path.join(dataDir, MASTER_KEY_FILE);
  const stored: string[] = [];

  it("refuses unknown options (64) and bad configuration (78)", async () => {
    expect((await run(["--now"])).code).toBe(64);
    expect((await run(["--no-new-key", "--forget-previous"])).code).toBe(64);
    expect((await run([], { NODE_ENV: "production" })).code).toBe(78);
  });

  it("writes a new development key, re-wraps every data key while the server keeps reading, then forgets the old key", async () => {
    const database = await open();
    const store = serverStore(database);
    for (let i = 0; i < 5; i++) stored.push(await put(store, `document ${i}`));
    const first = readKeyFile(keyFile())?.current.id as string;
    if (TEST_ENGINE === "pglite") await database.close();

    // On PostgreSQL the server stays up and reads while the command runs.
    const reading =
      TEST_ENGINE === "postgres"
        ? (async () => {
            const seen: string[] = [];
            for (let round = 0; round < 3; round++) for (const k of stored) seen.push(await text(store, k));
            return seen;
          })()
        : Promise.resolve([] as string[]);
    const result = await run([]);
    expect(result.code, result.err).toBe(0);
    const seen = await reading;
    expect(seen.every((s) => s.startsWith("document "))).toBe(true);
    const file = readKeyFile(keyFile());
    const second = file?.current.id as string;
    expect(second).not.toBe(first);
    expect(file?.previous.map((k) => k.id)).toEqual([first]);
    expect(result.out).toContain(`new master key ${second}`);
    expect(result.out).toContain("5 data keys re-wrapped");
    expect(result.out).not.toContain(file?.current.key.toString("base64") ?? "-");

    const forgot = await run(["--forget-previous"]);
    expect(forgot.code, forgot.err).toBe(0);
    expect(readKeyFile(keyFile())?.previous).toEqual([]);
    const again = TEST_ENGINE === "pglite" ? await open() : database;
    expect(await keyUsage(again.db)).toEqual({ [second]: 5 });
    const after = serverStore(again);
    for (const [i, k] of stored.entries()) expect(await text(after, k)).toBe(`document ${i}`);
    await again.close();
  });

  it("re-wraps under a configured DOCUMENT_MASTER_KEY with the old one in DOCUMENT_MASTER_KEYS_PREVIOUS", async () => {
    const old = readKeyFile(keyFile())?.current as ReturnType<typeof generateMasterKey>;
    const next = generateMasterKey();
    const configured = {
      DOCUMENT_MASTER_KEY: next.key.toString("base64"),
      DOCUMENT_MASTER_KEYS_PREVIOUS: old.key.toString("base64"),
    };
    const result = await run([], configured);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain("5 data keys re-wrapped");
    expect((await run(["--forget-previous"], configured)).code).toBe(64);
    const database = await open();
    expect(await keyUsage(database.db)).toEqual({ [next.id]: 5 });
    const store = serverStore(database, { DOCUMENT_MASTER_KEY: next.key.toString("base64") });
    for (const [i, k] of stored.entries()) expect(await text(store, k)).toBe(`document ${i}`);
    // Rows under a key the configuration does not hold are reported (exit 1), never lost.
    const stranger = generateMasterKey();
    const result2 = await run([], { DOCUMENT_MASTER_KEY: stranger.key.toString("base64") });
    expect(result2.code).toBe(TEST_ENGINE === "pglite" ? 75 : 1);
    await database.close();
    if (TEST_ENGINE === "pglite") {
      const unlocked = await run([], { DOCUMENT_MASTER_KEY: stranger.key.toString("base64") });
      expect(unlocked.code).toBe(1);
      expect(unlocked.err).toContain(
        "5 data keys are wrapped by a master key this configuration does not hold",
      );
    }
  });

  it("with the server running (its rotation timer on): PGlite leaves the re-wrap to the server, PostgreSQL re-wraps at once; reads never stop", async () => {
    // Back to the development key file, the server holding the folder.
    rmSync(path.join(dataDir, "keys"), { recursive: true, force: true });
    const database = await open();
    await database.db.delete(documentKeys);
    const store = serverStore(database);
    const keys: string[] = [];
    for (let i = 0; i < 4; i++) keys.push(await put(store, `held ${i}`));
    const config = loadConfig(env());
    const timer = startKeyRotationTimer({
      db: database.db,
      raw: createDocumentStore(config),
      keyring: loadKeyring(config),
      logger: { info: () => {}, error: () => {} },
      clock: systemClock,
      everyMs: 50,
    });
    try {
      const result = await run([]);
      expect(result.code, result.err).toBe(0);
      if (TEST_ENGINE === "pglite")
        expect(result.out).toContain("The running server holds the PGlite database");
      // (the server's timer may re-wrap some rows first: each row is updated once, atomically)
      else expect(result.out).toMatch(/[0-4] data keys re-wrapped/);
      const current = readKeyFile(path.join(dataDir, MASTER_KEY_FILE))?.current.id as string;
      // The server reads throughout, and its timer re-wraps every row under the new key.
      for (let tries = 0; tries < 100; tries++) {
        for (const [i, k] of keys.entries()) expect(await text(store, k)).toBe(`held ${i}`);
        const usage = await keyUsage(database.db);
        if (Object.keys(usage).length === 1 && usage[current] !== undefined) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const usage = await keyUsage(database.db);
      expect(Object.keys(usage)).toEqual([current]);
    } finally {
      timer.stop();
      await database.close();
    }
  });
});
