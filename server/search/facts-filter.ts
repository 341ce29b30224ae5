/**
 * The row filter of a request over the search facts (docs/search.md "Performance"): the same
 * conditions as conditions.ts searchConditions, as a test per row with candidate posting lists.
 * Issue 30: cut out of the former facts.ts.
 */
import { PRACTICE_AREAS } from "../../lib/constants.ts";
import type { SearchParams } from "../../lib/search-params.ts";
import { EARTH_M, type Facts, FEE_FREE, feeBit, subjectOf } from "./facts-layout.ts";
import type { Place } from "./location.ts";
import type { Understanding } from "./understanding.ts";

/**
 * A row filter over the facts for one request; null when the request needs the database.
 * `rows`: when set, every row passing the test is among these (ascending), so scans walk them
 * instead of all n rows; `all`: the test passes every row; `subject`: the test is exactly "the
 * row matches known subject g" (its rows are g's posting list), whose facet counts are kept per
 * snapshot (facets.ts, issue 29).
 */
export type RowTest = ((i: number) => boolean) & { rows?: Int32Array; all?: boolean; subject?: number };

/** The rows of the given posting lists, ascending and distinct. */
function unionRows(start: Int32Array, rows: Int32Array, lists: number[]): Int32Array {
  if (lists.length === 1) {
    const k = lists[0] as number;
    return rows.subarray(start[k] as number, start[k + 1] as number);
  }
  let size = 0;
  for (const k of lists) size += (start[k + 1] as number) - (start[k] as number);
  const out = new Int32Array(size);
  let at = 0;
  for (const k of lists) {
    out.set(rows.subarray(start[k] as number, start[k + 1] as number), at);
    at += (start[k + 1] as number) - (start[k] as number);
  }
  out.sort();
  let w = 0;
  for (let r = 0; r < out.length; r++) if (r === 0 || out[r] !== out[r - 1]) out[w++] = out[r] as number;
  return out.subarray(0, w);
}

/**
 * The facts filter of a request, or null when its text is not group-only (then the database
 * must evaluate it). Mirrors searchConditions exactly: group text, query places, location
 * filter, practice areas (ANY), languages (ANY), verified only (issue 15 §2), free consultation and
 * fee model (issue 19 §1), experience >= N, rating >= N, radius (great circle).
 */
export function factsFilter(f: Facts, params: SearchParams, u: Understanding): RowTest | null {
  const tests: RowTest[] = [];
  // Candidate row lists (posting lists); the smallest bounds every scan.
  const candidates: Int32Array[] = [];
  const g = subjectOf(u);
  if (g === -1) return null;
  if (g >= 0) {
    const bit = 1 << g;
    tests.push((i) => ((f.groupAny[i] as number) & bit) !== 0);
    candidates.push(unionRows(f.subjectStart, f.subjectRows, [g]));
  }
  const placeTest = (places: Place[]): RowTest => {
    const countryLists: number[] = [];
    const keyLists: number[] = [];
    // Flags by interned number (typed arrays: a lookup per row costs far less than Set.has,
    // and a location filter is tested on every one of the 100,000 rows).
    const countries = new Uint8Array(f.codes.size);
    const keys = new Uint8Array(f.keys.size);
    for (const p of places) {
      if (p.kind === "country") {
        const c = f.codes.get(p.countryCode);
        if (c !== undefined && countries[c] !== 1) {
          countries[c] = 1;
          countryLists.push(c);
        }
      } else {
        const k = f.keys.get(`${p.kind}|${p.key}|${p.countryCode}`);
        if (k !== undefined && keys[k] !== 1) {
          keys[k] = 1;
          keyLists.push(k);
        }
      }
    }
    const countryCandidates = unionRows(f.countryStart, f.countryRows, countryLists);
    const keyCandidates = unionRows(f.keyStart, f.keyRows, keyLists);
    candidates.push(
      countryLists.length === 0
        ? keyCandidates
        : keyLists.length === 0
          ? countryCandidates
          : unionRows(
              new Int32Array([0, countryCandidates.length, countryCandidates.length + keyCandidates.length]),
              Int32Array.from([...countryCandidates, ...keyCandidates]),
              [0, 1],
            ),
    );
    return (i) =>
      countries[f.country[i] as number] === 1 ||
      keys[f.city[i] as number] === 1 ||
      keys[f.state[i] as number] === 1;
  };
  if (u.queryPlaces) tests.push(placeTest(u.queryPlaces));
  if (u.filterPlaces) tests.push(placeTest(u.filterPlaces));
  if (params.practiceAreas.length > 0) {
    let mask = 0;
    for (const a of params.practiceAreas)
      mask |= 1 << PRACTICE_AREAS.indexOf(a as (typeof PRACTICE_AREAS)[number]);
    tests.push((i) => ((f.areas[i] as number) & mask) !== 0);
  }
  if (params.languages.length > 0) {
    const wanted = new Set(params.languages.map((l) => f.langCodes.get(l) ?? -2));
    tests.push((i) => {
      for (let k = f.langStart[i] as number; k < (f.langStart[i + 1] as number); k++)
        if (wanted.has(f.langList[k] as number)) return true;
      return false;
    });
  }
  if (params.verified) tests.push((i) => f.verified[i] === 1);
  if (params.respondsWithin24h) tests.push((i) => f.responsive[i] === 1);
  // Issue 19 §1: free first consultation, fee model offered; their posting lists bound the scan.
  if (params.freeConsultation) {
    tests.push((i) => ((f.fees[i] as number) & (1 << FEE_FREE)) !== 0);
    candidates.push(unionRows(f.feeStart, f.feeRows, [FEE_FREE]));
  }
  if (params.feeModel) {
    const b = feeBit(params.feeModel);
    tests.push((i) => ((f.fees[i] as number) & (1 << b)) !== 0);
    candidates.push(unionRows(f.feeStart, f.feeRows, [b]));
  }
  if (params.experience > 0) tests.push((i) => (f.experience[i] as number) >= params.experience);
  if (params.rating > 0) tests.push((i) => (f.rating[i] as number) >= params.rating);
  if (params.near && params.radiusKm) {
    const la = (params.near.lat * Math.PI) / 180;
    const lo = (params.near.lng * Math.PI) / 180;
    const [px, py, pz] = [Math.cos(la) * Math.cos(lo), Math.cos(la) * Math.sin(lo), Math.sin(la)];
    const metres = params.radiusKm * 1000;
    // The exact great-circle test only near the edge: within a chord a little under the
    // radius's chord a row is surely in, beyond one a little over it surely out (no asin per row).
    const chordOf = (m: number) => 2 * Math.sin(Math.min(Math.PI / 2, m / (2 * EARTH_M)));
    const inner = chordOf(metres * (1 - 1e-9)) ** 2;
    const outer = chordOf(metres * (1 + 1e-9)) ** 2;
    tests.push((i) => {
      const dx = (f.x[i] as number) - px;
      if (Number.isNaN(dx)) return false;
      const dy = (f.y[i] as number) - py;
      const dz = (f.z[i] as number) - pz;
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < inner) return true;
      if (d2 > outer) return false;
      return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(d2) / 2)) <= metres;
    });
  }
  let rows: Int32Array | undefined;
  for (const c of candidates) if (!rows || c.length < rows.length) rows = c;
  let test: RowTest;
  if (tests.length === 0) {
    test = () => true;
    test.all = true;
  } else if (tests.length === 1) {
    test = tests[0] as RowTest;
    if (g >= 0) test.subject = g;
  } else
    test = (i) => {
      for (const t of tests) if (!t(i)) return false;
      return true;
    };
  if (rows) test.rows = rows;
  return test;
}
