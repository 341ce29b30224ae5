/**
 * Issue 28 §3 "Advice that fits the country": the table of how a personal-injury claim is paid
 * for per country (lib/fee-advice.ts) and the case form's budget options drawn from it. Property
 * tests generate countries and budget values rather than listing the reported ones (a German
 * lawyer must never get "No win, no fee only"; a Japanese one gets the 弁護士費用特約).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BUDGETS } from "./constants.ts";
import {
  AMOUNT_BUDGETS,
  BUDGET_VALUES,
  CONTINGENCY_BUDGET,
  caseBudgetOptions,
  FUNDING_BUDGET_VALUES,
  feeAdviceFor,
  fundingKindOf,
  isBudgetAllowed,
} from "./fee-advice.ts";
import { FEE_ADVICE, FUNDING_KINDS } from "./fee-advice-table.ts";
import { FEE_RULES } from "./fee-rules.ts";
import { contingencyAllowed } from "./fees.ts";
import { LOCALES } from "./i18n/locales.ts";

/** The demo data's 62 countries (lib/fee-rules.ts covers exactly them; server/seed/generate.test.ts checks that). */
const DEMO = Object.keys(FEE_RULES);
const anyCode = fc.oneof(
  fc.constantFrom(...DEMO),
  fc.stringMatching(/^[A-Za-z]{2}$/),
  fc.constantFrom("", "  ", "xx"),
);

describe("the fee advice table (issue 28 §3)", () => {
  it("has a row with a summary for each of the 62 demo countries, and nothing else", () => {
    expect(DEMO).toHaveLength(62);
    expect(Object.keys(FEE_ADVICE).sort()).toEqual([...DEMO].sort());
    for (const code of DEMO) {
      const row = FEE_ADVICE[code];
      expect(row?.summary.length, code).toBeGreaterThan(20);
      expect(row?.funding.length, code).toBeGreaterThan(0);
      expect(new Set(row?.funding).size, code).toBe(row?.funding.length);
      for (const url of row?.sources ?? []) expect(url, code).toMatch(/^https?:\/\/[^\s]+$/);
    }
  });

  it("the five countries of the issue rest on sources read for it and carry a hint", () => {
    for (const code of ["DE", "JP", "GB", "BR", "US"]) {
      expect(FEE_ADVICE[code]?.checked, code).toBe(true);
      expect(FEE_ADVICE[code]?.hint, code).toBe(true);
      expect(FEE_ADVICE[code]?.sources.length, code).toBeGreaterThan(1);
    }
  });

  it("offers a result-based way of paying only where lib/fee-rules.ts allows a contingency fee, for any country code", () => {
    fc.assert(
      fc.property(anyCode, (code) => {
        const { funding } = caseBudgetOptions(code);
        const offersContingency = funding.some((o) => o.kind === "contingency");
        if (offersContingency) expect(contingencyAllowed(code.trim().toUpperCase()), code).toBe(true);
        expect(isBudgetAllowed(CONTINGENCY_BUDGET, code)).toBe(offersContingency);
      }),
    );
    // The cases: never "No win, no fee only" for a German lawyer (§ 4a RVG); France bans it.
    for (const code of ["DE", "FR", "NL", "IN", "AT"])
      expect(isBudgetAllowed(CONTINGENCY_BUDGET, code)).toBe(false);
    for (const code of ["US", "GB", "BR", "JP", "AE"])
      expect(isBudgetAllowed(CONTINGENCY_BUDGET, code)).toBe(true);
  });

  it("the country's options: Germany's insurer and RVG wording, Japan's car-insurance rider, the US contingency share", () => {
    const de = caseBudgetOptions("de");
    expect(de.funding.map((o) => o.labelKey)).toEqual([
      "otherSideInsurerDE",
      "legalExpensesInsurance",
      "agreedFeesDE",
      "legalAidDE",
    ]);
    expect(de.hint).toBe("DE");
    const jp = caseBudgetOptions("JP");
    expect(jp.funding[0]).toEqual({
      kind: "carInsuranceLawyerCover",
      value: "car-insurance-lawyer-cover",
      labelKey: "carInsuranceLawyerCover",
    });
    expect(caseBudgetOptions("US").funding[0]?.labelKey).toBe("contingencyUS");
    expect(caseBudgetOptions("GB").funding[0]?.labelKey).toBe("contingencyGB");
    expect(caseBudgetOptions("BR").funding.map((o) => o.labelKey)).toContain("legalAidBR");
    expect(caseBudgetOptions("ZZ").hint).toBeNull();
  });

  it("every option is a stored value the API knows, and the amount bands are allowed everywhere", () => {
    fc.assert(
      fc.property(anyCode, (code) => {
        const options = caseBudgetOptions(code);
        for (const o of options.funding) {
          expect(BUDGET_VALUES).toContain(o.value);
          expect(fundingKindOf(o.value)).toBe(o.kind);
          expect(isBudgetAllowed(o.value, code)).toBe(true);
        }
        expect(options.amounts).toEqual(AMOUNT_BUDGETS);
        for (const band of AMOUNT_BUDGETS) expect(isBudgetAllowed(band, code)).toBe(true);
      }),
    );
  });

  it("a value is allowed exactly when it is an amount band or a way of paying of the country's row", () => {
    fc.assert(
      fc.property(anyCode, fc.oneof(fc.constantFrom(...BUDGET_VALUES), fc.string()), (code, value) => {
        const row = feeAdviceFor(code);
        const kind = fundingKindOf(value);
        const expected = AMOUNT_BUDGETS.includes(value) || (kind !== null && row.funding.includes(kind));
        expect(isBudgetAllowed(value, code)).toBe(expected);
      }),
    );
  });

  it("keeps every stored value of before issue 28 (the spec's eight) readable", () => {
    for (const b of BUDGETS) expect(BUDGET_VALUES).toContain(b);
    expect(FUNDING_BUDGET_VALUES.contingency).toBe("Contingency Fee Only");
    expect(new Set(Object.values(FUNDING_BUDGET_VALUES)).size).toBe(FUNDING_KINDS.length);
  });

  it("every label and hint the table names is in the cases catalog of all eight locales, translated", async () => {
    const keys = new Set<string>();
    for (const code of DEMO) for (const o of caseBudgetOptions(code).funding) keys.add(o.labelKey);
    for (const kind of FUNDING_KINDS) keys.add(kind);
    const english = (await import("./i18n/catalogs/en/cases.json")).default.budget;
    for (const locale of LOCALES) {
      const budget = (await import(`./i18n/catalogs/${locale}/cases.json`)).default.budget as {
        option: Record<string, string>;
        hint: Record<string, string>;
      };
      for (const key of keys) expect(budget.option[key], `${locale} ${key}`).toBeTruthy();
      for (const code of ["DE", "JP", "GB", "BR", "US"]) {
        expect(budget.hint[code], `${locale} hint ${code}`).toBeTruthy();
        if (locale !== "en") expect(budget.hint[code]).not.toBe(english.hint[code as "DE"]);
      }
    }
  });
});
