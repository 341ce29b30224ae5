/**
 * What the backup reads from the PostgreSQL catalog, the same on PGlite and PostgreSQL (issue 17
 * §6): the application's tables (schema `public`) with their writable columns, the foreign keys
 * that order them, the sequences, and the migration level drizzle recorded.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type Db, MIGRATIONS_DIR } from "../db/client.ts";

/** A handle that runs SQL: the database or a transaction on it. */
export type SqlRunner = Pick<Db, "execute">;

/** Rows of a raw query. */
export async function rowsOf<T>(db: SqlRunner, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The application's tables (schema public), by name. */
export async function listTables(db: SqlRunner): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') ORDER BY c.relname`,
  );
  return rows.map((r) => r.name);
}

/** The columns of `table` a restore writes: all but dropped and generated ones, in table order. */
export async function writableColumns(db: SqlRunner, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`SELECT a.attname AS name FROM pg_attribute a
        WHERE a.attrelid = ${`public.${table}`}::regclass AND a.attnum > 0
          AND NOT a.attisdropped AND a.attgenerated = ''
        ORDER BY a.attnum`,
  );
  return rows.map((r) => r.name);
}

/**
 * `tables` ordered so every table comes after the tables its foreign keys point to (a table's
 * reference to itself does not count). Throws on a cycle between tables, which a logical restore
 * in one pass could not insert.
 */
export async function foreignKeyOrder(db: SqlRunner, tables: string[]): Promise<string[]> {
  const edges = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`SELECT cl.relname AS child, pr.relname AS parent FROM pg_constraint c
        JOIN pg_class cl ON cl.oid = c.conrelid JOIN pg_class pr ON pr.oid = c.confrelid
        JOIN pg_namespace n ON n.oid = cl.relnamespace
        WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges)
    if (e.child !== e.parent && parents.has(e.parent)) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (t: string) => {
    if (state.get(t) === "done") return;
    if (state.get(t) === "visiting") throw new Error(`foreign keys form a cycle through ${t}`);
    state.set(t, "visiting");
    for (const p of [...(parents.get(t) ?? [])].sort()) visit(p);
    state.set(t, "done");
    ordered.push(t);
  };
  for (const t of [...tables].sort()) visit(t);
  return ordered;
}

/** The sequences in schema public with their current position (last_value as text: bigint). */
export async function readSequences(
  db: SqlRunner,
): Promise<{ name: string; lastValue: string; isCalled: boolean }[]> {
  const names = await rowsOf<{ name: string }>(
    db,
    sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname`,
  );
  const out: { name: string; lastValue: string; isCalled: boolean }[] = [];
  for (const { name } of names) {
    const [row] = await rowsOf<{ last_value: string | number; is_called: boolean }>(
      db,
      sql.raw(`SELECT last_value::text AS last_value, is_called FROM public."${name.replace(/"/g, '""')}"`),
    );
    if (row) out.push({ name, lastValue: String(row.last_value), isCalled: row.is_called });
  }
  return out;
}

/** One entry of drizzle's migration journal (server/db/migrations/meta/_journal.json). */
export interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
  version: string;
  breakpoints: boolean;
}

/** The committed migration journal of this code. */
export function readJournal(dir: string = MIGRATIONS_DIR): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * The database's migration level: how many migrations drizzle recorded and the journal tag of
 * the last (null when this code's journal does not know it: a newer version made the database).
 */
export async function migrationLevel(db: SqlRunner): Promise<{ count: number; lastTag: string | null }> {
  const exists = await rowsOf<{ t: string | null }>(
    db,
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`,
  );
  if (!exists[0]?.t) return { count: 0, lastTag: null };
  const [row] = await rowsOf<{ n: number | string; last: string | null }>(
    db,
    sql`SELECT count(*)::int AS n, max(created_at)::text AS last FROM drizzle.__drizzle_migrations`,
  );
  const count = Number(row?.n ?? 0);
  if (count === 0) return { count: 0, lastTag: null };
  const entry = readJournal().find((e) => String(e.when) === row?.last);
  return { count, lastTag: entry?.tag ?? null };
}
