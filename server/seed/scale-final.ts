/**
 * The final step of `npm run seed:scale` (issue 18 §1, server/seed/scale.ts): staging into the
 * directory's tables in one transaction, with the targets' secondary indexes and foreign keys
 * dropped around the insert.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { refreshResponseStats } from "../responses/stats.ts";
import { createDemoAccounts } from "./demo-accounts.ts";
import { insertDemoResponderAccounts } from "./demo-responses.ts";
import { STAGED_COLUMNS, type StagedTable } from "./scale-columns.ts";
import { dropStaging, ScaleRefusedError, SEED_LOCK_KEY, staging, TABLES } from "./scale-staging.ts";

/** A secondary index or foreign key of a target table, dropped before the bulk insert and re-created after. */
interface Deferred {
  table: string;
  name: string;
  kind: "index" | "fk";
  definition: string;
}

/**
 * Moves staging into the target tables in one transaction: drops the targets' secondary indexes
 * and foreign keys (those not backing a primary key or unique constraint), inserts, creates the
 * demo accounts and drops their listings' response cases (as seedIfEmpty, which creates them
 * first), re-creates indexes and keys (a key is validated by one query instead of a lookup per
 * row), moves the serial sequences past the explicit ids, marks the state done and drops staging.
 */
export async function finalStep(
  db: Db,
  opts: {
    kind: "postgres" | "pglite";
    now: Date;
    hashPassword?: ((p: string) => Promise<string>) | undefined;
  },
): Promise<Record<string, number>> {
  const steps: Record<string, number> = {};
  let mark = performance.now();
  /** Adds the time since the last mark to `name`. */
  const lap = (name: string) => {
    const at = performance.now();
    steps[name] = (steps[name] ?? 0) + Math.round(at - mark);
    mark = at;
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const { rows: present } = await tx.execute<{ id: number }>(sql`SELECT id FROM lawyers LIMIT 1`);
    if (present.length > 0)
      throw new ScaleRefusedError(
        "Listings appeared in the database during the load (a server seeded it?): nothing moved.",
      );
    if (opts.kind === "postgres") await tx.execute(sql`SET LOCAL maintenance_work_mem = '512MB'`);
    const names = TABLES.map((t) => `'${t}'`).join(", ");
    const { rows: indexes } = await tx.execute<{ table: string; name: string; definition: string }>(
      sql.raw(`SELECT c.relname AS table, i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
        FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relname IN (${names})
          AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = x.indexrelid)`),
    );
    const { rows: keys } = await tx.execute<{ table: string; name: string; definition: string }>(
      sql.raw(`SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
        FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND k.contype = 'f' AND c.relname IN (${names})`),
    );
    const deferred: Deferred[] = [
      ...indexes.map((r) => ({ ...r, kind: "index" as const })),
      ...keys.map((r) => ({ ...r, kind: "fk" as const })),
    ];
    for (const d of deferred)
      await tx.execute(
        sql.raw(
          d.kind === "index"
            ? `DROP INDEX public."${d.name}"`
            : `ALTER TABLE public."${d.table}" DROP CONSTRAINT "${d.name}"`,
        ),
      );

    lap("drop indexes and keys");
    const move = async (t: StagedTable, where = "", order = "") => {
      const cols = STAGED_COLUMNS[t].join(", ");
      await tx.execute(
        sql.raw(`INSERT INTO ${t} (${cols}) SELECT ${cols} FROM ${staging(t)} ${where} ${order}`),
      );
      lap(`insert ${t}`);
    };
    await move("lawyers", "", "ORDER BY id");
    await move("bar_admissions", "", "ORDER BY id");
    await move("verification_checks", "", "ORDER BY lawyer_id, ord");
    await move("disciplinary_records", "", "ORDER BY lawyer_id, ord");
    // Demo accounts take listings first (seedIfEmpty's order), so their listings get no response cases.
    if (opts.hashPassword) await createDemoAccounts(tx, opts.hashPassword, opts.now);
    const { rows: owned } = await tx.execute<{ id: number }>(
      sql`SELECT lawyer_id AS id FROM users WHERE lawyer_id IS NOT NULL`,
    );
    const ownedIds = owned.map((r) => Number(r.id));
    const notOwned = ownedIds.length ? `WHERE NOT (response AND lawyer_id IN (${ownedIds.join(",")}))` : "";
    await move("cases", notOwned);
    await move("case_status_events", ownedIds.length ? `WHERE lawyer_id NOT IN (${ownedIds.join(",")})` : "");
    await move("reviews");
    if (ownedIds.length) await refreshResponseStats(tx, { now: () => opts.now }, ownedIds);
    // Issue 28 §4: the listings that answered demo cases are managed, as seedIfEmpty writes them.
    await insertDemoResponderAccounts(tx);
    lap("demo accounts and their response figures");

    for (const d of deferred.filter((x) => x.kind === "index")) {
      await tx.execute(sql.raw(d.definition));
      lap(d.name === "lawyers_search_vector_idx" ? "index lawyers_search_vector_idx (GIN)" : "other indexes");
    }
    for (const d of deferred.filter((x) => x.kind === "fk"))
      await tx.execute(sql.raw(`ALTER TABLE public."${d.table}" ADD CONSTRAINT "${d.name}" ${d.definition}`));
    for (const t of ["lawyers", "bar_admissions"])
      await tx.execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${t}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${t}), false)`,
        ),
      );
    await tx.execute(sql`UPDATE seed_scale_state SET status = 'done', finished_at = now() WHERE id = 1`);
    lap("foreign keys, sequences and state");
    await dropStaging(tx);
  });
  lap("commit");
  return steps;
}
