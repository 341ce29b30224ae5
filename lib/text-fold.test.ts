import { describe, expect, it } from "vitest";
import { foldText } from "./text-fold.ts";

describe("foldText on the demo data's names (issue 14 §4)", () => {
  it("folds Greek accents and capitals, final sigma included", () => {
    expect(foldText("Παπαδόπουλος")).toBe("παπαδοπουλος");
    expect(foldText("ΠΑΠΑΔΌΠΟΥΛΟΣ")).toBe("παπαδοπουλος");
    expect(foldText("Παπαδοπούλου")).toBe("παπαδοπουλου");
  });
  it("keeps Hangul syllables and Hebrew letters whole", () => {
    // NFD splits Hangul into jamo; the fold must compose them again.
    expect(foldText("김민준")).toBe("김민준");
    expect(foldText("דוד כהן")).toBe("דוד כהן");
  });
  it("spells Icelandic ð and þ as d and th", () => {
    expect(foldText("Jón Sigurðsson")).toBe("jon sigurdsson");
    expect(foldText("Þórðarson")).toBe("thordarson");
  });
});
