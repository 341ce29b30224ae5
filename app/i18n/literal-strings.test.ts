/**
 * No text in JSX outside the catalogs (issue 14 §1): every .tsx module of app/ (tests aside) is
 * scanned by app/i18n/literal-strings.ts. `NOT_YET_TRANSLATED` lists the modules whose texts are
 * still English in the code; it may only shrink (a module translated and still listed fails too),
 * and issue 14 is done when it is empty.
 */
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findLiteralStrings } from "./literal-strings";

const ROOT = path.join(import.meta.dirname, "..");

/** Modules not converted yet (relative to app/). */
const NOT_YET_TRANSLATED = new Set<string>([
  "features/assessment/AssessmentWizard.tsx",
  "features/assessment/InsightsCard.tsx",
  "features/assessment/MatchCard.tsx",
  "features/assessment/MatchesPage.tsx",
  "features/assessment/ScoreBar.tsx",
  "features/assessment/TraitSliders.tsx",
  "features/assessment/WizardSteps.tsx",
  "routes/about.tsx",
  "routes/not-found.tsx",
  "routes/privacy-policy.tsx",
  "routes/terms-of-service.tsx",
  "ui/static/ContactChannels.tsx",
  "ui/static/LegalDocument.tsx",
]);

const files = globSync("**/*.tsx", { cwd: ROOT })
  .filter((f) => !/\.test\.tsx$/.test(f))
  .sort();

describe("no literal text in JSX (issue 14 §1)", () => {
  it("finds text, attributes people read and string children, and ignores code", () => {
    const found = findLiteralStrings(
      "x.tsx",
      `const a = <div title="Hello" className="box" data-x="y">
        {/* a comment */}
        Welcome
        {"Back"}
        <Icon aria-label={t("k")} label={"Name"} />
        LexAtlas {count} · 42
      </div>;`,
    );
    expect(found.map((f) => f.text)).toEqual(["Hello", "Welcome", "Back", "Name"]);
  });

  for (const file of files) {
    it(file, () => {
      const found = findLiteralStrings(file, readFileSync(path.join(ROOT, file), "utf8"));
      if (NOT_YET_TRANSLATED.has(file)) {
        expect(found.length, `${file} is translated: remove it from NOT_YET_TRANSLATED`).toBeGreaterThan(0);
      } else {
        expect(found.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
      }
    });
  }
});
