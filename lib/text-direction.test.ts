import { describe, expect, it } from "vitest";
import { textDirection } from "./text-direction.ts";

describe("textDirection (issue 14 §4: bios in the country's language)", () => {
  it("reads an English bio that begins with a Hebrew or Arabic name left to right", () => {
    expect(
      textDirection("דוד כהן is a personal injury lawyer in Tel Aviv with 12 years of experience."),
    ).toBe("ltr");
    expect(textDirection("محمد علي represents injured clients across Dubai.")).toBe("ltr");
  });
  it("reads an Arabic or Hebrew text right to left, even with Latin words in it", () => {
    expect(textDirection("محامٍ متخصص في قضايا الإصابات الشخصية في دبي منذ 12 سنة (Car Accidents).")).toBe(
      "rtl",
    );
    expect(textDirection("עורך דין לנזקי גוף בתל אביב")).toBe("rtl");
  });
  it("is left to right for other scripts and for text without letters", () => {
    expect(textDirection("Γιώργος Παπαδόπουλος")).toBe("ltr");
    expect(textDirection("김민준 법률사무소")).toBe("ltr");
    expect(textDirection("12 — 34")).toBe("ltr");
    expect(textDirection("")).toBe("ltr");
  });
});
