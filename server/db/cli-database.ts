/**
 * The database of a command-line tool (`npm run import`, `staff:create`, `jobs:daily`,
 * `import:register`): loads the configuration and opens DATABASE_URL or the PGlite DATA_DIR, or
 * says why not with the exit code the commands share (78 bad configuration, 75 the PGlite folder
 * is held by a running server, 1 any other failure to open).
 */
import { existsSync } from "node:fs";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { type Database, DataDirLockedError, openDatabase } from "./client.ts";

/** Either the open database with its configuration, or the exit code and the message to print. */
export type CliDatabase = { config: Config; database: Database } | { code: 1 | 75 | 78; message: string };

/**
 * Opens the configured database for a command. With `onlyIfExists`, a PGlite folder that does
 * not exist yet is not created: the answer is then `{ config, database: null }` (a dry run has
 * nothing to compare with).
 * @throws what loadConfig throws other than ConfigError (a programming error)
 */
export async function openCliDatabase(
  env: Record<string, string | undefined>,
  opts: { onlyIfExists: true },
): Promise<{ config: Config; database: Database | null } | { code: 1 | 75 | 78; message: string }>;
export async function openCliDatabase(env: Record<string, string | undefined>): Promise<CliDatabase>;
export async function openCliDatabase(
  env: Record<string, string | undefined>,
  opts: { onlyIfExists?: boolean } = {},
): Promise<{ config: Config; database: Database | null } | { code: 1 | 75 | 78; message: string }> {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return { code: 78, message: e.message };
    throw e;
  }
  if (opts.onlyIfExists && !config.DATABASE_URL && !existsSync(config.DATA_DIR))
    return { config, database: null };
  const database = await openConfiguredDatabase(config);
  return "code" in database ? database : { config, database };
}

/**
 * Opens the database `config` names for a command (migrated unless `migrate: false`, as backup and
 * restore need), or the exit code and message: 75 when a live process holds the PGlite folder, 1
 * for any other failure ("Could not open {what}: …", `what` defaulting to "the database").
 */
export async function openConfiguredDatabase(
  config: Pick<Config, "DATABASE_URL" | "DATA_DIR">,
  opts: { migrate?: boolean; what?: string } = {},
): Promise<Database | { code: 1 | 75; message: string }> {
  try {
    return await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      ...(opts.migrate === false ? { migrate: false } : {}),
    });
  } catch (e) {
    if (e instanceof DataDirLockedError) return { code: 75, message: e.message };
    return { code: 1, message: `Could not open ${opts.what ?? "the database"}: ${(e as Error).message}` };
  }
}
