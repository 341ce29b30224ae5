/**
 * The listed profiles the sitemap names (issue 2 §4; server/api/seo.ts): every listing a
 * moderator has not hidden (issue 15 §3), by id. Reached through the directory service
 * (service.ts listedProfileCount, listedProfileIds; issue 30 "one door"), so the API does not
 * query the database itself.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { lawyers } from "../db/schema.ts";

/** How many listings are not hidden (the sitemap's profile count). Database failures reject. */
export async function listedProfileCount(db: Db): Promise<number> {
  const res = await db.execute<{ n: number | string }>(
    sql`SELECT count(*) AS n FROM ${lawyers} WHERE NOT ${lawyers.hidden}`,
  );
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * The ids of the listings that are not hidden, ascending, `limit` of them after the first
 * `offset` (one sitemap file's profiles). Database failures reject.
 */
export async function listedProfileIds(db: Db, offset: number, limit: number): Promise<number[]> {
  const res = await db.execute<{ id: number }>(
    sql`SELECT ${lawyers.id} AS id FROM ${lawyers} WHERE NOT ${lawyers.hidden} ORDER BY ${lawyers.id} LIMIT ${limit} OFFSET ${offset}`,
  );
  return res.rows.map((r) => Number(r.id));
}
