/**
 * The description classifier (issue 19 §4; docs/search.md "Describing what happened"): a
 * multinomial naive Bayes model that reads a description of what happened, in any of the eight
 * languages ("I slipped on a wet floor at the supermarket", "ich wurde von einem Hund gebissen",
 * "交通事故でむち打ちになった", "صدمتني سيارة"), and answers the practice areas of
 * lib/constants.ts PRACTICE_AREAS it most likely belongs to.
 *
 * - Data: the labelled descriptions written in the repository, server/search/descriptions/train/
 *   <locale>.tsv (`text<TAB>Area / Area`); heldout/<locale>.tsv is never trained on and only
 *   measures accuracy (classifier-accuracy.test.ts).
 * - Features, after lib/text-fold.ts foldText (so "Müller"/"muller", full-width and Arabic letter
 *   variants are one): every word, every pair of neighbouring words, and the character 3- to
 *   5-grams of each word with its boundaries ("<gebi", "issen>": this is what lets "gebissen"
 *   meet "Biss" and "caí" meet "caída"); text in Han/Kana (written without spaces) gives its
 *   character 1- to 3-grams instead.
 * - Model: per practice area, feature counts over the training descriptions labelled with it (a
 *   description with two areas counts for both); Laplace smoothing ALPHA; uniform prior (the
 *   training set is not the world's distribution of cases); features never seen in training are
 *   left out of the score.
 * - Answer: the areas ranked by log-likelihood; the first, plus every other area whose score per
 *   feature is within SECOND_AREA_MARGIN of the first, at most MAX_AREAS.
 * Trained once per process on first use, from the files, deterministically (same files -> same
 * model -> same answers; about 0.1 s on the shared 2-core machine, once per process, when the
 * first text that could be a description arrives). No network, no package, no randomness.
 */
import { readdirSync, readFileSync } from "node:fs";
import { PRACTICE_AREAS, type PracticeArea } from "../../lib/constants.ts";
import { foldText, hasCjk } from "../../lib/text-fold.ts";

/** Smoothing added to every feature count (Laplace / Lidstone). */
export const ALPHA = 0.2;
/** Another area is named when its log-likelihood per feature is this close to the first's. */
export const SECOND_AREA_MARGIN = 0.06;
/** At most this many areas are answered. */
export const MAX_AREAS = 3;

/** One labelled description of the data files. */
export interface LabelledDescription {
  locale: string;
  text: string;
  areas: PracticeArea[];
}

/** What the classifier answers for one text. */
export interface Classification {
  /** The areas it reads the text as, most likely first (1..MAX_AREAS). */
  areas: PracticeArea[];
  /** Every area with its log-likelihood per known feature, best first. */
  ranking: { area: PracticeArea; score: number }[];
  /** How many of the text's features the training data contains. */
  knownFeatures: number;
  /** How many features the text has. */
  features: number;
  /** The words of the text (folded) the training data contains as whole words. */
  knownWords: number;
  /** The words of the text (folded). */
  words: number;
}

const DATA_DIR = new URL("./descriptions/", import.meta.url);

/**
 * Reads the labelled descriptions of one set for every locale file there, in file-name order:
 * "train" (the model is trained on it), "heldout" (measured; it guided what training covers) or
 * "blind" (measured only, never trained or tuned on; docs/search.md "Describing what happened"). Throws on a line without a tab or with an area that is not one of
 * PRACTICE_AREAS (a typo in the data must not silently drop a label).
 */
export function loadDescriptions(set: "train" | "heldout" | "blind"): LabelledDescription[] {
  const dir = new URL(`${set}/`, DATA_DIR);
  const out: LabelledDescription[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".tsv"))
    .sort()) {
    const locale = file.replace(/\.tsv$/, "");
    const lines = readFileSync(new URL(file, dir), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (!line.trim() || line.startsWith("#")) return;
      const [text, labels] = line.split("\t");
      if (!text || !labels) throw new Error(`${set}/${file}:${i + 1}: expected text<TAB>areas`);
      const areas = labels.split("/").map((a) => a.trim());
      for (const a of areas) {
        if (!(PRACTICE_AREAS as readonly string[]).includes(a)) {
          throw new Error(`${set}/${file}:${i + 1}: unknown practice area "${a}"`);
        }
      }
      out.push({ locale, text: text.trim(), areas: areas as PracticeArea[] });
    });
  }
  return out;
}

/** The folded words of a text (lib/text-fold.ts). */
export function descriptionWords(text: string): string[] {
  return foldText(text).split(" ").filter(Boolean);
}

/** The features of a text (see the module comment); duplicates kept (they are counts). */
export function featuresOf(text: string): string[] {
  const words = descriptionWords(text);
  const out: string[] = [];
  for (const w of words) {
    if (hasCjk(w)) {
      const chars = [...w];
      for (let n = 1; n <= 3; n++) {
        for (let i = 0; i + n <= chars.length; i++) out.push(`j:${chars.slice(i, i + n).join("")}`);
      }
      continue;
    }
    out.push(`w:${w}`);
    const chars = [..."<", ...w, ">"];
    for (let n = 3; n <= 5; n++) {
      for (let i = 0; i + n <= chars.length; i++) out.push(`c:${chars.slice(i, i + n).join("")}`);
    }
  }
  for (let i = 0; i + 1 < words.length; i++) out.push(`b:${words[i]} ${words[i + 1]}`);
  return out;
}

/** A trained model: per area, feature counts and their total. */
export interface DescriptionModel {
  counts: Map<PracticeArea, Map<string, number>>;
  totals: Map<PracticeArea, number>;
  vocabulary: Set<string>;
  /** Whole words seen in training (folded). */
  words: Set<string>;
  /**
   * Words seen in training whose occurrences lean to one area (at least LEANING_SHARE of them
   * under one area): "car", "gebissen", "supermarket"; not "the", "was", "mein". The description
   * test (description.ts) asks for one of them.
   */
  leaning: Set<string>;
}

/** See DescriptionModel.leaning. */
export const LEANING_SHARE = 0.5;

/** Trains a model on labelled descriptions (deterministic: depends only on the data). */
export function trainModel(data: readonly LabelledDescription[]): DescriptionModel {
  const counts = new Map<PracticeArea, Map<string, number>>(PRACTICE_AREAS.map((a) => [a, new Map()]));
  const totals = new Map<PracticeArea, number>(PRACTICE_AREAS.map((a) => [a, 0]));
  const vocabulary = new Set<string>();
  const words = new Set<string>();
  for (const d of data) {
    const fs = featuresOf(d.text);
    for (const w of descriptionWords(d.text)) words.add(w);
    for (const a of d.areas) {
      const c = counts.get(a) as Map<string, number>;
      for (const f of fs) {
        c.set(f, (c.get(f) ?? 0) + 1);
        vocabulary.add(f);
      }
      totals.set(a, (totals.get(a) ?? 0) + fs.length);
    }
  }
  const leaning = new Set<string>();
  for (const w of words) {
    const per = PRACTICE_AREAS.map((a) => (counts.get(a) as Map<string, number>).get(`w:${w}`) ?? 0);
    const sum = per.reduce((x, y) => x + y, 0);
    if (sum >= 1 && Math.max(...per) / sum >= LEANING_SHARE) leaning.add(w);
  }
  return { counts, totals, vocabulary, words, leaning };
}

/** Classifies a text with `model` (see the module comment for the answer rule). */
export function classifyWith(
  model: DescriptionModel,
  text: string,
  { alpha = ALPHA, margin = SECOND_AREA_MARGIN }: { alpha?: number; margin?: number } = {},
): Classification {
  const fs = featuresOf(text).filter((f) => model.vocabulary.has(f));
  const allFeatures = featuresOf(text).length;
  const words = descriptionWords(text);
  const v = model.vocabulary.size;
  const ranking = PRACTICE_AREAS.map((area) => {
    const c = model.counts.get(area) as Map<string, number>;
    const denom = Math.log((model.totals.get(area) ?? 0) + alpha * v);
    let s = 0;
    for (const f of fs) s += Math.log((c.get(f) ?? 0) + alpha) - denom;
    return { area, score: fs.length > 0 ? s / fs.length : 0 };
  }).sort((a, b) => b.score - a.score || PRACTICE_AREAS.indexOf(a.area) - PRACTICE_AREAS.indexOf(b.area));
  const top = ranking[0] as { area: PracticeArea; score: number };
  const areas = ranking
    .filter((r) => top.score - r.score <= margin)
    .slice(0, MAX_AREAS)
    .map((r) => r.area);
  return {
    areas,
    ranking,
    knownFeatures: fs.length,
    features: allFeatures,
    knownWords: words.filter((w) => model.words.has(w)).length,
    words: words.length,
  };
}

let model: DescriptionModel | undefined;

/** The model of this process, trained on the training files on first use. */
export function descriptionModel(): DescriptionModel {
  model ??= trainModel(loadDescriptions("train"));
  return model;
}

/** Classifies a description with the process's model (descriptionModel). Pure apart from the one-time training. */
export function classifyDescription(text: string): Classification {
  return classifyWith(descriptionModel(), text);
}
