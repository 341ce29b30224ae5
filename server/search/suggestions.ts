/** getSuggestions: at most 3 suggestions for the hero search box (spec §4 "Hero search", §9). */
import { sql } from "drizzle-orm";
import {
  MAX_SUGGESTIONS,
  PRACTICE_AREAS,
  SUGGESTION_MIN_LENGTH,
  SUGGESTION_PHRASES,
} from "../../lib/constants.ts";
import type { Db } from "../db/client.ts";

function normalise(text: string): string {
  return text
    .replace(/\p{Cc}+/gu, " ")
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/** 0 = the text starts with q, 1 = a word of it starts with q, 2 = contains q, -1 = no match. */
function matchClass(candidate: string, q: string): number {
  const c = normalise(candidate);
  if (c.startsWith(q)) return 0;
  if (c.split(/[^\p{L}\p{N}]+/u).some((w) => w.startsWith(q))) return 1;
  if (c.includes(q)) return 2;
  return -1;
}

/**
 * Suggestions for `q` (spec §9): nothing until q is longer than 2 characters; then at most 3,
 * drawn from the ten fixed phrases, the practice areas and the cities in the data (as
 * "City, Country", most lawyers first). Prefix matches come first, then word-prefix matches,
 * then substring matches; within a class phrases, then practice areas, then cities. When nothing
 * matches, the closest city names by trigram similarity are offered (typo tolerance).
 */
export async function getSuggestions(db: Db, q: string): Promise<string[]> {
  const nq = normalise(q);
  if (nq.length < SUGGESTION_MIN_LENGTH) return [];
  const cities = await db.execute<{ name: string; country: string }>(sql`
    SELECT p.name, c.name AS country
    FROM search_places p
    LEFT JOIN search_places c ON c.kind = 'country' AND c.country_code = p.country_code
    WHERE p.kind = 'city' AND (starts_with(p.key, ${nq}) OR p.key LIKE '%' || ${nq.replace(/[\\%_]/g, "\\$&")} || '%')
    ORDER BY starts_with(p.key, ${nq}) DESC, p.lawyer_count DESC, p.key
    LIMIT ${MAX_SUGGESTIONS * 2}`);
  const candidates = [
    ...SUGGESTION_PHRASES,
    ...PRACTICE_AREAS,
    ...cities.rows.map((r) => (r.country ? `${r.name}, ${r.country}` : r.name)),
  ];
  const ranked = candidates
    .map((text, i) => ({ text, i, cls: matchClass(text, nq) }))
    .filter((c) => c.cls >= 0)
    .sort((a, b) => a.cls - b.cls || a.i - b.i);
  const out: string[] = [];
  const seen = new Set<string>();
  for (const c of ranked) {
    const k = c.text.toLowerCase();
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(c.text);
    if (out.length === MAX_SUGGESTIONS) return out;
  }
  if (out.length === 0) {
    const fuzzy = await db.execute<{ name: string; country: string | null }>(sql`
      SELECT p.name, c.name AS country
      FROM search_places p
      LEFT JOIN search_places c ON c.kind = 'country' AND c.country_code = p.country_code
      WHERE p.kind = 'city' AND p.key % ${nq}
      ORDER BY similarity(p.key, ${nq}) DESC, p.lawyer_count DESC LIMIT ${MAX_SUGGESTIONS}`);
    for (const r of fuzzy.rows) out.push(r.country ? `${r.name}, ${r.country}` : r.name);
  }
  return out;
}
