/**
 * Counts what a piece of code asks the database (issue 29 "No page scans the data per request"):
 * the SQL texts sent through a Drizzle handle's client, PGlite or node-postgres' pool alike, with
 * a spy that passes every call through to the real client.
 */
import { vi } from "vitest";
import type { Db } from "../../server/db/client.ts";

/** The SQL texts `run` sends through `db`'s client, in order. */
export async function queriesOf(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const spy = vi.spyOn(client, "query");
  try {
    await run();
    return spy.mock.calls.map(([query]) =>
      typeof query === "string" ? query : String((query as { text?: string }).text ?? query),
    );
  } finally {
    spy.mockRestore();
  }
}

/** The queries among `texts` that aggregate over rows (count, avg, sum, GROUP BY): scans that grow with the data. */
export function aggregateQueries(texts: readonly string[]): string[] {
  return texts.filter((q) => /\b(count|avg|sum)\(|\bgroup by\b/i.test(q));
}
