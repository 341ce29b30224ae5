/**
 * Budget ranges in the lawyer's currency (issue 14 §2; lib/budget-currency.ts): the country →
 * currency table, the band of each stored budget value (spec §9) in each currency, and the
 * amounts written by Intl.NumberFormat for the page's locale.
 */
import { describe, expect, it } from "vitest";
import {
  BUDGET_EDGES,
  budgetBand,
  COUNTRY_CURRENCY,
  currencyForCountry,
  formatMoney,
} from "./budget-currency.ts";
import { BUDGETS } from "./constants.ts";

describe("currencyForCountry", () => {
  it("maps the lawyer's country code to its ISO 4217 currency", () => {
    expect(currencyForCountry("US")).toBe("USD");
    expect(currencyForCountry("CA")).toBe("CAD");
    expect(currencyForCountry("GB")).toBe("GBP");
    expect(currencyForCountry("DE")).toBe("EUR");
    expect(currencyForCountry("FR")).toBe("EUR");
    expect(currencyForCountry("AU")).toBe("AUD");
    expect(currencyForCountry("JP")).toBe("JPY");
    expect(currencyForCountry("BR")).toBe("BRL");
    expect(currencyForCountry("IN")).toBe("INR");
    expect(currencyForCountry("AE")).toBe("AED");
  });
  it("ignores letter case and spaces, and falls back to USD for unknown or missing codes", () => {
    expect(currencyForCountry(" jp ")).toBe("JPY");
    expect(currencyForCountry("ZZ")).toBe("USD");
    expect(currencyForCountry("")).toBe("USD");
    expect(currencyForCountry(null)).toBe("USD");
    expect(currencyForCountry(undefined)).toBe("USD");
  });
  it("every currency of the table has its own band edges, increasing", () => {
    for (const currency of new Set(Object.values(COUNTRY_CURRENCY))) {
      const edges = BUDGET_EDGES[currency];
      expect(edges, currency).toBeDefined();
      for (let i = 1; i < (edges?.length ?? 0); i++)
        expect((edges?.[i] ?? 0) > (edges?.[i - 1] ?? 0), currency).toBe(true);
    }
  });
});

describe("budgetBand", () => {
  it("keeps the spec's US dollar bands for USD", () => {
    expect(BUDGETS.map((b) => budgetBand(b, "USD"))).toEqual([
      { kind: "under", max: 1000, currency: "USD" },
      { kind: "range", min: 1000, max: 5000, currency: "USD" },
      { kind: "range", min: 5000, max: 10000, currency: "USD" },
      { kind: "range", min: 10000, max: 25000, currency: "USD" },
      { kind: "range", min: 25000, max: 50000, currency: "USD" },
      { kind: "range", min: 50000, max: 100000, currency: "USD" },
      { kind: "over", min: 100000, currency: "USD" },
      { kind: "contingency" },
    ]);
  });
  it("gives each currency its own round amounts for the same band", () => {
    expect(budgetBand("$1,000 - $5,000", "JPY")).toEqual({
      kind: "range",
      min: 100_000,
      max: 500_000,
      currency: "JPY",
    });
    expect(budgetBand("$100,000+", "INR")).toEqual({ kind: "over", min: 8_000_000, currency: "INR" });
    expect(budgetBand("Under $1,000", "AED")).toEqual({ kind: "under", max: 4_000, currency: "AED" });
    expect(budgetBand("$5,000 - $10,000", "BRL")).toEqual({
      kind: "range",
      min: 25_000,
      max: 50_000,
      currency: "BRL",
    });
  });
  it("shows US dollars for a currency without bands, and null for a value that is not a budget", () => {
    expect(budgetBand("Under $1,000", "XAF")).toEqual({ kind: "under", max: 1000, currency: "USD" });
    expect(budgetBand("A lot", "USD")).toBeNull();
  });
});

describe("formatMoney", () => {
  it("writes whole amounts with the currency and the page locale's separators", () => {
    expect(formatMoney(5000, "USD", "en")).toBe("$5,000");
    expect(formatMoney(5000, "EUR", "de")).toMatch(/^5\.000\s€$/);
    expect(formatMoney(5000, "EUR", "fr")).toMatch(/^5\s000\s€$/);
    expect(formatMoney(500_000, "JPY", "ja")).toBe("￥500,000");
    expect(formatMoney(25_000, "BRL", "pt-BR")).toMatch(/^R\$\s25\.000$/);
    expect(formatMoney(1000, "GBP", "en")).toBe("£1,000");
    expect(formatMoney(1000, "CAD", "en")).toBe("CA$1,000");
    expect(formatMoney(1000, "AUD", "en")).toBe("A$1,000");
    expect(formatMoney(400_000, "INR", "en")).toBe("₹400,000");
    expect(formatMoney(20_000, "AED", "ar")).toContain("د.إ.");
  });
});
