/**
 * Fee terms (issue 19 §1): the shape check, the jurisdiction's rule (lib/fee-rules.ts: banned,
 * restricted, capped with the England and Wales 25% DBA cap, allowed) and the worked example.
 */
import { describe, expect, it } from "vitest";
import { formatMoney } from "./budget-currency.ts";
import { FEE_RULES } from "./fee-rules.ts";
import {
  checkFeeRules,
  contingencyAllowed,
  contingencyCap,
  type FeeModel,
  type FeeTerms,
  feeExample,
  feeTermsOf,
  offersNoWinNoFee,
  parseFeeTerms,
} from "./fees.ts";

const none = { minPercent: null, maxPercent: null, minAmount: null, maxAmount: null, currency: null };
const contingency = (minPercent: number, maxPercent: number): FeeModel => ({
  ...none,
  kind: "contingency",
  minPercent,
  maxPercent,
});
const terms = (...models: FeeModel[]): FeeTerms => ({
  freeConsultation: true,
  consultationMinutes: 30,
  models,
});

describe("parseFeeTerms (shape)", () => {
  it("accepts the lawyer JSON's shape, numbers as text too, and orders the models", () => {
    const {
      terms: t,
      errors,
      form,
    } = parseFeeTerms({
      freeConsultation: true,
      consultationMinutes: "45",
      models: [
        { kind: "legalAid" },
        { kind: "hourly", minAmount: 150, maxAmount: "250", currency: "eur" },
        { kind: "contingency", minPercent: 20, maxPercent: 25 },
      ],
    });
    expect(errors).toEqual({});
    expect(form).toBeNull();
    expect(t).toEqual({
      freeConsultation: true,
      consultationMinutes: 45,
      models: [
        contingency(20, 25),
        { ...none, kind: "hourly", minAmount: 150, maxAmount: 250, currency: "EUR" },
        { ...none, kind: "legalAid" },
      ],
    });
  });

  it("drops the minutes of a consultation that is not free", () => {
    expect(parseFeeTerms({ freeConsultation: false, consultationMinutes: 30 }).terms).toEqual({
      freeConsultation: false,
      consultationMinutes: null,
      models: [],
    });
  });

  it("names the field of each mistake", () => {
    const { terms: t, errors } = parseFeeTerms({
      freeConsultation: "yes",
      consultationMinutes: 2,
      models: [
        { kind: "contingency", minPercent: 30, maxPercent: 20 },
        { kind: "hourly", minAmount: 0, maxAmount: 100, currency: "EURO" },
        { kind: "fixed", minAmount: 500, maxAmount: 1000, currency: "USD", minPercent: 5 },
        { kind: "legalAid", maxAmount: 3 },
      ],
    });
    expect(t).toBeNull();
    expect(errors).toEqual({
      freeConsultation: "fees:errors.yesNo",
      consultationMinutes: "fees:errors.minutes?min=5&max=240",
      contingencyMaxPercent: "fees:errors.minAboveMax",
      hourlyMinAmount: "fees:errors.amount",
      hourlyCurrency: "fees:errors.currency",
      fixed: "fees:errors.amountOnly",
      legalAid: "fees:errors.legalAidNoNumbers",
    });
  });

  it("refuses a percentage above 100, an unknown kind, a repeated kind and unknown keys", () => {
    expect(
      parseFeeTerms({ models: [{ kind: "contingency", minPercent: 10, maxPercent: 120 }] }).errors,
    ).toEqual({ contingencyMaxPercent: "fees:errors.percent" });
    expect(parseFeeTerms({ models: [{ kind: "success" }] }).form).toMatch(/^fees:errors\.kind/);
    expect(parseFeeTerms({ models: [{ kind: "legalAid" }, { kind: "legalAid" }] }).form).toBe(
      "fees:errors.repeated?kind=legalAid",
    );
    expect(parseFeeTerms({ free: true }).form).toBe("validation:unknownField?field=free");
    expect(parseFeeTerms("yes").form).toBe("fees:errors.shape");
  });
});

describe("checkFeeRules (the jurisdiction's rule)", () => {
  it("refuses no win, no fee where a result-based fee is banned (France, Netherlands, India)", () => {
    for (const cc of ["FR", "NL", "IN"])
      expect(checkFeeRules(terms(contingency(10, 20)), cc)).toEqual({
        contingency: `fees:errors.banned?region=${cc}`,
      });
  });

  it("refuses it where it is only allowed in exceptions (Germany: § 49b(2) BRAO, § 4a RVG)", () => {
    expect(checkFeeRules(terms(contingency(10, 20)), "DE")).toEqual({
      contingency: "fees:errors.restricted?region=DE",
    });
  });

  it("refuses a maximum above the cap: 25% of damages in England and Wales (DBA Regulations 2013 reg. 4)", () => {
    expect(contingencyCap("GB")).toBe(25);
    expect(checkFeeRules(terms(contingency(20, 25)), "GB")).toEqual({});
    expect(checkFeeRules(terms(contingency(20, 30)), "GB")).toEqual({
      contingencyMaxPercent: "fees:errors.aboveCap?cap=25&region=GB",
    });
    expect(checkFeeRules(terms(contingency(30, 45)), "AR")).toEqual({
      contingencyMaxPercent: "fees:errors.aboveCap?cap=40&region=AR",
    });
  });

  it("allows it where allowed (United States: ABA Model Rule 1.5(c)) and every other model everywhere", () => {
    expect(checkFeeRules(terms(contingency(33, 40)), "US")).toEqual({});
    const others = terms(
      { ...none, kind: "hourly", minAmount: 200, maxAmount: 300, currency: "EUR" },
      { ...none, kind: "fixed", minAmount: 500, maxAmount: 900, currency: "EUR" },
      { ...none, kind: "legalAid" },
    );
    for (const cc of Object.keys(FEE_RULES)) expect(checkFeeRules(others, cc), cc).toEqual({});
  });

  it("gives every capped country but Israel (road accidents only) a numeric cap", () => {
    for (const [cc, row] of Object.entries(FEE_RULES)) {
      if (row.rule !== "capped") expect(row.capPercent, cc).toBeUndefined();
      else if (cc === "IL") expect(contingencyCap(cc)).toBeNull();
      else {
        expect(row.capPercent, cc).toBeGreaterThan(0);
        // The summary states the same number.
        expect(row.summary, cc).toContain(`${row.capPercent}%`);
      }
      expect(contingencyAllowed(cc), cc).toBe(row.rule === "allowed" || row.rule === "capped");
    }
  });
});

describe("feeExample (the worked example)", () => {
  it("computes the contingency fee on about USD 10,000 in the country's currency", () => {
    const lines = feeExample(terms(contingency(20, 25)), "DE");
    expect(lines[0]).toEqual({ key: "example.consultation", values: { minutes: 30 }, currency: null });
    expect(lines[1]).toEqual({
      key: "example.contingency",
      values: { received: 10_000, low: 2_000, high: 2_500, minPercent: 20, maxPercent: 25 },
      currency: "EUR",
    });
    const jp = feeExample(terms(contingency(10, 16)), "JP")[1];
    expect(jp?.values).toMatchObject({ received: 1_000_000, low: 100_000, high: 160_000 });
    expect(jp?.currency).toBe("JPY");
  });

  it("gives ten hours of an hourly fee and the fixed fee's range in the terms' currency", () => {
    const lines = feeExample(
      {
        freeConsultation: false,
        consultationMinutes: null,
        models: [
          { ...none, kind: "hourly", minAmount: 150, maxAmount: 220.5, currency: "GBP" },
          { ...none, kind: "fixed", minAmount: 900, maxAmount: 1500, currency: "GBP" },
          { ...none, kind: "legalAid" },
        ],
      },
      "GB",
    );
    expect(lines).toEqual([
      { key: "example.hourly", values: { hours: 10, low: 1500, high: 2205 }, currency: "GBP" },
      { key: "example.fixed", values: { low: 900, high: 1500 }, currency: "GBP" },
      { key: "example.legalAid", values: {}, currency: null },
    ]);
  });

  it("formats the amounts with Intl in the page's locale", () => {
    const v = feeExample(terms(contingency(20, 25)), "FR")[1]?.values ?? {};
    expect(formatMoney(Number(v.received), "EUR", "de")).toMatch(/^10\.000\s€$/);
    expect(formatMoney(Number(v.low), "EUR", "en")).toBe("€2,000");
    expect(formatMoney(Number(v.high), "EUR", "fr")).toMatch(/^2\s500\s€$/);
  });
});

describe("feeTermsOf and offersNoWinNoFee", () => {
  it("reads a row's columns, ignoring unknown kinds and minutes of a paid consultation", () => {
    expect(
      feeTermsOf({ freeConsultation: false, consultationMinutes: 30, feeModels: [{ kind: "x" }] }),
    ).toEqual({ freeConsultation: false, consultationMinutes: null, models: [] });
    const t = feeTermsOf({
      freeConsultation: true,
      consultationMinutes: 20,
      feeModels: [contingency(5, 10)],
    });
    expect(offersNoWinNoFee(t)).toBe(true);
    expect(offersNoWinNoFee(feeTermsOf({}))).toBe(false);
  });
});
