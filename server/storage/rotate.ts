/**
 * Master-key rotation and the encryption of legacy plaintext objects (issue 17 §3: "`npm run
 * keys:rotate` re-wraps data keys under a new master key without downtime"; GDPR Art. 32(1)(d)
 * "regularly testing … the effectiveness of technical measures").
 *
 * Rotation touches the database only: every `document_keys` row whose master key is not the
 * keyring's current key gets its data key unwrapped with the old key and wrapped with the current
 * one, in batches, each row one conditional UPDATE (`WHERE storage_key = … AND master_key_id =
 * old`), so it is atomic per row, idempotent, resumable after a crash and safe beside a second
 * run (the server's timer and the command at once). The files never change. Readers never stop:
 * the keyring keeps the old key (previous) until every row is re-wrapped, and a reader that read
 * a row just before its update still holds a wrapped key the old master opens.
 *
 * Legacy objects (case documents and verification proofs stored before encryption, i.e. without
 * a key row) are encrypted in place: a key row with `encrypted_at` null first, then the encrypted
 * object replaces the plaintext one atomically (a rename on disk, one PUT on S3), then
 * `encrypted_at` is set (server/storage/encrypted.ts accepts either form while it is null).
 *
 * Who runs it (docs/operations.md "Key rotation"): the server at start (legacy objects and any
 * pending re-wrap) and then every minute (re-wrap only, when its keyring's current key changed:
 * the development key file is re-read when `npm run keys:rotate` writes a new key into it); and
 * `npm run keys:rotate` (rotate-cli.ts) against PostgreSQL or a PGlite folder no server holds.
 */
import { randomBytes } from "node:crypto";
import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/client.ts";
import { caseDocuments, documentKeys, verificationProofs } from "../db/schema.ts";
import type { Logger } from "../logger.ts";
import { encryptFile, isEncrypted, unwrapDataKey, wrapDataKey } from "./encrypted.ts";
import { type DocumentStore, readAll } from "./index.ts";
import type { Keyring } from "./keyring.ts";

/** Rows re-wrapped per batch. */
export const REWRAP_BATCH = 200;

/** What a re-wrap run did. */
export interface RewrapSummary {
  /** Rows now wrapped under the current key by this run. */
  rewrapped: number;
  /** Rows whose master key this process does not know (they stay as they are; see docs). */
  unknownKey: number;
}

/**
 * Re-wraps every data key not under `keyring.current()` (see the module comment), `batchSize`
 * rows at a time in storage-key order. Rows another run updated first are skipped.
 */
export async function rewrapDataKeys(
  db: Db,
  keyring: Keyring,
  opts: { batchSize?: number; clock: Clock },
): Promise<RewrapSummary> {
  const batchSize = opts.batchSize ?? REWRAP_BATCH;
  const { clock } = opts;
  const current = keyring.current();
  const summary: RewrapSummary = { rewrapped: 0, unknownKey: 0 };
  let after = "";
  for (;;) {
    const rows = await db
      .select({
        storageKey: documentKeys.storageKey,
        masterKeyId: documentKeys.masterKeyId,
        wrappedKey: documentKeys.wrappedKey,
      })
      .from(documentKeys)
      .where(and(ne(documentKeys.masterKeyId, current.id), gt(documentKeys.storageKey, after)))
      .orderBy(asc(documentKeys.storageKey))
      .limit(batchSize);
    if (rows.length === 0) break;
    for (const row of rows) {
      after = row.storageKey;
      const old = keyring.byId(row.masterKeyId);
      if (!old) {
        summary.unknownKey++;
        continue;
      }
      const dataKey = unwrapDataKey(old, row.wrappedKey, row.storageKey);
      const updated = await db
        .update(documentKeys)
        .set({
          masterKeyId: current.id,
          wrappedKey: wrapDataKey(current, dataKey, row.storageKey),
          rewrappedAt: clock.now(),
        })
        .where(
          and(eq(documentKeys.storageKey, row.storageKey), eq(documentKeys.masterKeyId, row.masterKeyId)),
        )
        .returning({ storageKey: documentKeys.storageKey });
      if (updated.length > 0) summary.rewrapped++;
    }
  }
  return summary;
}

/** How many data keys are wrapped by each master key id (the command's report; never the keys). */
export async function keyUsage(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: documentKeys.masterKeyId, n: sql<number>`count(*)::int` })
    .from(documentKeys)
    .groupBy(documentKeys.masterKeyId);
  return Object.fromEntries(rows.map((r) => [r.id, Number(r.n)]));
}

/** The storage keys of case documents and proofs that have no key row (stored before encryption). */
export async function legacyKeys(db: Db): Promise<string[]> {
  const docs = await db
    .select({ key: caseDocuments.fileUrl })
    .from(caseDocuments)
    .leftJoin(documentKeys, eq(documentKeys.storageKey, caseDocuments.fileUrl))
    .where(isNull(documentKeys.storageKey));
  const proofs = await db
    .select({ key: verificationProofs.fileKey })
    .from(verificationProofs)
    .leftJoin(documentKeys, eq(documentKeys.storageKey, verificationProofs.fileKey))
    .where(isNull(documentKeys.storageKey));
  // Half-done ones (a crash between the two steps) are finished too.
  const pending = await db
    .select({ key: documentKeys.storageKey })
    .from(documentKeys)
    .where(isNull(documentKeys.encryptedAt));
  return [...new Set([...docs, ...proofs, ...pending].map((r) => r.key))];
}

/** What encryptLegacyObjects did. */
export interface LegacySummary {
  encrypted: number;
  /** Referenced but absent from the store (nothing to encrypt). */
  missing: number;
}

/**
 * Encrypts every legacy plaintext object in place under `keyring.current()` (module comment):
 * `raw` is the RAW store (server/storage/index.ts), never the encrypting one.
 */
export async function encryptLegacyObjects(
  db: Db,
  raw: DocumentStore,
  keyring: Keyring,
  opts: { clock: Clock },
): Promise<LegacySummary> {
  const { clock } = opts;
  const summary: LegacySummary = { encrypted: 0, missing: 0 };
  for (const key of await legacyKeys(db)) {
    const [existing] = await db.select().from(documentKeys).where(eq(documentKeys.storageKey, key));
    const object = await raw.get(key);
    if (!object) {
      summary.missing++;
      continue;
    }
    const bytes = await readAll(object);
    if (isEncrypted(bytes)) {
      // A crash after the object was replaced: only the row's mark is missing.
      if (existing && !existing.encryptedAt)
        await db
          .update(documentKeys)
          .set({ encryptedAt: clock.now() })
          .where(eq(documentKeys.storageKey, key));
      continue;
    }
    const master = keyring.current();
    let dataKey: Buffer;
    if (existing) {
      const wrapper = keyring.byId(existing.masterKeyId);
      if (!wrapper) continue;
      dataKey = unwrapDataKey(wrapper, existing.wrappedKey, key);
    } else {
      dataKey = randomBytes(32);
      const inserted = await db
        .insert(documentKeys)
        .values({
          storageKey: key,
          masterKeyId: master.id,
          wrappedKey: wrapDataKey(master, dataKey, key),
          encryptedAt: null,
          createdAt: clock.now(),
        })
        .onConflictDoNothing()
        .returning({ storageKey: documentKeys.storageKey });
      if (inserted.length === 0) continue; // another run (or an upload) got there first
    }
    const tmp = await raw.tempDir();
    const stamp = randomBytes(4).toString("hex");
    const plainFile = path.join(tmp, `${key}.${stamp}.legacy`);
    const encFile = path.join(tmp, `${key}.${stamp}.enc`);
    try {
      await writeFile(plainFile, bytes, { mode: 0o600 });
      await encryptFile(plainFile, encFile, dataKey, key);
      await rm(plainFile, { force: true });
      await raw.putFile(key, encFile, "application/octet-stream");
    } finally {
      await rm(plainFile, { force: true });
      await rm(encFile, { force: true });
    }
    await db.update(documentKeys).set({ encryptedAt: clock.now() }).where(eq(documentKeys.storageKey, key));
    // Deleted meanwhile (withdrawal, erasure, retention: server/cases/delete.ts)? Then the object
    // just written must not outlive its document.
    if (!(await isReferenced(db, key))) {
      await raw.delete(key);
      await db.delete(documentKeys).where(eq(documentKeys.storageKey, key));
      continue;
    }
    summary.encrypted++;
  }
  return summary;
}

/** True while a case document or a verification proof still points at `key`. */
async function isReferenced(db: Db, key: string): Promise<boolean> {
  const [doc] = await db
    .select({ k: caseDocuments.fileUrl })
    .from(caseDocuments)
    .where(eq(caseDocuments.fileUrl, key))
    .limit(1);
  if (doc) return true;
  const [proof] = await db
    .select({ k: verificationProofs.fileKey })
    .from(verificationProofs)
    .where(eq(verificationProofs.fileKey, key))
    .limit(1);
  return Boolean(proof);
}

/**
 * The server's own rotation step (server/main.ts): at start legacy objects and any pending
 * re-wrap, then every `everyMs` (default one minute) a re-wrap when a row is not under the
 * current key. Never throws (failures are logged without keys or personal data); one run at a time.
 */
export function startKeyRotationTimer(opts: {
  db: Db;
  raw: DocumentStore;
  keyring: Keyring;
  logger: Pick<Logger, "info" | "error">;
  clock: Clock;
  everyMs?: number;
  /** Issue 18 §3: each tick's outcome and run time in seconds, for the job metrics (server/ops/metrics.ts). */
  onOutcome?: (outcome: "success" | "failure", seconds: number) => void;
  /**
   * Runs one step exclusively across instances (issue 18 §2: server/cluster/jobs.ts withJobLock,
   * `keyRotation`); a step whose lock another instance holds is skipped. Default: runs it.
   */
  exclusive?: (step: () => Promise<void>) => Promise<unknown>;
}): { tick: (withLegacy?: boolean) => Promise<void>; stop: () => void } {
  let running: Promise<void> | null = null;
  const exclusive = opts.exclusive ?? ((step: () => Promise<void>) => step());
  const tick = async (withLegacy = false) => {
    if (running) return running;
    running = (async () => {
      const started = performance.now();
      const report = (outcome: "success" | "failure") =>
        opts.onOutcome?.(outcome, (performance.now() - started) / 1000);
      try {
        await exclusive(() => step(withLegacy));
        report("success");
      } catch (err) {
        report("failure");
        opts.logger.error({ err }, "document key rotation step failed");
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const step = async (withLegacy: boolean) => {
    if (withLegacy) {
      const legacy = await encryptLegacyObjects(opts.db, opts.raw, opts.keyring, { clock: opts.clock });
      if (legacy.encrypted > 0 || legacy.missing > 0) opts.logger.info(legacy, "legacy documents encrypted");
    }
    const [stale] = await opts.db
      .select({ k: documentKeys.storageKey })
      .from(documentKeys)
      .where(ne(documentKeys.masterKeyId, opts.keyring.current().id))
      .limit(1);
    if (!stale) return;
    const summary = await rewrapDataKeys(opts.db, opts.keyring, { clock: opts.clock });
    opts.logger.info({ ...summary, masterKeyId: opts.keyring.current().id }, "document keys re-wrapped");
  };
  void tick(true);
  const timer = setInterval(() => void tick(false), opts.everyMs ?? 60_000);
  timer.unref();
  return { tick, stop: () => clearInterval(timer) };
}
