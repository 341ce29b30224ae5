/**
 * mulberry32: a small deterministic pseudo-random generator (32-bit state), used wherever demo
 * data or a benchmark must draw the same numbers on every run independently of other draws (the
 * phone pools, each row's verification checks, the matching benchmark's assessments).
 * @param seed any integer; only its low 32 bits matter
 * @returns a function answering numbers in [0, 1)
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
