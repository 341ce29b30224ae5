/**
 * Helpers for the tests of one migration (server/db/*-migration tests, repair-case-states,
 * phones-e164): apply the migrations before it from a copy of the folder whose journal stops
 * there, insert the rows the migration must repair, then apply the real folder.
 */
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { type Database, MIGRATIONS_DIR } from "../../server/db/client.ts";

/**
 * A temporary copy of server/db/migrations whose journal ends just before the migration `tag`
 * (e.g. "0034_specialist_titles"); the caller removes it. Throws when `tag` is not a later entry
 * of the journal (a renumbered migration must rename its test's tag).
 */
export function migrationsFolderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lexatlas-migrations-"));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 1) throw new Error(`migration ${tag} is not in the journal after the first entry`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** Applies the migrations of `folder` (default: the real folder) to `database`, either engine. */
export async function migrateTo(database: Database, folder: string = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === "postgres") await migratePg(database.db as never, { migrationsFolder: folder });
  else await migratePglite(database.db as never, { migrationsFolder: folder });
}
