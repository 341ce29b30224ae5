/**
 * Accuracy of the description classifier (issue 19 §4; docs/search.md "Describing what
 * happened") on the HELD-OUT descriptions of server/search/descriptions/heldout/ (never trained
 * on): per language, top-1 (the first area is one of the labelled areas), any-correct (one of the
 * answered areas is), and how many the search reads as a description at all (readsAsDescription).
 * Fails under the thresholds below, and when the table in docs/search.md differs from what is
 * measured here, so the documented figures stay true.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { classifyDescription, loadDescriptions } from "./classifier.ts";
import { readsAsDescription } from "./description.ts";

/** Floors, set under the measured figures (see docs/search.md): per language and overall. */
const MIN_TOP1_PER_LANGUAGE = 0.75;
const MIN_TOP1_OVERALL = 0.8;
const MIN_ANY_OVERALL = 0.85;
const MIN_READ_AS_DESCRIPTION = 0.85;

const LOCALES = ["en", "de", "fr", "es", "pt-BR", "nl", "ja", "ar"];
const heldout = loadDescriptions("heldout");

interface Row {
  locale: string;
  n: number;
  top1: number;
  any: number;
  read: number;
}

function measure(locale: string | null): Row {
  const set = heldout.filter((d) => locale === null || d.locale === locale);
  let top1 = 0;
  let any = 0;
  let read = 0;
  for (const d of set) {
    const { areas } = classifyDescription(d.text);
    if (areas[0] && d.areas.includes(areas[0])) top1++;
    if (areas.some((a) => d.areas.includes(a))) any++;
    if (readsAsDescription(d.text)) read++;
  }
  return { locale: locale ?? "all", n: set.length, top1, any, read };
}

const pct = (k: number, n: number) => `${((100 * k) / n).toFixed(1)} %`;
const line = (r: Row) =>
  `| ${r.locale} | ${r.n} | ${r.top1} (${pct(r.top1, r.n)}) | ${r.any} (${pct(r.any, r.n)}) | ${r.read} (${pct(r.read, r.n)}) |`;

describe("description classifier accuracy on the held-out set (issue 19 §4)", () => {
  const rows = LOCALES.map(measure);
  const all = measure(null);

  it("has at least 200 held-out descriptions, at least 25 per language, none also in training", () => {
    expect(all.n).toBeGreaterThanOrEqual(200);
    for (const r of rows) expect(r.n, r.locale).toBeGreaterThanOrEqual(25);
    const train = new Set(loadDescriptions("train").map((d) => d.text.toLowerCase()));
    expect(heldout.filter((d) => train.has(d.text.toLowerCase()))).toEqual([]);
  });

  it("meets the floors per language and overall", () => {
    for (const r of rows)
      expect(r.top1 / r.n, `${r.locale} top-1`).toBeGreaterThanOrEqual(MIN_TOP1_PER_LANGUAGE);
    expect(all.top1 / all.n).toBeGreaterThanOrEqual(MIN_TOP1_OVERALL);
    expect(all.any / all.n).toBeGreaterThanOrEqual(MIN_ANY_OVERALL);
    expect(all.read / all.n).toBeGreaterThanOrEqual(MIN_READ_AS_DESCRIPTION);
  });

  it("matches the table of docs/search.md", () => {
    const doc = readFileSync(new URL("../../docs/search.md", import.meta.url), "utf8");
    const table =
      doc.split("<!-- description-accuracy:start -->")[1]?.split("<!-- description-accuracy:end -->")[0] ??
      "";
    const documented = table.split("\n").filter((l) => /^\| (en|de|fr|es|pt-BR|nl|ja|ar|all) \|/.test(l));
    expect(documented).toEqual([...rows, all].map(line));
  });
});
