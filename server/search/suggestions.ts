/** getSuggestions: at most 3 suggestions for the hero search box (spec §4 "Hero search", §9). */
import { sql } from "drizzle-orm";
import {
  MAX_SUGGESTIONS,
  PRACTICE_AREAS,
  SUGGESTION_MIN_LENGTH,
  SUGGESTION_PHRASES,
} from "../../lib/constants.ts";
import { PRACTICE_AREA_TERMS, searchLocale } from "../../lib/i18n/practice-area-terms.ts";
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
 * The practice-area suggestions of a non-English locale (issue 14 §3): each area's label in the
 * locale, matched on the label and on the locale's search terms ("unfall" -> "Verkehrsunfälle").
 */
function localAreaCandidates(locale: string, nq: string): { text: string; cls: number }[] {
  const out: { text: string; cls: number }[] = [];
  for (const row of PRACTICE_AREA_TERMS) {
    const t = row.locales[searchLocale(locale)];
    const classes = [t.label, ...t.terms].map((x) => matchClass(x, nq)).filter((c) => c >= 0);
    if (classes.length > 0) out.push({ text: t.label, cls: Math.min(...classes) });
  }
  return out;
}

/**
 * Suggestions for `q` (spec §9) in the page's language `locale` (issue 14 §3; a site locale such
 * as "de" or "pt-BR", English when absent or unknown): nothing until q is longer than 2
 * characters; then at most 3, drawn from the ten fixed phrases and the practice areas (in
 * English; in another locale the practice-area labels of lib/i18n/practice-area-terms.ts,
 * matched on their search terms too) and the cities in the data (as "City, Country", most lawyers
 * first). Prefix matches come first, then word-prefix matches,
 * then substring matches; within a class phrases, then practice areas, then cities. When nothing
 * matches, the closest city names by trigram similarity are offered (typo tolerance).
 */
export async function getSuggestions(db: Db, q: string, locale = "en"): Promise<string[]> {
  const nq = normalise(q);
  if (nq.length < SUGGESTION_MIN_LENGTH) return [];
  const cities = await db.execute<{ name: string; country: string }>(sql`
    SELECT p.name, c.name AS country
    FROM search_places p
    LEFT JOIN search_places c ON c.kind = 'country' AND c.country_code = p.country_code
    WHERE p.kind = 'city' AND (starts_with(p.key, ${nq}) OR p.key LIKE '%' || ${nq.replace(/[\\%_]/g, "\\$&")} || '%')
    ORDER BY starts_with(p.key, ${nq}) DESC, p.lawyer_count DESC, p.key
    LIMIT ${MAX_SUGGESTIONS * 2}`);
  const cityTexts = cities.rows.map((r) => (r.country ? `${r.name}, ${r.country}` : r.name));
  const local = searchLocale(locale) !== "en";
  const candidates = local
    ? [...localAreaCandidates(locale, nq), ...cityTexts.map((text) => ({ text, cls: matchClass(text, nq) }))]
    : [...SUGGESTION_PHRASES, ...PRACTICE_AREAS, ...cityTexts].map((text) => ({
        text,
        cls: matchClass(text, nq),
      }));
  const ranked = candidates
    .map((c, i) => ({ ...c, i }))
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
