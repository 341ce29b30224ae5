/**
 * The process's document storage (issue 17 §3): the RAW store of the configuration
 * (createDocumentStore: DATA_DIR/uploads or S3), the master keyring (keyring.ts) and the
 * encrypting store over both (encrypted.ts) that every consumer uses. server/services.ts builds
 * it once; server/main.ts starts the rotation timer (rotate.ts) with `raw` and `keyring`.
 */
import type { Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { createEncryptedStore } from "./encrypted.ts";
import { createDocumentStore, type DocumentStore } from "./index.ts";
import { type Keyring, loadKeyring } from "./keyring.ts";

/** The store every feature reads and writes (encrypting), the raw store under it and the keyring. */
export interface DocumentStorage {
  /** Encrypts on write, decrypts and authenticates on read (encrypted.ts). */
  store: DocumentStore;
  /** The bytes as stored (rotation of legacy objects, backups); never hand it to a feature. */
  raw: DocumentStore;
  keyring: Keyring;
}

/**
 * The document storage of `config` over `db`. May create the development key file
 * (DATA_DIR/keys/master-keys.json) on first call when no DOCUMENT_MASTER_KEY is configured.
 */
export function createDocumentStorage(deps: {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
}): DocumentStorage {
  const raw = createDocumentStore(deps.config);
  const keyring = loadKeyring(deps.config);
  return {
    raw,
    keyring,
    store: createEncryptedStore(raw, keyring, deps.db, { clock: deps.clock, logger: deps.logger }),
  };
}
