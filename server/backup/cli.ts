/**
 * The two commands of issue 17 §6: `npm run backup -- DIR` and `npm run restore -- DIR`
 * (scripts/backup.ts, scripts/restore.ts; docs/operations.md). Exit codes: 0 done; 64 no DIR
 * given; 65 the backup is damaged or not a backup (restore wrote nothing); 73 the target is not
 * empty (nothing written); 75 the PGlite folder is held by a process that cannot be asked; 78 bad
 * configuration; 1 anything else.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { openConfiguredDatabase } from "../db/cli-database.ts";
import { liveLockOwner } from "../db/data-dir-lock.ts";
import { createDocumentStore } from "../storage/index.ts";
import { ControlUnavailableError, requestBackup } from "./control.ts";
import { BackupError, createBackup } from "./create.ts";
import {
  assertEmptyTarget,
  RestoreError,
  restoreDatabase,
  restoreDocuments,
  verifyBackup,
} from "./restore.ts";
import { describeSummary, summarize } from "./summary.ts";

/** Where the commands print: stdout and stderr lines (tests pass collectors). */
export interface CliOutput {
  log(line: string): void;
  error(line: string): void;
}

/** The configuration, or an exit code after printing why not. */
function configOrExit(env: Record<string, string | undefined>, out: CliOutput): Config | number {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      out.error(e.message);
      return 78;
    }
    throw e;
  }
}

/**
 * `npm run backup -- DIR`. With PostgreSQL, or PGlite whose folder no live process holds, opens
 * the database itself (without migrating) and writes the backup. With PGlite held by a running
 * server, asks that server over its control socket (server/backup/control.ts). Answers the exit code.
 */
export async function runBackupCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: CliOutput = console,
): Promise<number> {
  const target = argv.find((a) => !a.startsWith("-"));
  if (!target) {
    out.error("Usage: npm run backup -- DIR   (DIR: a new or empty folder for the backup)");
    return 64;
  }
  const dir = path.resolve(target);
  const config = configOrExit(env, out);
  if (typeof config === "number") return config;

  if (!config.DATABASE_URL) {
    const owner = liveLockOwner(config.DATA_DIR);
    if (owner) {
      try {
        const answer = await requestBackup(config.DATA_DIR, dir);
        if (!answer.ok) {
          out.error(`The running server (PID ${owner.pid}) could not write the backup: ${answer.message}`);
          return answer.code === "target-not-empty" || answer.code === "bad-target" ? 73 : 1;
        }
        out.log(`${describeSummary(answer.summary)} (through the running server, PID ${owner.pid})`);
        return 0;
      } catch (e) {
        if (!(e instanceof ControlUnavailableError)) throw e;
        out.error(
          `The data folder ${path.resolve(config.DATA_DIR)} is in use by process ${owner.pid}, which does not answer on its backup control socket (${e.message}). Stop it, or upgrade it, then run the backup again.`,
        );
        return 75;
      }
    }
    if (!existsSync(path.join(config.DATA_DIR, "PG_VERSION"))) {
      out.error(`There is no database in ${path.resolve(config.DATA_DIR)} to back up (check DATA_DIR).`);
      return 1;
    }
  }
  const database = await openConfiguredDatabase(config, { migrate: false });
  if ("code" in database) {
    out.error(database.message);
    return database.code;
  }
  try {
    const manifest = await createBackup(
      { db: database.db, engine: database.kind, store: createDocumentStore(config) },
      dir,
    );
    out.log(describeSummary(summarize(manifest, dir)));
    return 0;
  } catch (e) {
    out.error(`Backup failed: ${(e as Error).message}`);
    if (e instanceof BackupError) return e.code === "missing-object" ? 1 : 73;
    return 1;
  } finally {
    await database.close();
  }
}

/**
 * `npm run restore -- DIR`: verifies every checksum of the backup in DIR, refuses a target
 * database or data folder that is not empty, then restores the database and the documents
 * (server/backup/restore.ts). Answers the exit code.
 */
export async function runRestoreCli(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: CliOutput = console,
): Promise<number> {
  const source = argv.find((a) => !a.startsWith("-"));
  if (!source) {
    out.error("Usage: npm run restore -- DIR   (DIR: a folder written by npm run backup)");
    return 64;
  }
  const dir = path.resolve(source);
  const config = configOrExit(env, out);
  if (typeof config === "number") return config;
  let manifest: Awaited<ReturnType<typeof verifyBackup>>;
  try {
    manifest = await verifyBackup(dir);
  } catch (e) {
    if (!(e instanceof RestoreError)) throw e;
    out.error(`Restore refused, nothing was written: ${e.message}`);
    return 65;
  }
  if (!config.DATABASE_URL && existsSync(path.join(config.DATA_DIR, "PG_VERSION"))) {
    out.error(
      `Restore refused, nothing was written: ${path.resolve(config.DATA_DIR)} already holds a database. Restore only into a new, empty data folder.`,
    );
    return 73;
  }
  const database = await openConfiguredDatabase(config, { migrate: false, what: "the target database" });
  if ("code" in database) {
    out.error(database.message);
    return database.code;
  }
  const store = createDocumentStore(config);
  try {
    try {
      await assertEmptyTarget({ database, store, dataDir: config.DATA_DIR }, manifest);
      await restoreDatabase(database, manifest, dir);
    } catch (e) {
      if (e instanceof RestoreError) {
        out.error(`Restore refused: ${e.message}`);
        return e.code === "target-not-empty" ? 73 : 1;
      }
      throw e;
    }
    const documents = await restoreDocuments(store, manifest, dir);
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    out.log(
      `Restored ${manifest.tables.length} tables (${rows} rows) and ${documents} documents from the ${manifest.engine} snapshot of ${manifest.createdAt}. Put the master key and staff secret key in place before starting the server (docs/operations.md).`,
    );
    return 0;
  } catch (e) {
    out.error(
      `Restore failed part-way: ${(e as Error).message}. Empty the target database and data folder, then run the restore again.`,
    );
    return 1;
  } finally {
    await database.close();
  }
}
