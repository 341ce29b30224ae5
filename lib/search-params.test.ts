import { describe, expect, it } from "vitest";
import { SearchParamsSchema, searchToQueryString } from "./search-params.ts";

function parse(input: Record<string, string>) {
  return SearchParamsSchema.safeParse(input);
}
function firstMessage(input: Record<string, string>): string {
  const r = parse(input);
  if (r.success) throw new Error("expected a failure");
  return r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
}

describe("SearchParamsSchema", () => {
  it("applies the spec's defaults", () => {
    const r = parse({});
    expect(r.success && r.data).toEqual({
      practiceAreas: [],
      languages: [],
      verified: false,
      respondsWithin24h: false,
      freeConsultation: false,
      experience: 0,
      rating: 0,
      sort: "relevance",
      page: 1,
      pageSize: 12,
    });
  });

  it("reads freeConsultation like a checkbox and feeModel as one of the fee kinds (issue 19 §1)", () => {
    for (const v of ["true", "1", "on"])
      expect(parse({ freeConsultation: v }).data?.freeConsultation).toBe(true);
    expect(parse({ freeConsultation: "" }).data?.freeConsultation).toBe(false);
    expect(parse({ freeConsultation: "maybe" }).success).toBe(false);
    for (const v of ["contingency", "hourly", "fixed", "legalAid"])
      expect(parse({ feeModel: v }).data?.feeModel).toBe(v);
    expect(parse({ feeModel: "" }).data?.feeModel).toBeUndefined();
    expect(parse({ feeModel: "success" }).success).toBe(false);
  });

  it("reads respondsWithin24h like a checkbox and refuses other values (issue 16 §3)", () => {
    for (const v of ["true", "1", "on"])
      expect(parse({ respondsWithin24h: v }).data?.respondsWithin24h).toBe(true);
    for (const v of ["false", "0", ""])
      expect(parse({ respondsWithin24h: v }).data?.respondsWithin24h).toBe(false);
    expect(parse({ respondsWithin24h: "maybe" }).success).toBe(false);
    expect(parse({ sort: "response" }).data?.sort).toBe("response");
  });

  it("treats location 'all' and empty values as no filter (spec §3 filter state)", () => {
    const r = parse({ location: "all", query: "", experience: "", rating: "" });
    expect(r.success && r.data.location).toBeUndefined();
    expect(r.success && r.data.query).toBeUndefined();
  });

  it("splits comma-joined practice areas and rejects unknown ones", () => {
    const r = parse({ practiceAreas: "Car Accidents, Dog Bites" });
    expect(r.success && r.data.practiceAreas).toEqual(["Car Accidents", "Dog Bites"]);
    expect(firstMessage({ practiceAreas: "Car Accidents,Tax Law" })).toMatch(/practiceAreas/);
  });

  it("reads languages=de,FR as lower-case ISO 639-1 codes without repeats and rejects others (issue 14 §4)", () => {
    const r = parse({ languages: "de, FR,de" });
    expect(r.success && r.data.languages).toEqual(["de", "fr"]);
    expect(firstMessage({ languages: "de,deu" })).toBe(
      "languages.1: validation:zod.unknownLanguage?value=deu",
    );
    expect(searchToQueryString({ languages: ["de", "fr"] })).toBe("?languages=de%2Cfr");
  });

  it.each([
    [{ sort: "price" }, /sort/],
    [{ pageSize: "10" }, /pageSize/],
    [{ page: "-1" }, /page/],
    [{ page: "0" }, /page/],
    [{ experience: "31" }, /experience/],
    [{ experience: "-1" }, /experience/],
    [{ rating: "5.5" }, /rating/],
    [{ rating: "abc" }, /rating/],
    [{ query: "x".repeat(201) }, /query/],
    [{ near: "91,0" }, /near/],
    [{ near: "toronto" }, /near/],
    [{ radiusKm: "0", near: "1,1" }, /radiusKm/],
    [{ radiusKm: "25" }, /^radiusKm: validation:zod.radiusNeedsNear$/],
    // Issue 18 §1: paging stops at the result window (10,000 matches).
    [{ page: "834" }, /^page: validation:zod.pageWindow\?max=10000$/],
    [{ page: "209", pageSize: "48" }, /^page: validation:zod.pageWindow\?max=10000$/],
    [{ experience: "0x10" }, /^experience: validation:zod.invalidType\?expected=number$/],
    [{ experience: "1e1" }, /experience/],
    [{ rating: "Infinity" }, /rating/],
    [{ page: "0b1" }, /page/],
    [{ pageSize: "0x0c" }, /pageSize/],
    [{ practiceAreas: "Tax Law" }, /^practiceAreas\.0: validation:zod.unknownPracticeArea\?value=Tax\+Law$/],
  ])("rejects %j naming the parameter", (input, name) => {
    expect(firstMessage(input as Record<string, string>)).toMatch(name);
  });

  it("reads plain decimals, with spaces and a leading dot", () => {
    const r = parse({ experience: " 10 ", rating: ".5", page: "+2", pageSize: "24" });
    expect(r.success && [r.data.experience, r.data.rating, r.data.page, r.data.pageSize]).toEqual([
      10, 0.5, 2, 24,
    ]);
  });

  it("pages up to the last page inside the result window (issue 18 §1)", () => {
    const r = parse({ page: "833" });
    expect(r.success && r.data.page).toBe(833);
    const r48 = parse({ page: "208", pageSize: "48" });
    expect(r48.success && r48.data.page).toBe(208);
  });

  it("parses near into degrees", () => {
    const r = parse({ near: "43.65, -79.38", radiusKm: "25" });
    expect(r.success && r.data.near).toEqual({ lat: 43.65, lng: -79.38 });
    expect(r.success && r.data.radiusKm).toBe(25);
  });

  it("keeps hostile text as plain text", () => {
    const q = `'; DROP TABLE lawyers;-- 100% _x_ 🚗 محامي`;
    const r = parse({ query: q });
    expect(r.success && r.data.query).toBe(q);
  });
});

describe("searchToQueryString", () => {
  it("omits defaults and round-trips through the schema", () => {
    expect(searchToQueryString({ sort: "relevance", page: 1, pageSize: 12, practiceAreas: [] })).toBe("");
    const qs = searchToQueryString({
      query: "car accident",
      location: "CA",
      practiceAreas: ["Car Accidents", "Slip & Fall"],
      experience: 5,
      rating: 4.5,
      sort: "rating",
      page: 3,
      pageSize: 24,
    });
    const back = SearchParamsSchema.parse(Object.fromEntries(new URLSearchParams(qs)));
    expect(back).toMatchObject({
      query: "car accident",
      location: "CA",
      practiceAreas: ["Car Accidents", "Slip & Fall"],
      experience: 5,
      rating: 4.5,
      sort: "rating",
      page: 3,
      pageSize: 24,
    });
  });
});
