/**
 * `npm run keys:rotate` (issue 17 §3: "re-wraps data keys under a new master key without
 * downtime"; docs/operations.md "Key rotation"), as a function so tests run it in-process.
 *
 * - Development key file (no DOCUMENT_MASTER_KEY): writes a fresh current key into
 *   DATA_DIR/keys/master-keys.json, the old one moved to `previous` (a running server re-reads the
 *   file, so it reads and writes with the new key at once and keeps reading the old one).
 * - Configured keys: takes DOCUMENT_MASTER_KEY as the new current key and
 *   DOCUMENT_MASTER_KEYS_PREVIOUS as the old ones (the servers must already know the new key;
 *   docs/operations.md says in which order).
 *
 * Then, when it can open the database, it encrypts legacy plaintext objects and re-wraps every
 * data key not under the current key (rotate.ts; batches, atomic per row, idempotent, resumable)
 * and prints how many data keys each master key id now wraps. On a PGlite folder held by a
 * running server it cannot open the database: with the key file it says that the server
 * re-wraps by itself within a minute (exit 0); with configured keys that the server must be
 * restarted with the new configuration, which then re-wraps at start (exit 75).
 *
 * Options: `--no-new-key` only finishes re-wrapping and legacy encryption (no new key);
 * `--forget-previous` (key file only) removes previous keys that no row uses any more.
 * Exit codes: 0 done, 1 failed or rows left under unknown keys, 64 usage, 75 database held by a
 * running server (configured keys), 78 bad configuration. Keys are never printed, only their ids.
 */
import path from "node:path";
import type { Clock } from "../clock.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { DataDirLockedError, openDatabase } from "../db/client.ts";
import { errorSummary } from "../logger.ts";
import { createDocumentStore } from "./index.ts";
import { generateMasterKey, loadKeyring, MASTER_KEY_FILE, readKeyFile, writeKeyFile } from "./keyring.ts";
import { encryptLegacyObjects, keyUsage, rewrapDataKeys } from "./rotate.ts";

/**
 * Where the command writes and its environment (default: the process's), and its clock (required,
 * issue 30: scripts/ passes systemClock, tests theirs).
 */
export interface RotateCliIO {
  env?: Record<string, string | undefined>;
  out?: (line: string) => void;
  err?: (line: string) => void;
  clock: Clock;
}

const USAGE = "Usage: npm run keys:rotate [-- --no-new-key | --forget-previous]";

/** Runs the command with arguments `args`. Returns the exit code; never throws. */
export async function runKeysRotateCli(args: string[], io: RotateCliIO): Promise<number> {
  const out = io.out ?? ((l: string) => console.log(l));
  const err = io.err ?? ((l: string) => console.error(l));
  const known = new Set(["--no-new-key", "--forget-previous"]);
  if (args.some((a) => !known.has(a)) || args.length > 1) {
    err(USAGE);
    return 64;
  }
  const forget = args.includes("--forget-previous");
  const newKey = args.length === 0;
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(io.env ?? process.env);
  } catch (e) {
    if (e instanceof ConfigError) {
      err(e.message);
      return 78;
    }
    throw e;
  }
  const keyFile = path.resolve(config.DATA_DIR, MASTER_KEY_FILE);
  const configured = Boolean(config.DOCUMENT_MASTER_KEY);
  if (forget && configured) {
    err(
      "--forget-previous is for the development key file; with configured keys remove the old key from DOCUMENT_MASTER_KEYS_PREVIOUS.",
    );
    return 64;
  }
  try {
    if (newKey && !configured) {
      const before = readKeyFile(keyFile);
      const fresh = generateMasterKey();
      writeKeyFile(keyFile, fresh, before ? [before.current, ...before.previous] : []);
      out(
        `new master key ${fresh.id} written to ${keyFile}${before ? ` (previous: ${before.current.id})` : ""}`,
      );
    }
    const keyring = loadKeyring(config);
    out(`current master key: ${keyring.current().id}`);
    let database: Awaited<ReturnType<typeof openDatabase>>;
    try {
      database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    } catch (e) {
      if (!(e instanceof DataDirLockedError)) throw e;
      if (configured) {
        err(
          `${e.message}\nThe running server holds the PGlite database. Restart it with this DOCUMENT_MASTER_KEY (the old key in DOCUMENT_MASTER_KEYS_PREVIOUS): it re-wraps every data key at start (docs/operations.md "Key rotation").`,
        );
        return 75;
      }
      if (forget) {
        err(`${e.message}\nStop the server to forget previous keys (the database must be checked first).`);
        return 75;
      }
      out(
        'The running server holds the PGlite database: it has re-read the key file and re-wraps every data key itself within a minute (its log says "document keys re-wrapped"). Nothing else to do.',
      );
      return 0;
    }
    try {
      const { clock } = io;
      const raw = createDocumentStore(config);
      const legacy = await encryptLegacyObjects(database.db, raw, keyring, { clock });
      out(
        `${legacy.encrypted} legacy documents encrypted${legacy.missing ? `, ${legacy.missing} missing from the store` : ""}`,
      );
      const summary = await rewrapDataKeys(database.db, keyring, { clock });
      out(`${summary.rewrapped} data keys re-wrapped`);
      const usage = await keyUsage(database.db);
      for (const [id, n] of Object.entries(usage)) out(`  ${id}: ${n} data keys`);
      if (summary.unknownKey > 0) {
        err(
          `${summary.unknownKey} data keys are wrapped by a master key this configuration does not hold; add it to the previous keys and run again.`,
        );
        return 1;
      }
      if (forget) {
        const current = keyring.current();
        const kept = keyring.all().filter((k) => k.id !== current.id && (usage[k.id] ?? 0) > 0);
        writeKeyFile(keyFile, current, kept);
        out(`previous keys forgotten; ${kept.length} still in use kept`);
      }
      return 0;
    } finally {
      await database.close();
    }
  } catch (e) {
    err(`Key rotation failed: ${errorSummary(e)}`);
    return 1;
  }
}
