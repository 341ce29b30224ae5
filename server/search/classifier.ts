/**
 * The description classifier (issue 19 §4, issue 28 §1; docs/search.md "Describing what
 * happened"): a multinomial naive Bayes model that reads a description of what happened, in any
 * of the eight languages ("I slipped on a wet floor at the supermarket", "ich wurde von einem
 * Hund gebissen", "交通事故でむち打ちになった", "صدمتني سيارة"), and answers every practice area of
 * lib/taxonomy.ts PRACTICE_AREAS that fits it, the most specific first.
 *
 * - Data: the labelled descriptions written in the repository, server/search/descriptions/train/
 *   <locale>.tsv (`text<TAB>Area / Area`); the measured sets (heldout/, blind/, blind2/) are never
 *   trained on and only measure accuracy (classifier-accuracy.test.ts).
 * - Features, after lib/text-fold.ts foldText (so "Müller"/"muller", full-width and Arabic letter
 *   variants are one): every word, every pair of neighbouring words, and the character 3- to
 *   5-grams of each word with its boundaries ("<gebi", "issen>": this is what lets "gebissen"
 *   meet "Biss" and "caí" meet "caída"); text in Han/Kana (written without spaces) gives its
 *   character 1- to 3-grams instead.
 * - Model: feature counts per practice area over the training descriptions labelled with it (a
 *   description with two areas counts for both), and per label set, the areas a training line
 *   names together ("Birth Injury / Medical Malpractice", "Wrongful Death / Car Accidents": the
 *   label powerset of multi-label learning); Laplace smoothing ALPHA; uniform prior (the training
 *   set is not the world's distribution of cases); features never seen in training are left out
 *   of the score.
 * - Answer (issue 28 §1): the main area is the area with the highest log-likelihood; the areas
 *   that go with it are the training label set containing it with the highest log-likelihood
 *   (so "erro médico no parto" keeps Birth Injury beside Medical Malpractice, and a death keeps
 *   its cause); then the taxonomy's mapping adds what those areas' own injury types map to
 *   (lib/taxonomy.ts fittingAreas: Birth Injury → Medical Malpractice, Motorcycle Accidents → Car
 *   Accidents, Slip & Fall → Premises Liability, Defective Drugs → Mass Torts), and the whole is
 *   ordered most specific first (AREAS_BY_SPECIFICITY: "Birth Injury, Medical Malpractice").
 * Trained once per process on first use, from the files, deterministically (same files -> same
 * model -> same answers; about 0.1 s on the shared 2-core machine, once per process, when the
 * first text that could be a description arrives). No network, no package, no randomness.
 */
import { readdirSync, readFileSync } from "node:fs";
import { bySpecificity, fittingAreas, PRACTICE_AREAS, type PracticeArea } from "../../lib/taxonomy.ts";
import { foldText, hasCjk } from "../../lib/text-fold.ts";

/** Smoothing added to every feature count (Laplace / Lidstone). */
export const ALPHA = 0.2;

/** One labelled description of the data files. */
export interface LabelledDescription {
  locale: string;
  text: string;
  areas: PracticeArea[];
}

/** What the classifier answers for one text. */
export interface Classification {
  /**
   * Every area that fits the text, most specific first (see the module comment): the main area,
   * the areas of its label set and the taxonomy's mapping of them. Never empty.
   */
  areas: PracticeArea[];
  /** The area with the highest log-likelihood (ranking[0]); one of `areas`. */
  main: PracticeArea;
  /** The training label set chosen for the main area, most specific first. */
  labelSet: PracticeArea[];
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
 * The sets of labelled descriptions (server/search/descriptions/<set>/): "train" (the model is
 * trained on it); "heldout" and "blind" (issue 19 §4; measured, and their errors guided what
 * training covers); "blind2" (issue 28 §1; measured only, never trained or tuned on).
 * docs/search.md "Describing what happened".
 */
export type DescriptionSet = "train" | "heldout" | "blind" | "blind2";

/**
 * Reads the labelled descriptions of one set for every locale file there, in file-name order.
 * Throws on a line without a tab, with an area that is not one of PRACTICE_AREAS or with an area
 * named twice (a typo in the data must not silently drop a label).
 */
export function loadDescriptions(set: DescriptionSet): LabelledDescription[] {
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
      if (new Set(areas).size !== areas.length)
        throw new Error(`${set}/${file}:${i + 1}: an area named twice`);
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

/** Feature counts of one class of the model (a practice area or a label set) and their total. */
interface FeatureCounts {
  counts: Map<string, number>;
  total: number;
}

/** A trained model: feature counts per area and per label set. */
export interface DescriptionModel {
  areas: Map<PracticeArea, FeatureCounts>;
  /** The label sets of the training data (most specific first within each), with their counts. */
  labelSets: { areas: PracticeArea[]; counts: FeatureCounts }[];
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

function count(into: FeatureCounts, features: readonly string[]): void {
  for (const f of features) into.counts.set(f, (into.counts.get(f) ?? 0) + 1);
  into.total += features.length;
}

/** Trains a model on labelled descriptions (deterministic: depends only on the data, not its order). */
export function trainModel(data: readonly LabelledDescription[]): DescriptionModel {
  const sets = new Map<string, { areas: PracticeArea[]; counts: FeatureCounts }>();
  const vocabulary = new Set<string>();
  const words = new Set<string>();
  // Counted once per label set; an area's counts are the sum of the sets that name it.
  for (const d of data) {
    const fs = featuresOf(d.text);
    for (const w of descriptionWords(d.text)) words.add(w);
    for (const f of fs) vocabulary.add(f);
    const labelSet = bySpecificity(d.areas);
    const key = labelSet.join(" / ");
    if (!sets.has(key)) sets.set(key, { areas: labelSet, counts: { counts: new Map(), total: 0 } });
    count((sets.get(key) as { counts: FeatureCounts }).counts, fs);
  }
  // Sorted by key, so the model does not depend on the order of the data.
  const labelSets = [...sets.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, v]) => v);
  const areas = new Map<PracticeArea, FeatureCounts>(
    PRACTICE_AREAS.map((a) => [a, { counts: new Map(), total: 0 }]),
  );
  for (const s of labelSets) {
    for (const a of s.areas) {
      const into = areas.get(a) as FeatureCounts;
      for (const [f, n] of s.counts.counts) into.counts.set(f, (into.counts.get(f) ?? 0) + n);
      into.total += s.counts.total;
    }
  }
  const leaning = new Set<string>();
  for (const w of words) {
    const per = PRACTICE_AREAS.map((a) => (areas.get(a) as FeatureCounts).counts.get(`w:${w}`) ?? 0);
    const sum = per.reduce((x, y) => x + y, 0);
    if (sum >= 1 && Math.max(...per) / sum >= LEANING_SHARE) leaning.add(w);
  }
  return { areas, labelSets, vocabulary, words, leaning };
}

/** Log-likelihood per feature of `features` (all in the vocabulary) under one class; 0 without features. */
function scoreOf(
  c: FeatureCounts,
  features: readonly string[],
  alpha: number,
  vocabularySize: number,
): number {
  if (features.length === 0) return 0;
  const denom = Math.log(c.total + alpha * vocabularySize);
  let s = 0;
  for (const f of features) s += Math.log((c.counts.get(f) ?? 0) + alpha) - denom;
  return s / features.length;
}

/** Classifies a text with `model` (see the module comment for the answer rule). */
export function classifyWith(
  model: DescriptionModel,
  text: string,
  { alpha = ALPHA }: { alpha?: number } = {},
): Classification {
  const all = featuresOf(text);
  const fs = all.filter((f) => model.vocabulary.has(f));
  const words = descriptionWords(text);
  const v = model.vocabulary.size;
  const ranking = PRACTICE_AREAS.map((area) => ({
    area,
    score: scoreOf(model.areas.get(area) as FeatureCounts, fs, alpha, v),
  })).sort((a, b) => b.score - a.score || PRACTICE_AREAS.indexOf(a.area) - PRACTICE_AREAS.indexOf(b.area));
  const main = (ranking[0] as { area: PracticeArea }).area;
  // The label set containing the main area that the text fits best (ties: fewer areas first).
  let labelSet: PracticeArea[] = [main];
  let best = Number.NEGATIVE_INFINITY;
  for (const s of model.labelSets) {
    if (!s.areas.includes(main)) continue;
    const score = scoreOf(s.counts, fs, alpha, v);
    if (score > best || (score === best && s.areas.length < labelSet.length)) {
      best = score;
      labelSet = s.areas;
    }
  }
  return {
    areas: fittingAreas(labelSet),
    main,
    labelSet,
    ranking,
    knownFeatures: fs.length,
    features: all.length,
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
