/**
 * Encryption at rest of stored documents (issue 17 §3) against a real database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), the real local store in a temporary folder and the S3
 * store against the in-process stand-in at the network boundary: round trip, unreadable bytes
 * under the upload folder and in the bucket, wrong master key, tampering, rotation with readers
 * during it, removal of the old key, and legacy plaintext objects read and then encrypted.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type S3StandIn, startS3StandIn } from "../../tests/doubles/s3-stand-in.ts";
import { PDF } from "../../tests/support/case-fixtures.ts";
import { openTestDatabase, TEST_ENGINE } from "../../tests/support/db.ts";
import { systemClock } from "../clock.ts";
import { ConfigError, loadConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { caseDocuments, cases, documentKeys, lawyers } from "../db/schema.ts";
import {
  createEncryptedStore,
  DocumentIntegrityError,
  decryptObject,
  MAGIC,
  OVERHEAD_BYTES,
  unwrapDataKey,
  wrapDataKey,
} from "./encrypted.ts";
import { createDocumentStore, createLocalStore, type DocumentStore, randomKey, readAll } from "./index.ts";
import {
  fileKeyring,
  generateMasterKey,
  loadKeyring,
  MASTER_KEY_FILE,
  masterKeyFrom,
  readKeyFile,
  staticKeyring,
  writeKeyFile,
} from "./keyring.ts";
import { encryptLegacyObjects, keyUsage, legacyKeys, rewrapDataKeys } from "./rotate.ts";

let database: Database;
let dir: string;
let raw: DocumentStore;
let s3: S3StandIn;
const keyA = generateMasterKey();
const keyB = generateMasterKey();

beforeAll(async () => {
  database = await openTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), "lexatlas-enc-"));
  raw = createLocalStore(path.join(dir, "uploads"));
  s3 = await startS3StandIn();
});
afterAll(async () => {
  await database?.close();
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A confidential document: the PDF fixture with text that must never be readable on disk. */
const SECRET = Buffer.concat([PDF, Buffer.from("Diagnosis: fractured femur, patient Maria Lopez\n")]);

/** Stores `bytes` under a fresh key through `store`; answers the key. */
async function put(store: DocumentStore, bytes: Buffer = SECRET): Promise<string> {
  const key = randomKey();
  const tmp = path.join(await store.tempDir(), `${key}.upload`);
  writeFileSync(tmp, bytes);
  await store.putFile(key, tmp, "application/pdf");
  return key;
}

async function read(store: DocumentStore, key: string): Promise<Buffer> {
  const got = await store.get(key);
  if (!got) throw new Error("missing");
  const bytes = await readAll(got);
  expect(got.size).toBe(bytes.length);
  return bytes;
}

describe(`encrypted store (${TEST_ENGINE}, local disk)`, () => {
  it("round-trips a document; the file under the upload folder holds no plaintext and no PDF magic", async () => {
    const store = createEncryptedStore(raw, staticKeyring(keyA), database.db, { clock: systemClock });
    const key = await put(store);
    expect(await read(store, key)).toEqual(SECRET);
    const onDisk = readFileSync(path.join(dir, "uploads", key));
    expect(onDisk.length).toBe(SECRET.length + OVERHEAD_BYTES);
    expect(onDisk.subarray(0, MAGIC.length)).toEqual(MAGIC);
    expect(onDisk.includes(Buffer.from("%PDF"))).toBe(false);
    expect(onDisk.includes(Buffer.from("fractured femur"))).toBe(false);
    expect(onDisk.includes(Buffer.from("Maria"))).toBe(false);
    expect(statSync(path.join(dir, "uploads", key)).mode & 0o777).toBe(0o600);
    // No plaintext left behind in the temporary folder.
    expect(readdirSync(path.join(dir, "uploads", ".tmp"))).toEqual([]);
    const [row] = await database.db.select().from(documentKeys).where(eq(documentKeys.storageKey, key));
    expect(row?.masterKeyId).toBe(keyA.id);
    expect(row?.wrappedKey).not.toContain(keyA.key.toString("base64"));
    expect(row?.encryptedAt).toBeInstanceOf(Date);

    // The raw bytes do not decrypt without the key: a wrong master key, a wrong data key.
    expect(() => unwrapDataKey(keyB, row?.wrappedKey ?? "", key)).toThrow(DocumentIntegrityError);
    expect(() => decryptObject(onDisk, Buffer.alloc(32, 7), key)).toThrow(DocumentIntegrityError);
    // A store that only knows another master key refuses it with the clear error.
    const stranger = createEncryptedStore(raw, staticKeyring(keyB), database.db, { clock: systemClock });
    await expect(stranger.get(key)).rejects.toBeInstanceOf(DocumentIntegrityError);

    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await database.db.select().from(documentKeys).where(eq(documentKeys.storageKey, key))).toEqual([]);
  });

  it("stores an empty file and a 3 MB file (streamed) and reads both back", async () => {
    const store = createEncryptedStore(raw, staticKeyring(keyA), database.db, { clock: systemClock });
    const empty = await put(store, Buffer.alloc(0));
    expect(await read(store, empty)).toEqual(Buffer.alloc(0));
    const big = Buffer.alloc(3 * 1024 * 1024, "lexatlas");
    const bigKey = await put(store, big);
    expect((await read(store, bigKey)).equals(big)).toBe(true);
  });

  it("detects tampering: a flipped byte, a truncated file, a file moved to another key, plaintext put in its place", async () => {
    const store = createEncryptedStore(raw, staticKeyring(keyA), database.db, { clock: systemClock });
    const file = (k: string) => path.join(dir, "uploads", k);

    const flipped = await put(store);
    const bytes = readFileSync(file(flipped));
    bytes[40] = (bytes[40] as number) ^ 1;
    writeFileSync(file(flipped), bytes);
    await expect(store.get(flipped)).rejects.toBeInstanceOf(DocumentIntegrityError);

    const truncated = await put(store);
    writeFileSync(file(truncated), readFileSync(file(truncated)).subarray(0, 30));
    await expect(store.get(truncated)).rejects.toBeInstanceOf(DocumentIntegrityError);

    const a = await put(store);
    const b = await put(store, Buffer.from("another document"));
    writeFileSync(file(b), readFileSync(file(a)));
    await expect(store.get(b)).rejects.toBeInstanceOf(DocumentIntegrityError);

    const replaced = await put(store);
    writeFileSync(file(replaced), SECRET);
    await expect(store.get(replaced)).rejects.toBeInstanceOf(DocumentIntegrityError);

    // An altered wrapped key is refused too.
    const wrapped = await put(store);
    const good = wrapDataKey(keyA, Buffer.alloc(32, 1), wrapped);
    await database.db
      .update(documentKeys)
      .set({ wrappedKey: good })
      .where(eq(documentKeys.storageKey, wrapped));
    await expect(store.get(wrapped)).rejects.toBeInstanceOf(DocumentIntegrityError);
    const err = await store.get(flipped).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 422, message: "errors:documents.unreadable" });
  });
});

describe(`encrypted store (${TEST_ENGINE}, S3 stand-in)`, () => {
  it("puts only ciphertext into the bucket and reads it back through the same wrapper", async () => {
    const s3raw = createDocumentStore(
      loadConfig({
        DATA_DIR: dir,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: "case-docs",
        S3_ACCESS_KEY_ID: "test",
        S3_SECRET_ACCESS_KEY: "secret",
      }),
    );
    const store = createEncryptedStore(s3raw, staticKeyring(keyA), database.db, { clock: systemClock });
    expect(store.kind).toBe("s3");
    const key = await put(store);
    const object = s3.objects.get(`case-docs/${key}`);
    expect(object?.body.subarray(0, MAGIC.length)).toEqual(MAGIC);
    expect(object?.body.includes(Buffer.from("%PDF"))).toBe(false);
    expect(object?.body.includes(Buffer.from("fractured femur"))).toBe(false);
    expect(await read(store, key)).toEqual(SECRET);
    // Every read went through the server's signed GET, never a presigned link.
    expect(s3.requests.filter((r) => r.path === `/case-docs/${key}`).every((r) => r.signed)).toBe(true);
    // No plaintext or ciphertext temporary file left behind.
    expect(readdirSync(path.join(dir, "uploads", ".tmp")).filter((f) => f.startsWith(key))).toEqual([]);
    const tampered = Buffer.from(object?.body ?? Buffer.alloc(0));
    tampered[tampered.length - 1] = (tampered[tampered.length - 1] as number) ^ 0xff;
    s3.objects.set(`case-docs/${key}`, { body: tampered, contentType: "application/pdf" });
    await expect(store.get(key)).rejects.toBeInstanceOf(DocumentIntegrityError);
    await store.delete(key);
    expect(s3.objects.has(`case-docs/${key}`)).toBe(false);
  });
});

describe(`key rotation (${TEST_ENGINE})`, () => {
  it("re-wraps every row in batches while readers that know both keys keep reading; then the old key can go", async () => {
    await database.db.delete(documentKeys);
    const old = createEncryptedStore(raw, staticKeyring(keyA), database.db, { clock: systemClock });
    const keys: string[] = [];
    for (let i = 0; i < 7; i++)
      keys.push(await put(old, Buffer.from(`document ${i} ${"x".repeat(i * 100)}`)));
    const both = createEncryptedStore(raw, staticKeyring(keyB, [keyA]), database.db, { clock: systemClock });
    const filesBefore = keys.map((k) => readFileSync(path.join(dir, "uploads", k)));

    // Rotation and reads interleaved: a read of every document between every re-wrapped row.
    const reads: Promise<Buffer>[] = [];
    const rotation = rewrapDataKeys(database.db, staticKeyring(keyB, [keyA]), {
      batchSize: 2,
      clock: systemClock,
    });
    for (let round = 0; round < 5; round++) for (const k of keys) reads.push(read(both, k));
    const [summary, ...bodies] = await Promise.all([rotation, ...reads]);
    expect(summary).toEqual({ rewrapped: 7, unknownKey: 0 });
    for (const [i, body] of bodies.entries()) expect(body.toString()).toMatch(`document ${i % 7} `);
    expect(bodies.length).toBe(35);

    // Only the rows changed: the files are byte for byte the same.
    keys.forEach((k, i) => {
      expect(readFileSync(path.join(dir, "uploads", k)).equals(filesBefore[i] as Buffer)).toBe(true);
    });
    expect(await keyUsage(database.db)).toEqual({ [keyB.id]: 7 });
    // Idempotent: a second run (or two at once) changes nothing.
    const again = await Promise.all([
      rewrapDataKeys(database.db, staticKeyring(keyB, [keyA]), { clock: systemClock }),
      rewrapDataKeys(database.db, staticKeyring(keyB, [keyA]), { clock: systemClock }),
    ]);
    expect(again.map((s) => s.rewrapped)).toEqual([0, 0]);
    // The old key is no longer needed.
    const onlyNew = createEncryptedStore(raw, staticKeyring(keyB), database.db, { clock: systemClock });
    for (const [i, k] of keys.entries()) expect((await read(onlyNew, k)).toString()).toMatch(`document ${i}`);
    // New uploads through the new keyring use the new key.
    const fresh = await put(both);
    const [row] = await database.db.select().from(documentKeys).where(eq(documentKeys.storageKey, fresh));
    expect(row?.masterKeyId).toBe(keyB.id);
  });

  it("resumes after an interrupted run: rows of two old keys, one unknown, are reported and left", async () => {
    await database.db.delete(documentKeys);
    const keyC = generateMasterKey();
    const underA = await put(
      createEncryptedStore(raw, staticKeyring(keyA), database.db, { clock: systemClock }),
    );
    const underC = await put(
      createEncryptedStore(raw, staticKeyring(keyC), database.db, { clock: systemClock }),
    );
    const partial = await rewrapDataKeys(database.db, staticKeyring(keyB, [keyA]), { clock: systemClock });
    expect(partial).toEqual({ rewrapped: 1, unknownKey: 1 });
    const done = await rewrapDataKeys(database.db, staticKeyring(keyB, [keyA, keyC]), { clock: systemClock });
    expect(done).toEqual({ rewrapped: 1, unknownKey: 0 });
    const onlyNew = createEncryptedStore(raw, staticKeyring(keyB), database.db, { clock: systemClock });
    expect(await read(onlyNew, underA)).toEqual(SECRET);
    expect(await read(onlyNew, underC)).toEqual(SECRET);
  });
});

describe(`legacy plaintext objects (${TEST_ENGINE})`, () => {
  it("reads a document stored before encryption as it is, then encrypts it in place", async () => {
    const [lawyer] = await database.db
      .insert(lawyers)
      .values({
        name: "Ana Legacy",
        email: "legacy@firm.example",
        location: "Lisbon",
        country: "Portugal",
        countryCode: "PT",
        city: "Lisbon",
      })
      .returning({ id: lawyers.id });
    const [c] = await database.db
      .insert(cases)
      .values({
        lawyerId: (lawyer as { id: number }).id,
        caseTitle: "Old case",
        caseType: "Workplace Injuries",
        description: "Stored before encryption.",
        clientName: "Rui",
        clientEmail: "rui@example.com",
        clientPhone: "+351210000000",
      })
      .returning({ id: cases.id });
    const key = await put(raw); // the raw store: a plaintext object, no key row
    await database.db.insert(caseDocuments).values({
      caseId: (c as { id: string }).id,
      fileName: "old.pdf",
      fileType: "pdf",
      fileSize: SECRET.length,
      fileUrl: key,
    });
    const store = createEncryptedStore(raw, staticKeyring(keyB), database.db, { clock: systemClock });
    expect(await read(store, key)).toEqual(SECRET);
    expect(await legacyKeys(database.db)).toEqual([key]);

    expect(await encryptLegacyObjects(database.db, raw, staticKeyring(keyB), { clock: systemClock })).toEqual(
      {
        encrypted: 1,
        missing: 0,
      },
    );
    const onDisk = readFileSync(path.join(dir, "uploads", key));
    expect(onDisk.subarray(0, MAGIC.length)).toEqual(MAGIC);
    expect(onDisk.includes(Buffer.from("fractured femur"))).toBe(false);
    expect(await read(store, key)).toEqual(SECRET);
    expect(await legacyKeys(database.db)).toEqual([]);
    // Idempotent.
    expect(await encryptLegacyObjects(database.db, raw, staticKeyring(keyB), { clock: systemClock })).toEqual(
      {
        encrypted: 0,
        missing: 0,
      },
    );
    // Once encrypted, plaintext put back in its place is refused.
    writeFileSync(path.join(dir, "uploads", key), SECRET);
    await expect(store.get(key)).rejects.toBeInstanceOf(DocumentIntegrityError);
  });
});

describe(`legacy encryption racing a deletion (${TEST_ENGINE})`, () => {
  it("does not leave behind the object of a document deleted while it was being encrypted", async () => {
    // A half-done legacy encryption (key row pending) of an object no document points at any more.
    const key = await put(raw);
    await database.db.insert(documentKeys).values({
      storageKey: key,
      masterKeyId: keyB.id,
      wrappedKey: wrapDataKey(keyB, Buffer.alloc(32, 3), key),
      encryptedAt: null,
    });
    expect(await legacyKeys(database.db)).toContain(key);
    expect(await encryptLegacyObjects(database.db, raw, staticKeyring(keyB), { clock: systemClock })).toEqual(
      {
        encrypted: 0,
        missing: 0,
      },
    );
    expect(await raw.get(key)).toBeNull();
    expect(await database.db.select().from(documentKeys).where(eq(documentKeys.storageKey, key))).toEqual([]);
  });
});

describe("master keys from configuration or the development key file", () => {
  it("refuses a production start without DOCUMENT_MASTER_KEY; takes a configured key and previous ones", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/DOCUMENT_MASTER_KEY/);
    expect(() => loadConfig({ DOCUMENT_MASTER_KEY: "c2hvcnQ=" })).toThrow(/32 bytes/);
    const config = loadConfig({
      NODE_ENV: "production",
      DATA_DIR: dir,
      DOCUMENT_MASTER_KEY: keyB.key.toString("base64"),
      DOCUMENT_MASTER_KEYS_PREVIOUS: `${keyA.key.toString("base64")}, `,
    });
    const ring = loadKeyring(config);
    expect(ring.source).toBe("config");
    expect(ring.current().id).toBe(keyB.id);
    expect(ring.byId(keyA.id)?.key.equals(keyA.key)).toBe(true);
    expect(keyB.id).toMatch(/^[0-9a-f]{16}$/);
    expect(masterKeyFrom(keyA.key.toString("base64")).id).toBe(keyA.id);
  });

  it("generates the development key file (0600) on first use and re-reads it when it changes", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "lexatlas-keys-"));
    try {
      const ring = loadKeyring(loadConfig({ DATA_DIR: dataDir }));
      const file = path.join(dataDir, MASTER_KEY_FILE);
      expect(ring.source).toBe("file");
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      const first = ring.current();
      expect(fileKeyring(file).current().id).toBe(first.id); // a second process reads the same key
      const next = generateMasterKey();
      writeKeyFile(file, next, [first]);
      expect(ring.current().id).toBe(next.id);
      expect(ring.byId(first.id)?.id).toBe(first.id);
      expect(readKeyFile(file)?.previous.map((k) => k.id)).toEqual([first.id]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
