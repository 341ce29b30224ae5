/**
 * The demo data's view of the fee rules (issue 14 §4): the rule table itself moved to
 * lib/fee-rules.ts (issue 19 §1, shared with the listing form and the profile); this module
 * re-exports it for the seed and renders docs/fees-by-country.md's table from it. The demo bios
 * promise a contingency fee only where it is "allowed" or "capped" (and then name the cap). It
 * also renders the page's second table, how a personal-injury claim is paid for per country
 * (lib/fee-advice.ts, issue 28 §3).
 */
import { FEE_ADVICE, type FundingKind } from "../../lib/fee-advice-table.ts";
import { FEE_RULES, type FeeRule } from "../../lib/fee-rules.ts";

export { type CountryFeeRule, FEE_RULES, type FeeRule, feeRule } from "../../lib/fee-rules.ts";

/** How docs/fees-by-country.md names each rule. */
const RULE_LABELS: Record<FeeRule, string> = {
  allowed: "allowed",
  capped: "allowed within a cap",
  restricted: "restricted",
  banned: "banned",
};

/**
 * The table of docs/fees-by-country.md rendered from FEE_RULES (Markdown, one row per country in
 * FEE_RULES order; `names` gives each code's English name). The document must contain exactly
 * this text (generate.test.ts), so the table and the code cannot drift apart.
 */
export function feeTableMarkdown(names: (code: string) => string): string {
  const cell = (s: string) => s.replaceAll("|", "\\|");
  const rows = Object.entries(FEE_RULES).map(
    ([code, r]) =>
      `| ${code} | ${names(code)} | ${RULE_LABELS[r.rule]} | ${cell(r.summary)} | ${cell(r.source)} | ${
        r.checked?.map((u, i) => `[${i + 1}](${u})`).join(" ") ?? "not yet"
      } |`,
  );
  return [
    "| Code | Country | Result-based fee | Rule | Source | Checked against |",
    "| ---- | ------- | ---------------- | ---- | ------ | --------------- |",
    ...rows,
  ].join("\n");
}

/** How docs/fees-by-country.md names each way of paying (issue 28 §3; the case form's wording is the catalogs'). */
const FUNDING_DOC_LABELS: Record<FundingKind, string> = {
  contingency: "no win, no fee (a share)",
  conditionalFee: "no win, no fee (normal fee)",
  otherSideInsurer: "other side's insurer",
  legalExpensesInsurance: "legal expenses insurance",
  carInsuranceLawyerCover: "car insurance lawyer-fee rider",
  agreedFees: "agreed fees",
  legalAid: "legal aid",
};

/**
 * The second table of docs/fees-by-country.md (issue 28 §3 "Advice that fits the country"),
 * rendered from lib/fee-advice-table.ts FEE_ADVICE: per country the ways of paying the case form
 * offers (in its order), how a personal-injury claim is usually paid for, and the sources with
 * "read" for the rows checked against them for issue 28. The document must contain exactly this
 * text (generate.test.ts), as for feeTableMarkdown.
 */
export function adviceTableMarkdown(names: (code: string) => string): string {
  const cell = (s: string) => s.replaceAll("|", "\\|");
  const rows = Object.entries(FEE_ADVICE).map(
    ([code, r]) =>
      `| ${code} | ${names(code)} | ${r.funding.map((k) => FUNDING_DOC_LABELS[k]).join("; ")} | ${cell(r.summary)} | ${
        r.sources.length > 0 ? r.sources.map((u, i) => `[${i + 1}](${u})`).join(" ") : "the fee rule's source"
      }${r.checked ? " (read)" : ""} |`,
  );
  return [
    "| Code | Country | Ways of paying on the case form | How a personal-injury claim is paid for | Sources |",
    "| ---- | ------- | ------------------------------- | --------------------------------------- | ------- |",
    ...rows,
  ].join("\n");
}
