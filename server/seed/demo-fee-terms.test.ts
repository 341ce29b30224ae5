/**
 * Demo fee terms (issue 19 §1): every generated listing's terms pass the same checks a lawyer's
 * form does (lib/fees.ts parseFeeTerms and checkFeeRules for its country: no contingency where
 * banned or exception-only, within caps), a bio promising contingency fees gets them, and the
 * same seed gives the same terms.
 */
import { describe, expect, it } from "vitest";
import { checkFeeRules, parseFeeTerms } from "../../lib/fees.ts";
import { feeSentences } from "./demo-bios.ts";
import { demoFeeTerms } from "./demo-fee-terms.ts";
import { feeRule } from "./demo-fees.ts";
import { generateLawyers } from "./generate.ts";

const rows = generateLawyers(3000, 7);

describe("demo fee terms (issue 19 §1)", () => {
  it("obey the rule table of each listing's country and the form's own checks", () => {
    let contingency = 0;
    let free = 0;
    for (const r of rows) {
      const input = {
        freeConsultation: r.freeConsultation,
        consultationMinutes: r.consultationMinutes,
        models: r.feeModels,
      };
      const { terms, errors, form } = parseFeeTerms(input);
      expect(form, JSON.stringify(input)).toBeNull();
      expect(errors, JSON.stringify(input)).toEqual({});
      if (!terms) throw new Error("no terms");
      expect(terms.models).toEqual(r.feeModels);
      expect(checkFeeRules(terms, r.countryCode), `${r.countryCode} ${JSON.stringify(input)}`).toEqual({});
      if (terms.models.some((m) => m.kind === "contingency")) {
        contingency++;
        expect(["allowed", "capped"]).toContain(feeRule(r.countryCode));
      }
      if (terms.freeConsultation) free++;
      expect(terms.models.length).toBeGreaterThan(0);
    }
    // Plausible shares, not all or nothing.
    expect(contingency / rows.length).toBeGreaterThan(0.3);
    expect(contingency / rows.length).toBeLessThan(0.9);
    expect(free / rows.length).toBeGreaterThan(0.4);
    expect(free / rows.length).toBeLessThan(0.95);
  });

  it("give a bio that promises contingency fees and free consultations both", () => {
    const en = feeSentences("en").contingency;
    const promising = rows.filter((r) => r.bio?.includes(en));
    expect(promising.length).toBeGreaterThan(50);
    for (const r of promising) {
      expect(r.freeConsultation).toBe(true);
      expect(r.feeModels?.some((m) => m.kind === "contingency")).toBe(true);
    }
  });

  it("are deterministic per seed and row", () => {
    const again = generateLawyers(3000, 7);
    expect(again.map((r) => [r.freeConsultation, r.consultationMinutes, r.feeModels])).toEqual(
      rows.map((r) => [r.freeConsultation, r.consultationMinutes, r.feeModels]),
    );
    expect(demoFeeTerms(7, 11, "GB", false)).toEqual(demoFeeTerms(7, 11, "GB", false));
    for (let i = 0; i < 200; i++) {
      const gb = demoFeeTerms(1, i, "GB", true).models.find((m) => m.kind === "contingency");
      expect(gb?.maxPercent).toBeLessThanOrEqual(25);
      expect(demoFeeTerms(1, i, "FR", true).models.some((m) => m.kind === "contingency")).toBe(false);
    }
  });
});
