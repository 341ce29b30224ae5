/**
 * Demo fee terms (issue 19 §1 "Fees and first meeting"): plausible terms per country that obey
 * the rule table (lib/fee-rules.ts): a contingency ("no win, no fee") model only where a
 * result-based fee is allowed or capped, and then within the cap (e.g. at most 25% in England
 * and Wales); hourly and fixed fees in the country's currency (lib/budget-currency.ts) at round
 * amounts of about the same worth; legal aid in some listings. Deterministic: drawn from the
 * row's own stream (mulberry32 of the seed and the row's index), so the generator's main stream
 * and every other field stay as they were, and seed:scale (scale-rows.ts) writes the same terms.
 * A bio that promises most cases on a contingency fee and a free first consultation
 * (demo-bios.ts) gets both.
 */
import { BUDGET_EDGES, currencyForCountry } from "../../lib/budget-currency.ts";
import { contingencyAllowed, contingencyCap, type FeeModel, type FeeTerms } from "../../lib/fees.ts";
import { mulberry32 } from "./prng.ts";

/** The row's fee stream, apart from the generator's and the reviews' streams. */
function feeRandom(seed: number, index: number): () => number {
  return mulberry32((seed ^ Math.imul(index + 1, 0x85ebca6b) ^ 0x0fee_7e45) >>> 0);
}

/** A round number near `v` (two significant digits). */
function round2(v: number): number {
  if (v <= 0) return 0;
  const p = 10 ** (Math.floor(Math.log10(v)) - 1);
  return Math.round(v / p) * p;
}

/**
 * The demo terms of row `index` of a run with `seed`, for a listing in `countryCode`;
 * `promisesContingency`: its bio says most cases are taken on a contingency fee with a free
 * first consultation.
 */
export function demoFeeTerms(
  seed: number,
  index: number,
  countryCode: string,
  promisesContingency: boolean,
): FeeTerms {
  const r = feeRandom(seed, index);
  const currency = currencyForCountry(countryCode);
  // One "unit" is about USD 1,000 in the currency (BUDGET_EDGES' first edge).
  const unit = BUDGET_EDGES[currency]?.[0] ?? 1_000;
  const models: FeeModel[] = [];
  const none = { minPercent: null, maxPercent: null, minAmount: null, maxAmount: null, currency: null };
  const contingency = contingencyAllowed(countryCode) && (promisesContingency || r() < 0.55);
  if (contingency) {
    const cap = contingencyCap(countryCode) ?? 40;
    const max = Math.min(cap, [25, 30, 33, 35, 40][Math.floor(r() * 5)] as number);
    const min = Math.max(5, max - ([5, 10, 15][Math.floor(r() * 3)] as number));
    models.push({ ...none, kind: "contingency", minPercent: min, maxPercent: max });
  }
  if (!contingency || r() < 0.4) {
    const low = round2(unit * (0.12 + 0.2 * r()));
    models.push({ ...none, kind: "hourly", minAmount: low, maxAmount: round2(low * (1.4 + r())), currency });
  }
  if (r() < 0.3) {
    const low = round2(unit * (0.8 + 2 * r()));
    models.push({ ...none, kind: "fixed", minAmount: low, maxAmount: round2(low * (2 + 2 * r())), currency });
  }
  if (r() < 0.25) models.push({ ...none, kind: "legalAid" });
  const freeConsultation = promisesContingency || r() < 0.6;
  return {
    freeConsultation,
    consultationMinutes: freeConsultation ? ([20, 30, 30, 45, 60][Math.floor(r() * 5)] as number) : null,
    models,
  };
}
