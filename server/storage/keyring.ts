/**
 * The master keys that wrap every document's data key (issue 17 §3 "a data key per file wrapped
 * by a master key from configuration; in development a key is generated into DATA_DIR on first
 * start"; GDPR Art. 32(1)(a); ABA Formal Opinion 477R asks for encryption of highly sensitive
 * client information, ../shared/research/trust-and-regulation.md [R15]).
 *
 * Two sources, never both:
 * - configuration: DOCUMENT_MASTER_KEY (current) and DOCUMENT_MASTER_KEYS_PREVIOUS (still read);
 *   fixed for the life of the process (a new key takes a restart, docs/operations.md "Key rotation");
 * - the development key file DATA_DIR/keys/master-keys.json (mode 0600, folder 0700)
 *   `{ "current": base64, "previous": [base64…] }`, created on first start when no key is
 *   configured and NODE_ENV is not production (config.ts refuses that). The file is re-read when
 *   it changes, so `npm run keys:rotate` can put a new key in while the server runs.
 *
 * A key's id is the first 16 hex digits of SHA-256 over the key: stored beside each wrapped data
 * key, never the key itself. Keys are never logged.
 */
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Config } from "../config.ts";

/** One master key and its id. */
export interface MasterKey {
  id: string;
  key: Buffer;
}

/** The master keys a process knows: one current (wraps new data keys) and older ones (read only). */
export interface Keyring {
  /** "config" (environment) or "file" (the development key file). */
  readonly source: "config" | "file";
  /** The key new data keys are wrapped with (re-reads the key file when it changed). */
  current(): MasterKey;
  /** The key with id `id` (current or previous), or undefined (re-reads the key file first when unknown). */
  byId(id: string): MasterKey | undefined;
  /** Every known key, current first. */
  all(): MasterKey[];
}

/** The development key file under DATA_DIR. */
export const MASTER_KEY_FILE = path.join("keys", "master-keys.json");

/** The short id of a 32-byte key: 16 hex digits of its SHA-256. */
export function masterKeyId(key: Buffer): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 16);
}

/** A MasterKey from base64 text. @throws Error when it is not 32 bytes */
export function masterKeyFrom(base64: string): MasterKey {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== 32) throw new Error("a document master key must be 32 bytes in base64");
  return { id: masterKeyId(key), key };
}

/** A keyring over fixed keys (configuration, tests): `current` first, then `previous`. */
export function staticKeyring(
  current: MasterKey,
  previous: MasterKey[] = [],
  source: "config" | "file" = "config",
): Keyring {
  const keys = [current, ...previous.filter((k) => k.id !== current.id)];
  return {
    source,
    current: () => current,
    byId: (id) => keys.find((k) => k.id === id),
    all: () => keys,
  };
}

/** What the key file holds. */
interface KeyFile {
  current: string;
  previous: string[];
}

/** Reads the key file; undefined when it does not exist. @throws Error when it is malformed */
export function readKeyFile(file: string): { current: MasterKey; previous: MasterKey[] } | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  const parsed = JSON.parse(text) as Partial<KeyFile>;
  if (typeof parsed.current !== "string") throw new Error(`${file} has no current key`);
  return {
    current: masterKeyFrom(parsed.current),
    previous: (parsed.previous ?? []).map((k) => masterKeyFrom(k)),
  };
}

/** Writes the key file atomically (temporary file, then rename), mode 0600 in a 0700 folder. */
export function writeKeyFile(file: string, current: MasterKey, previous: MasterKey[]): void {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const body: KeyFile = {
    current: current.key.toString("base64"),
    previous: previous.filter((k) => k.id !== current.id).map((k) => k.key.toString("base64")),
  };
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600, flag: "wx" });
  renameSync(tmp, file);
  chmodSync(file, 0o600);
}

/** A fresh random master key. */
export function generateMasterKey(): MasterKey {
  const key = randomBytes(32);
  return { id: masterKeyId(key), key };
}

/**
 * A keyring over the development key file `file` (created with a fresh key when missing),
 * re-read when its modification time or size changes.
 */
export function fileKeyring(file: string): Keyring {
  let loaded = readKeyFile(file);
  if (!loaded) {
    try {
      mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
      const key = generateMasterKey();
      // "wx": of two processes creating it at once, one writes and the other reads its key.
      writeFileSync(
        file,
        `${JSON.stringify({ current: key.key.toString("base64"), previous: [] }, null, 2)}\n`,
        {
          flag: "wx",
          mode: 0o600,
        },
      );
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    loaded = readKeyFile(file);
    if (!loaded) throw new Error(`could not create ${file}`);
  }
  let ring = staticKeyring(loaded.current, loaded.previous, "file");
  let stamp = stampOf(file);
  const refresh = () => {
    const now = stampOf(file);
    if (now === stamp) return;
    const next = readKeyFile(file);
    if (!next) return; // removed while running: keep what we know
    ring = staticKeyring(next.current, next.previous, "file");
    stamp = now;
  };
  return {
    source: "file",
    current() {
      refresh();
      return ring.current();
    },
    byId(id) {
      const found = ring.byId(id);
      if (found) return found;
      refresh();
      return ring.byId(id);
    },
    all() {
      refresh();
      return ring.all();
    },
  };
}

/** The key file's modification time and size, as a change marker. */
function stampOf(file: string): string {
  try {
    const s = statSync(file);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  } catch {
    return "missing";
  }
}

/**
 * The process's keyring: DOCUMENT_MASTER_KEY (+ DOCUMENT_MASTER_KEYS_PREVIOUS) when configured,
 * else the development key file under DATA_DIR (config.ts already refused a production start
 * without a key).
 */
export function loadKeyring(
  config: Pick<Config, "DATA_DIR" | "DOCUMENT_MASTER_KEY" | "DOCUMENT_MASTER_KEYS_PREVIOUS">,
): Keyring {
  if (config.DOCUMENT_MASTER_KEY) {
    const previous = (config.DOCUMENT_MASTER_KEYS_PREVIOUS ?? "")
      .split(",")
      .map((k) => k.trim())
      .filter(Boolean)
      .map(masterKeyFrom);
    return staticKeyring(masterKeyFrom(config.DOCUMENT_MASTER_KEY), previous, "config");
  }
  return fileKeyring(path.resolve(config.DATA_DIR, MASTER_KEY_FILE));
}
