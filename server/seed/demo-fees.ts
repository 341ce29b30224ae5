/**
 * The demo data's view of the fee rules (issue 14 §4): the rule table itself moved to
 * lib/fee-rules.ts (issue 19 §1, shared with the listing form and the profile); this module
 * re-exports it for the seed and renders docs/fees-by-country.md's table from it. The demo bios
 * promise a contingency fee only where it is "allowed" or "capped" (and then name the cap).
 */
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
