// Synthetic 1,000,000-row store: the 20,000-lawyer database's rows repeated (ids shifted), to time ranking alone.
import { openDatabase } from "../server/db/client.ts";
import { generateLawyers } from "../server/seed/generate.ts";
import { buildMatchStore, rankCandidates, matchStoreBytes, countCandidates } from "../server/matching/candidates.ts";
import { benchAssessments } from "./bench-match.ts";
import { percentile } from "./bench-support.ts";
const d = await openDatabase({ databaseUrl: process.argv[2] });
const s = await buildMatchStore(d.db, 1);
await d.close();
const R = Math.ceil(Number(process.argv[3]) / s.n);
const n = s.n * R;
const K = s.countries.length;
// Rebuild groups: rows of group g from each copy, consecutive.
const big: any = { ...s, n, ids: new Int32Array(n), areas: new Uint16Array(n), areaCount: new Uint8Array(n), country: new Uint16Array(n), traits: new Uint8Array(n * 8), combo: new Uint16Array(n), experienceBase: new Uint16Array(n), rating: new Uint16Array(n), reviewCount: new Int32Array(n), speakers: new Map(), groupStart: new Int32Array(s.groupStart.length) };
for (const [l] of s.speakers) big.speakers.set(l, new Uint32Array((n + 31) >>> 5));
let at = 0;
for (let g = 0; g < s.groupStart.length - 1; g++) {
  big.groupStart[g] = at;
  for (let r = 0; r < R; r++)
    for (let i = s.groupStart[g]; i < s.groupStart[g + 1]; i++) {
      big.ids[at] = s.ids[i] + r * 10_000_000;
      for (const k of ["areas", "areaCount", "country", "combo", "experienceBase", "rating", "reviewCount"]) big[k][at] = (s as any)[k][i];
      big.traits.set(s.traits.subarray(i * 8, i * 8 + 8), at * 8);
      for (const [l, bits] of s.speakers) if ((bits[i >>> 5] >>> (i & 31)) & 1) big.speakers.get(l)[at >>> 5] |= 1 << (at & 31);
      at++;
    }
}
big.groupStart[s.groupStart.length - 1] = at;
console.log(`rows ${n}, store ${(matchStoreBytes(big) / 1048576).toFixed(1)} MB`);
const as = benchAssessments();
const times: number[] = [];
const per = new Map<string, number>();
for (let round = 0; round < 4; round++)
  for (const a of as) {
    const t = performance.now();
    rankCandidates(big, a, a.country, 20);
    const ms = performance.now() - t;
    if (round > 0) { times.push(ms); const key = `${a.caseType}${a.country ? " in " + a.country : ""}${a.language ? " (" + a.language + ")" : ""}`; per.set(key, Math.max(per.get(key) ?? 0, ms)); }
  }
console.log(`rank p50 ${percentile(times, 50).toFixed(2)} p95 ${percentile(times, 95).toFixed(2)} max ${Math.max(...times).toFixed(1)} ms`);
console.log([...per].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(1)}`).join("; "));
const c = as.map((a) => countCandidates(big, a.caseType, a.country));
console.log(`candidates p50 ${percentile(c, 50)} max ${Math.max(...c)}`);
