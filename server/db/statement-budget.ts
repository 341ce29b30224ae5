/**
 * Statements with a time budget (issue 29 "Fast from the first second": until the search facts are
 * ready, no request may take more than 1 s). The database path that answers while the facts build
 * (a cold start at 1,000,000 listings, or data that changed while the server was down) counts and
 * ranks with queries that read every matching row; under a budget such a query is cancelled by
 * PostgreSQL itself (`SET LOCAL statement_timeout`, SQLSTATE 57014) instead of holding a visitor
 * and a pool connection for seconds, and the caller answers with less (facets without counts, an
 * estimated total) — docs/search.md "At 1,000,000 listings".
 *
 * On PGlite (the embedded engine: one connection, the demo's few thousand listings) the statement
 * runs as it is: PGlite has no timer to cancel a statement with, and a transaction there would
 * hold the only connection for every other request.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client.ts";

/** A statement ran past its budget and was cancelled by the database (issue 29). */
export class StatementBudgetExceeded extends Error {
  /** The budget the statement had, in milliseconds. */
  readonly budgetMs: number;
  constructor(budgetMs: number, options?: { cause?: unknown }) {
    super(`statement cancelled after its ${budgetMs} ms budget`, options);
    this.name = "StatementBudgetExceeded";
    this.budgetMs = budgetMs;
  }
}

/** Whether `db` is the embedded PGlite engine (its client has `waitReady`), not node-postgres. */
export function isEmbeddedDb(db: Db): boolean {
  const client = (db as unknown as { $client?: object }).$client;
  return typeof client === "object" && client !== null && "waitReady" in client;
}

/** Whether `err` (or an error it wraps: Drizzle wraps driver errors) is PostgreSQL's query_canceled. */
function isQueryCanceled(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === "57014") return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Runs `run` with every statement it issues on the handle it is given limited to `budgetMs`
 * milliseconds (an integer ≥ 1), in a read transaction of its own on PostgreSQL; on PGlite it
 * runs `run(db)` unbounded (see the module's comment). Run independent statements in separate
 * calls so they use separate connections and run in parallel.
 * @throws StatementBudgetExceeded when PostgreSQL cancelled a statement for the budget; any other
 *   error of `run` as it is
 */
export async function withinBudget<T>(db: Db, budgetMs: number, run: (db: Db) => Promise<T>): Promise<T> {
  if (isEmbeddedDb(db)) return run(db);
  const ms = Math.max(1, Math.floor(budgetMs));
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${ms}`));
      return run(tx as unknown as Db);
    });
  } catch (err) {
    if (isQueryCanceled(err)) throw new StatementBudgetExceeded(ms, { cause: err });
    throw err;
  }
}

/** The budget of estimatedRows' `EXPLAIN` (ms): planning waits for the table's lock like a query. */
export const ESTIMATE_BUDGET_MS = 200;

/**
 * PostgreSQL's estimate of the rows a query returns (its plan's top `Plan Rows`, `EXPLAIN` without
 * running it: a millisecond), for a total that cannot be counted within the budget. PGlite, a
 * plan without an estimate and a plan not made within ESTIMATE_BUDGET_MS answer null.
 */
export async function estimatedRows(db: Db, query: ReturnType<typeof sql>): Promise<number | null> {
  if (isEmbeddedDb(db)) return null;
  const res = await withinBudget(db, ESTIMATE_BUDGET_MS, (d) =>
    d.execute<{ "QUERY PLAN": unknown }>(sql`EXPLAIN (FORMAT JSON) ${query}`),
  ).catch((err: unknown) => {
    if (err instanceof StatementBudgetExceeded) return null;
    throw err;
  });
  if (!res) return null;
  const plan = res.rows[0]?.["QUERY PLAN"];
  const parsed = typeof plan === "string" ? JSON.parse(plan) : plan;
  const rows = Array.isArray(parsed)
    ? (parsed[0] as { Plan?: { "Plan Rows"?: unknown } })?.Plan?.["Plan Rows"]
    : null;
  return typeof rows === "number" && Number.isFinite(rows) ? Math.max(0, Math.round(rows)) : null;
}

/**
 * Runs several read queries as ONE statement within `budgetMs` (withinBudget): each query becomes a
 * JSON array column (`json_agg` of its rows), so a request that needs many counts holds a single
 * pooled connection for at most its budget, instead of one connection per query (issue 29: while
 * the search facts build, parallel counts of every visitor would take the whole pool). Answers
 * each query's rows under its key; numbers come back as JSON numbers, text as strings. A null
 * `budgetMs` runs the statement unbounded.
 * @throws StatementBudgetExceeded past the budget (PostgreSQL)
 */
export async function queriesAsOneStatement<K extends string>(
  db: Db,
  budgetMs: number | null,
  queries: Record<K, ReturnType<typeof sql>>,
): Promise<Record<K, Record<string, unknown>[]>> {
  const keys = Object.keys(queries) as K[];
  const columns = keys.map(
    (k) => sql`(SELECT coalesce(json_agg(q), '[]'::json) FROM (${queries[k]}) AS q) AS ${sql.identifier(k)}`,
  );
  const statement = sql`SELECT ${sql.join(columns, sql`, `)}`;
  const res =
    budgetMs === null
      ? await db.execute<Record<string, unknown>>(statement)
      : await withinBudget(db, budgetMs, (d) => d.execute<Record<string, unknown>>(statement));
  const row = res.rows[0] ?? {};
  const out = {} as Record<K, Record<string, unknown>[]>;
  for (const k of keys) {
    const value = row[k];
    const rows = typeof value === "string" ? JSON.parse(value) : value;
    out[k] = Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
  }
  return out;
}
