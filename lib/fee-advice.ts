/**
 * How a personal-injury claim is usually paid for, per country (issue 28 §3 "Advice that fits the
 * country"): one row per country of the demo data (the table is lib/fee-advice-table.ts) with the
 * ways a client can fund the lawyer there, most usual first, a one-line summary and the texts it
 * rests on (docs/fees-by-country.md renders the table from here, server/seed/demo-fees.ts
 * adviceTableMarkdown). The case form's budget options are the row of the lawyer's country
 * (caseBudgetOptions) and the API refuses a budget the row does not offer (isBudgetAllowed): e.g.
 * for a German lawyer "Covered by the other side's insurer (RVG)", legal expenses insurance,
 * hourly/RVG fees, never "No win, no fee only" (§ 49b(2) BRAO, § 4a RVG: only exceptionally); for
 * Japan the lawyer-fee rider of car insurance (弁護士費用特約). A result-based option appears only
 * where lib/fee-rules.ts allows a contingency fee (a test holds the two tables together). Pure, no
 * I/O: the browser, the server and the docs test import it. A summary for a directory, not legal
 * advice.
 */
import { BUDGETS } from "./constants.ts";
import {
  type CountryFeeAdvice,
  DEFAULT_FEE_ADVICE,
  FEE_ADVICE,
  FUNDING_KINDS,
  type FundingKind,
} from "./fee-advice-table.ts";
import { contingencyAllowed } from "./fees.ts";

/** The spec's "Contingency Fee Only" (lib/constants.ts BUDGETS), kept as the stored value of `contingency`. */
export const CONTINGENCY_BUDGET = "Contingency Fee Only";

/**
 * The value `cases.budget` stores for each way of paying: `contingency` keeps the spec's
 * "Contingency Fee Only" (cases stored before issue 28 read the same), the others are new ids.
 */
export const FUNDING_BUDGET_VALUES: Readonly<Record<FundingKind, string>> = {
  contingency: CONTINGENCY_BUDGET,
  conditionalFee: "conditional-fee",
  otherSideInsurer: "other-side-insurer",
  legalExpensesInsurance: "legal-expenses-insurance",
  carInsuranceLawyerCover: "car-insurance-lawyer-cover",
  agreedFees: "agreed-fees",
  legalAid: "legal-aid",
};

/** The amount bands of spec §9 (every budget value but the contingency one), in the lawyer's currency on the page. */
export const AMOUNT_BUDGETS: readonly string[] = BUDGETS.filter((b) => b !== CONTINGENCY_BUDGET);

/**
 * Every value `budget` may hold (the API's enum): the spec's eight (lib/constants.ts BUDGETS)
 * and the ways of paying added by issue 28 §3.
 */
export const BUDGET_VALUES = [
  ...BUDGETS,
  "conditional-fee",
  "other-side-insurer",
  "legal-expenses-insurance",
  "car-insurance-lawyer-cover",
  "agreed-fees",
  "legal-aid",
] as const;
/** One stored budget value. */
export type StoredBudget = (typeof BUDGET_VALUES)[number];

/** The way of paying a stored value names, or null for an amount band or an unknown value. */
export function fundingKindOf(value: string): FundingKind | null {
  for (const kind of FUNDING_KINDS) if (FUNDING_BUDGET_VALUES[kind] === value) return kind;
  return null;
}

/** The row of `countryCode` (case-insensitive), DEFAULT_FEE_ADVICE (plus a contingency fee where allowed) when none. */
export function feeAdviceFor(countryCode: string | null | undefined): CountryFeeAdvice {
  const code = (countryCode ?? "").trim().toUpperCase();
  const row = FEE_ADVICE[code];
  if (row) return row;
  return contingencyAllowed(code)
    ? { ...DEFAULT_FEE_ADVICE, funding: ["contingency", ...DEFAULT_FEE_ADVICE.funding] }
    : DEFAULT_FEE_ADVICE;
}

/** One budget option of the case form: the stored value and its `cases` catalog key (under `budget.option.`). */
export interface FundingOption {
  kind: FundingKind;
  value: string;
  labelKey: string;
}

/**
 * The case form's budget options for a lawyer in `countryCode` (issue 28 §3): the ways of paying
 * of its row, in its order and wording, then the amount bands (AMOUNT_BUDGETS, shown in the
 * lawyer's currency); `hint` is the country's hint key when it has one.
 */
export function caseBudgetOptions(countryCode: string | null | undefined): {
  funding: FundingOption[];
  amounts: readonly string[];
  hint: string | null;
} {
  const code = (countryCode ?? "").trim().toUpperCase();
  const row = feeAdviceFor(code);
  return {
    funding: row.funding.map((kind) => ({
      kind,
      value: FUNDING_BUDGET_VALUES[kind],
      labelKey: row.labels?.[kind] ?? kind,
    })),
    amounts: AMOUNT_BUDGETS,
    hint: row.hint ? code : null,
  };
}

/**
 * Whether a case for a lawyer in `countryCode` may carry the budget `value` (issue 28 §3: the
 * API refuses, 400 naming `budget`, what the country's row does not offer, e.g. "Contingency Fee
 * Only" for a German lawyer). Amount bands are allowed everywhere; a way of paying only where
 * the row lists it; anything else is not.
 */
export function isBudgetAllowed(value: string, countryCode: string | null | undefined): boolean {
  if (AMOUNT_BUDGETS.includes(value)) return true;
  const kind = fundingKindOf(value);
  return kind !== null && feeAdviceFor(countryCode).funding.includes(kind);
}
