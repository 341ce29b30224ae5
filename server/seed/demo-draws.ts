/** Share of each practice area (spec §3 filter counts: Car Accidents most, Mass Torts least). */
export const PRACTICE_AREA_WEIGHTS = [245, 189, 156, 134, 98, 87, 76, 65, 54, 43, 32, 21];

/** Index into a cumulative weight array for a uniform draw u in [0,1). */
export function pickCumulative(cumulative: Float64Array | number[], u: number): number {
  const total = cumulative[cumulative.length - 1] ?? 0;
  const target = u * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] ?? 0) > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Splits `count` over weights by largest remainder, so every country gets its share exactly. */
export function allocate(count: number, weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const exact = weights.map((w) => (w / total) * count);
  const out = exact.map(Math.floor);
  let left = count - out.reduce((s, n) => s + n, 0);
  const order = exact
    .map((e, i) => [e - Math.floor(e), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    out[i] = (out[i] ?? 0) + 1;
    left--;
  }
  return out;
}

export function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
