/**
 * Building the matching store from the database (docs/matching.md "Implementation and
 * performance"; issue 18 §1): PostgreSQL encodes BUILD_BATCH verified listings per query into
 * one bytea, decoded here into the typed arrays of match-store.ts in group order. Issue 30: cut
 * out of candidates.ts, which keeps the store per data version and ranks over it.
 */
import { sql } from "drizzle-orm";
import { PERSONALITY_TRAITS, PRACTICE_AREAS } from "../../lib/constants.ts";
import { LAWYER_STYLE_OPTIONS as STYLES } from "../../lib/lawyer-styles.ts";
import type { Db } from "../db/client.ts";
import { COMBOS, comboOf, type MatchStore, TRAITS } from "./match-store.ts";
import { experienceBase } from "./model.ts";

/** A 1-byte bytea of an integer expression (0..255), for the store's row encoding. */
const byte = (expr: ReturnType<typeof sql>) => sql`set_byte('\\x00'::bytea, 0, (${expr})::int)`;

/** 1 + index of a text column in an option list, 0 when null or unknown: the store's style code. */
const codeSql = (column: ReturnType<typeof sql>, options: readonly string[]) =>
  byte(
    sql`coalesce(array_position(ARRAY[${sql.join(
      options.map((o) => sql`${o}`),
      sql`, `,
    )}]::text[], ${column}::text), 0)`,
  );

/** The bytes of one row (see decodeRows): fixed fields, then the languages as "de,fr". */
function rowEncoding() {
  const areaList = sql`ARRAY[${sql.join(
    PRACTICE_AREAS.map((a) => sql`${a}`),
    sql`, `,
  )}]::text[]`;
  const traits = PERSONALITY_TRAITS.map((t) =>
    // clampTrait of model.ts: a JSON number clamped to 1..10, rounded half up (Math.round) for the
    // byte, else unknown (0). float8: numeric arithmetic doubled the build's time.
    byte(
      sql`CASE WHEN jsonb_typeof(tr.${sql.identifier(t)}) = 'number' THEN floor(least(10, greatest(1, tr.${sql.identifier(t)}::float8)) + 0.5) ELSE 0 END`,
    ),
  );
  return sql.join(
    [
      sql`int4send(id)`,
      sql`int2send((SELECT coalesce(bit_or(1 << (array_position(${areaList}, a) - 1)), 0) FROM unnest(practice_areas) a)::int2)`,
      sql`convert_to(rpad(country_code, 2, ' '), 'UTF8')`,
      ...traits,
      codeSql(sql`communication_style`, STYLES.communicationStyle),
      codeSql(sql`approach_style`, STYLES.approachStyle),
      codeSql(sql`client_focus`, STYLES.clientFocus),
      codeSql(sql`availability_level`, STYLES.availabilityLevel),
      codeSql(sql`case_complexity_preference`, STYLES.caseComplexityPreference),
      sql`int4send(experience)`,
      sql`int2send(round(rating * 100)::int2)`,
      sql`int4send(review_count)`,
      sql`float4send(coalesce(latitude, 'NaN')::float4)`,
      sql`float4send(coalesce(longitude, 'NaN')::float4)`,
      sql`int2send(octet_length(convert_to(array_to_string(languages, ','), 'UTF8'))::int2)`,
      sql`convert_to(array_to_string(languages, ','), 'UTF8')`,
    ],
    sql` || `,
  );
}

/** Bytes of a row before its languages: id 4, areas 2, country 2, traits 8, styles 5, years 4, rating 2, reviews 4, latitude 4, longitude 4, languages length 2. */
const FIXED = 4 + 2 + 2 + TRAITS + 5 + 4 + 2 + 4 + 4 + 4 + 2;

/** Rows fetched per query while building (about 4 MB of encoded rows each). */
export const BUILD_BATCH = 100_000;

/** One batch of encoded rows: the BUILD_BATCH verified listings with the smallest ids above `afterId`. */
async function fetchBatch(
  db: Db,
  afterId: number,
): Promise<{ bytes: Uint8Array; rows: number; last: number }> {
  const res = await db.execute<{
    chunk: Uint8Array | null;
    rows: string | number;
    last: string | number | null;
  }>(
    sql`SELECT string_agg(r.b, ''::bytea) AS chunk, count(*) AS rows, max(r.id) AS last
        FROM (SELECT id, ${rowEncoding()} AS b FROM lawyers
              LEFT JOIN LATERAL jsonb_to_record(personality_traits) AS tr(${sql.join(
                PERSONALITY_TRAITS.map((t) => sql`${sql.identifier(t)} jsonb`),
                sql`, `,
              )}) ON true
              WHERE verified AND verification_status = 'verified' AND NOT hidden AND id > ${afterId}
              ORDER BY id LIMIT ${BUILD_BATCH}) r`,
  );
  const row = res.rows[0];
  const chunk = row?.chunk ?? new Uint8Array(0);
  return {
    bytes: chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk),
    rows: Number(row?.rows ?? 0),
    last: Number(row?.last ?? afterId),
  };
}

const decoder = new TextDecoder();

/**
 * Builds the store of `version` from the database: batches of BUILD_BATCH verified listings, each
 * encoded by PostgreSQL into one bytea (no JavaScript object per lawyer), then decoded into the
 * typed arrays in group order. Same SQL on PGlite and PostgreSQL.
 */
export async function buildMatchStore(db: Db, version: number): Promise<MatchStore> {
  const chunks: { bytes: Uint8Array; rows: number }[] = [];
  let n = 0;
  for (let last = 0; ; ) {
    const batch = await fetchBatch(db, last);
    if (batch.rows === 0) break;
    chunks.push(batch);
    n += batch.rows;
    last = batch.last;
    if (batch.rows < BUILD_BATCH) break;
  }
  // Pass 1: country and combination of every row, to size the groups.
  const countries: string[] = [];
  const codes = new Map<string, number>();
  const rowCountry = new Uint16Array(n);
  const rowCombo = new Uint16Array(n);
  const style = [0, 0, 0, 0, 0];
  // Country index + 1 by its two bytes: no string per row.
  const countryOfPair = new Int32Array(65536);
  let i = 0;
  for (const { bytes } of chunks) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let p = 0; p < bytes.byteLength; i++) {
      const pair = ((bytes[p + 6] as number) << 8) | (bytes[p + 7] as number);
      let c = (countryOfPair[pair] as number) - 1;
      if (c < 0) {
        const cc = String.fromCharCode(bytes[p + 6] as number, bytes[p + 7] as number).trimEnd();
        c = countries.length;
        countries.push(cc);
        codes.set(cc, c);
        countryOfPair[pair] = c + 1;
      }
      rowCountry[i] = c;
      for (let f = 0; f < 5; f++) style[f] = bytes[p + 8 + TRAITS + f] as number;
      rowCombo[i] = comboOf(style);
      p += FIXED + view.getInt16(p + FIXED - 2);
    }
  }
  const K = Math.max(countries.length, 1);
  const groups = COMBOS * K;
  const groupStart = new Int32Array(groups + 1);
  for (let r = 0; r < n; r++) {
    const g = (rowCombo[r] as number) * K + (rowCountry[r] as number) + 1;
    groupStart[g] = (groupStart[g] as number) + 1;
  }
  for (let g = 0; g < groups; g++)
    groupStart[g + 1] = (groupStart[g + 1] as number) + (groupStart[g] as number);
  const fill = groupStart.slice(0, groups);

  const s: MatchStore = {
    version,
    n,
    ids: new Int32Array(n),
    areas: new Uint16Array(n),
    areaCount: new Uint8Array(n),
    country: new Uint16Array(n),
    countries,
    codes,
    traits: new Uint8Array(n * TRAITS),
    combo: new Uint16Array(n),
    experienceBase: new Uint16Array(n),
    rating: new Uint16Array(n),
    reviewCount: new Int32Array(n),
    lat: new Float32Array(n),
    lng: new Float32Array(n),
    speakers: new Map(),
    groupStart,
    groupMaxExperience: new Uint16Array(groups),
    comboMaxExperience: new Uint16Array(COMBOS),
  };
  const words = (n + 31) >>> 5;
  const speakersOfPacked = new Map<number, Uint32Array>();
  // Pass 2: each row to its place.
  i = 0;
  for (const { bytes } of chunks) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let p = 0; p < bytes.byteLength; i++) {
      const g = (rowCombo[i] as number) * K + (rowCountry[i] as number);
      const at = fill[g] as number;
      fill[g] = at + 1;
      s.ids[at] = view.getInt32(p);
      const mask = view.getUint16(p + 4);
      s.areas[at] = mask;
      let count = 0;
      for (let m = mask; m !== 0; m &= m - 1) count++;
      s.areaCount[at] = count;
      s.country[at] = rowCountry[i] as number;
      for (let k = 0; k < TRAITS; k++) s.traits[at * TRAITS + k] = bytes[p + 8 + k] as number;
      s.combo[at] = rowCombo[i] as number;
      const q = p + 8 + TRAITS + 5;
      const years = view.getInt32(q);
      const hundredths = view.getInt16(q + 4);
      // hundredths / 100 is the same double as the column's text ("4.67") parsed.
      const base = experienceBase(years, hundredths / 100);
      s.experienceBase[at] = base;
      if (base > (s.groupMaxExperience[g] as number)) s.groupMaxExperience[g] = base;
      const combo = rowCombo[i] as number;
      if (base > (s.comboMaxExperience[combo] as number)) s.comboMaxExperience[combo] = base;
      s.rating[at] = hundredths;
      s.reviewCount[at] = view.getInt32(q + 6);
      s.lat[at] = view.getFloat32(q + 10);
      s.lng[at] = view.getFloat32(q + 14);
      const langBytes = view.getInt16(q + 18);
      // Languages "de,fr": each code up to 3 bytes is looked up by its bytes (no string per row).
      for (let from = p + FIXED, end = p + FIXED + langBytes; from < end; ) {
        let to = from;
        while (to < end && bytes[to] !== 44) to++;
        let bits: Uint32Array | undefined;
        if (to - from <= 3) {
          let packed = 1;
          for (let b = from; b < to; b++) packed = packed * 256 + (bytes[b] as number);
          bits = speakersOfPacked.get(packed);
          if (!bits) {
            const l = decoder.decode(bytes.subarray(from, to));
            bits = s.speakers.get(l) ?? new Uint32Array(words);
            s.speakers.set(l, bits);
            speakersOfPacked.set(packed, bits);
          }
        } else {
          const l = decoder.decode(bytes.subarray(from, to));
          bits = s.speakers.get(l) ?? new Uint32Array(words);
          s.speakers.set(l, bits);
        }
        bits[at >>> 5] = (bits[at >>> 5] as number) | (1 << (at & 31));
        from = to + 1;
      }
      p += FIXED + langBytes;
    }
  }
  return s;
}

/** Bytes the store holds in typed arrays (what `npm run bench:match` prints as its size). */
export function matchStoreBytes(s: MatchStore): number {
  let total = 0;
  for (const v of Object.values(s)) if (ArrayBuffer.isView(v)) total += v.byteLength;
  for (const bits of s.speakers.values()) total += bits.byteLength;
  return total;
}
