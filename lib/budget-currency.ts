/**
 * Budget ranges in the lawyer's own currency (issue 14 §2 "the case form's budget ranges per the
 * lawyer's country currency, not "$" everywhere"; spec §9 "Case form options" for the bands).
 * The stored value stays the spec's budget id (lib/constants.ts BUDGETS, "Under $1,000", …: the
 * database checks it); it names a band (0 under the first amount … 6 over the last, 7 contingency
 * fee), and each currency has its own round amounts for the band edges. The page formats them
 * with Intl.NumberFormat for its locale (docs/i18n.md "Money"). Pure: pages and tests import it.
 */
import { BUDGETS } from "./constants.ts";
import { numberFormat } from "./i18n/intl-cache.ts";

/** One of the spec's budget ids (the stored value). */
export type BudgetValue = (typeof BUDGETS)[number];

/**
 * ISO 3166-1 alpha-2 country code → ISO 4217 currency of the lawyer's country. Countries not
 * listed (and unknown codes) get US dollars, the spec's own amounts.
 */
export const COUNTRY_CURRENCY: Readonly<Record<string, string>> = {
  US: "USD",
  PR: "USD",
  EC: "USD",
  CA: "CAD",
  GB: "GBP",
  AU: "AUD",
  NZ: "NZD",
  JP: "JPY",
  BR: "BRL",
  IN: "INR",
  AE: "AED",
  SA: "SAR",
  CH: "CHF",
  MX: "MXN",
  ZA: "ZAR",
  SG: "SGD",
  HK: "HKD",
  CN: "CNY",
  KR: "KRW",
  SE: "SEK",
  NO: "NOK",
  DK: "DKK",
  PL: "PLN",
  // Euro area (20 countries in 2025).
  AT: "EUR",
  BE: "EUR",
  HR: "EUR",
  CY: "EUR",
  EE: "EUR",
  FI: "EUR",
  FR: "EUR",
  DE: "EUR",
  GR: "EUR",
  IE: "EUR",
  IT: "EUR",
  LV: "EUR",
  LT: "EUR",
  LU: "EUR",
  MT: "EUR",
  NL: "EUR",
  PT: "EUR",
  SK: "EUR",
  SI: "EUR",
  ES: "EUR",
};

/** The currency every country not in COUNTRY_CURRENCY gets. */
export const DEFAULT_CURRENCY = "USD";

/** The currency of a lawyer's country ("JP" → "JPY"); case-insensitive; USD when unknown or empty. */
export function currencyForCountry(countryCode: string | null | undefined): string {
  if (!countryCode) return DEFAULT_CURRENCY;
  return COUNTRY_CURRENCY[countryCode.trim().toUpperCase()] ?? DEFAULT_CURRENCY;
}

/**
 * The six band edges per currency, in whole units: the spec's USD 1,000 / 5,000 / 10,000 /
 * 25,000 / 50,000 / 100,000, and for each other currency round amounts of about the same worth
 * (not a live exchange rate: a budget range is a rough order of size, and round numbers read
 * better than converted ones). docs/i18n.md "Money" lists them.
 */
export const BUDGET_EDGES: Readonly<
  Record<string, readonly [number, number, number, number, number, number]>
> = {
  USD: [1_000, 5_000, 10_000, 25_000, 50_000, 100_000],
  CAD: [1_000, 5_000, 10_000, 25_000, 50_000, 100_000],
  AUD: [1_000, 5_000, 10_000, 25_000, 50_000, 100_000],
  NZD: [1_000, 5_000, 10_000, 25_000, 50_000, 100_000],
  SGD: [1_000, 5_000, 10_000, 25_000, 50_000, 100_000],
  EUR: [1_000, 5_000, 10_000, 25_000, 50_000, 100_000],
  GBP: [1_000, 5_000, 10_000, 25_000, 50_000, 100_000],
  CHF: [1_000, 5_000, 10_000, 25_000, 50_000, 100_000],
  JPY: [100_000, 500_000, 1_000_000, 2_500_000, 5_000_000, 10_000_000],
  KRW: [1_000_000, 5_000_000, 10_000_000, 25_000_000, 50_000_000, 100_000_000],
  BRL: [5_000, 25_000, 50_000, 125_000, 250_000, 500_000],
  INR: [80_000, 400_000, 800_000, 2_000_000, 4_000_000, 8_000_000],
  AED: [4_000, 20_000, 40_000, 100_000, 200_000, 400_000],
  SAR: [4_000, 20_000, 40_000, 100_000, 200_000, 400_000],
  PLN: [4_000, 20_000, 40_000, 100_000, 200_000, 400_000],
  CNY: [7_000, 35_000, 70_000, 175_000, 350_000, 700_000],
  HKD: [8_000, 40_000, 80_000, 200_000, 400_000, 800_000],
  SEK: [10_000, 50_000, 100_000, 250_000, 500_000, 1_000_000],
  NOK: [10_000, 50_000, 100_000, 250_000, 500_000, 1_000_000],
  DKK: [7_000, 35_000, 70_000, 175_000, 350_000, 700_000],
  MXN: [20_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000],
  ZAR: [20_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000],
};

/** A band in a currency: under an amount, between two, over one, or the contingency fee. */
export type BudgetBand =
  | { kind: "under"; max: number; currency: string }
  | { kind: "range"; min: number; max: number; currency: string }
  | { kind: "over"; min: number; currency: string }
  | { kind: "contingency" };

/**
 * The band a stored budget value names, with its edges in `currency` (edges of USD for a currency
 * without its own); null for a value that is not one of BUDGETS.
 * @example budgetBand("$1,000 - $5,000", "JPY") → { kind: "range", min: 100000, max: 500000, currency: "JPY" }
 */
export function budgetBand(value: string, currency: string): BudgetBand | null {
  const index = (BUDGETS as readonly string[]).indexOf(value);
  if (index < 0) return null;
  if (index === BUDGETS.length - 1) return { kind: "contingency" };
  const own = BUDGET_EDGES[currency];
  const edges = own ?? (BUDGET_EDGES[DEFAULT_CURRENCY] as readonly number[]);
  const shown = own ? currency : DEFAULT_CURRENCY;
  const at = (i: number) => edges[i] as number;
  if (index === 0) return { kind: "under", max: at(0), currency: shown };
  if (index === edges.length) return { kind: "over", min: at(edges.length - 1), currency: shown };
  return { kind: "range", min: at(index - 1), max: at(index), currency: shown };
}

/**
 * An amount of money in whole units for a locale, e.g. (500000, "JPY", "ja") → "￥500,000",
 * (5000, "EUR", "de") → "5.000 €", (20000, "AED", "ar") → "‏٢٠٬٠٠٠ د.إ.‏". No decimals.
 */
export function formatMoney(amount: number, currency: string, locale: string): string {
  return numberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }).format(amount);
}
