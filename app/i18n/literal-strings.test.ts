/**
 * No text in JSX outside the catalogs (issue 14 §1): every .tsx module of app/ (tests aside) is
 * scanned by app/i18n/literal-strings.ts; any text a person reads must come from a catalog.
 */
import { globSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findLiteralStrings } from "./literal-strings";

const ROOT = path.join(import.meta.dirname, "..");

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
      expect(found.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
    });
  }
});
