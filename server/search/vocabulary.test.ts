/**
 * The in-process trigram index (vocabulary.ts) answers exactly what a scan of every entry answers
 * (pg_trgm similarity, docs/search.md "Performance"): checked with random words against the
 * brute-force scan the index replaced.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  correctWord,
  editDistance,
  maxEdits,
  similarEntries,
  trigramIndex,
  trigramSimilarity,
  trigrams,
  type Vocabulary,
  WORD_SIMILARITY,
} from "./vocabulary.ts";

const LEXICON = [
  "personal",
  "personnel",
  "person",
  "injury",
  "injured",
  "injuries",
  "jury",
  "toronto",
  "accident",
  "accidents",
  "malpractice",
  "medical",
  "muller",
  "mueller",
  "lawyer",
  "lawyers",
  "unfall",
  "abogado",
  "advogado",
  "avocat",
];

function vocabularyOf(words: string[]): Vocabulary {
  const entries = words.map((word, i) => ({
    word,
    frequency: (i * 7) % 5,
    stop: false,
    trigrams: trigrams(word),
  }));
  return {
    version: 1,
    words: new Map(entries.map((e) => [e.word, e])),
    candidates: trigramIndex(entries),
    places: new Map(),
    placesByFold: new Map(),
    placeKeys: trigramIndex([]),
  };
}

/** The linear scan that correctWord used before the index (the reference). */
function scanCorrect(words: string[], key: string): string | null {
  const v = vocabularyOf(words);
  const tg = trigrams(key);
  const limit = maxEdits(key);
  let best: { word: string; frequency: number } | null = null;
  let bestSim = 0;
  for (const c of v.candidates.entries) {
    const sim = trigramSimilarity(tg, c.trigrams);
    if (sim < WORD_SIMILARITY || sim < bestSim) continue;
    if (
      best &&
      sim === bestSim &&
      (c.frequency < best.frequency || (c.frequency === best.frequency && c.word > best.word))
    )
      continue;
    if (editDistance(key, c.word) > limit) continue;
    best = c;
    bestSim = sim;
  }
  return best?.word ?? null;
}

const word = fc.stringMatching(/^[a-z]{1,12}$/);

describe("trigram index (vocabulary.ts)", () => {
  it("finds the same entries and similarities as comparing with every entry", () => {
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 40 }),
        word,
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (words, q, min) => {
          const entries = words.map((w) => ({ w, trigrams: trigrams(w) }));
          const tg = trigrams(q);
          const got = similarEntries(trigramIndex(entries), tg, min)
            .map((r) => `${r.entry.w}:${r.sim}`)
            .sort();
          const want = entries
            .map((e) => ({ e, sim: trigramSimilarity(tg, e.trigrams) }))
            .filter((r) => r.sim >= min)
            .map((r) => `${r.e.w}:${r.sim}`)
            .sort();
          expect(got).toEqual(want);
        },
      ),
    );
  });

  it("corrects typos to the same word as the linear scan", () => {
    expect(correctWord(vocabularyOf(LEXICON), "personel")).toBe(scanCorrect(LEXICON, "personel"));
    expect(correctWord(vocabularyOf(LEXICON), "injurry")).toBe("injury");
    expect(correctWord(vocabularyOf(LEXICON), "torronto")).toBe("toronto");
    expect(correctWord(vocabularyOf(LEXICON), "xyzzyq")).toBeNull();
    fc.assert(
      fc.property(
        fc
          .uniqueArray(word, { minLength: 1, maxLength: 40 })
          .map((ws) => ws.filter((w) => !LEXICON.includes(w)))
          .filter((ws) => ws.length > 0),
        fc.nat(),
        fc.nat(),
        fc.constantFrom("a", "e", "r", "n"),
        (words, pick, at, letter) => {
          // A typo of a word of the lexicon: one letter inserted (the case typo correction is for).
          const base = words[pick % words.length] as string;
          const i = at % (base.length + 1);
          const q = base.slice(0, i) + letter + base.slice(i);
          expect(correctWord(vocabularyOf([...words, ...LEXICON]), q)).toBe(
            scanCorrect([...words, ...LEXICON], q),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
