import { describe, expect, it } from "vitest";
import { isMatchAll, parseSearchQuery, tokenize } from "./query.ts";

describe("parseSearchQuery: location split (spec §5)", () => {
  it.each([
    ["car accident lawyer in Toronto", "car accident lawyer", "Toronto"],
    ["lawyers near Paris", "lawyers", "Paris"],
    ["slip and fall around Berlin", "slip and fall", "Berlin"],
    ["Müller at München", "Müller", "München"],
    ["attorney from New York", "attorney", "New York"],
    ["Car Accident IN Sydney", "Car Accident", "Sydney"],
  ])("splits %j", (q, subject, location) => {
    const p = parseSearchQuery(q, false);
    expect(p.subject).toBe(subject);
    expect(p.location).toBe(location);
  });

  it("does not split when more than two parts result", () => {
    const p = parseSearchQuery("lawyer in Toronto near Union Station", false);
    expect(p.location).toBeNull();
    expect(p.subject).toBe("lawyer in Toronto near Union Station");
  });

  it("does not split when a part is empty or the word is inside another word", () => {
    expect(parseSearchQuery("in Toronto", false).location).toBeNull();
    expect(parseSearchQuery("Martin Fromm", false).location).toBeNull();
    expect(parseSearchQuery("Inga Atwood", false).location).toBeNull();
  });

  it("ignores the query's location when a location filter is set", () => {
    const p = parseSearchQuery("car accident lawyer in Toronto", true);
    expect(p.location).toBeNull();
    expect(p.subject).toBe("car accident lawyer in Toronto");
    expect(p.required).toEqual(["toronto"]);
  });
});

describe("parseSearchQuery: synonyms and generic words", () => {
  it("expands the car accident group from a synonym", () => {
    const p = parseSearchQuery("auto accident attorney", false);
    expect(p.group?.phrase).toBe("car accident");
    expect(p.group?.matched).toBe("auto accident");
    expect(p.group?.phrases).toEqual([
      "car accident",
      "auto accident",
      "vehicle accident",
      "traffic accident",
    ]);
    expect(p.group?.alternatives).toEqual([
      ["car", "accident"],
      ["auto", "accident"],
      ["vehicle", "accident"],
      ["traffic", "accident"],
    ]);
    expect(p.required).toEqual([]);
  });

  it("matches a plural of the phrase", () => {
    expect(parseSearchQuery("car accidents", false).group?.phrase).toBe("car accident");
  });

  it("applies only the first matching group", () => {
    // Both "car accident" (group 1) and "medical malpractice" (group 2) occur.
    const p = parseSearchQuery("medical malpractice and car accident", false);
    expect(p.group?.phrase).toBe("car accident");
    expect(p.required).toEqual(["medical", "malpractice"]);
  });

  it("recognises every group of the spec", () => {
    expect(parseSearchQuery("hospital mistake", false).group?.phrase).toBe("medical malpractice");
    expect(parseSearchQuery("trauma lawyer", false).group?.phrase).toBe("personal injury");
    expect(parseSearchQuery("job injury", false).group?.phrase).toBe("workplace injury");
    expect(parseSearchQuery("trip and fall", false).group?.phrase).toBe("slip and fall");
    expect(parseSearchQuery("Slip & Fall", false).group?.matched).toBe("slip fall");
  });

  it("drops generic words, keeps the rest required", () => {
    const p = parseSearchQuery("find me the best Müller law firm for my case", false);
    expect(p.required).toEqual(["müller", "case"]);
    expect(p.group).toBeNull();
  });

  it("treats personal injury as the whole directory: it ranks but filters nothing", () => {
    const p = parseSearchQuery("personal injury lawyers", false);
    expect(p.group?.phrase).toBe("personal injury");
    expect(isMatchAll(p)).toBe(true);
    expect(p.ranking).toEqual(["personal", "injury"]);
  });

  it("a filtering group is not match-all", () => {
    expect(isMatchAll(parseSearchQuery("car accident lawyer", false))).toBe(false);
    expect(isMatchAll(parseSearchQuery("lawyers", false))).toBe(true);
  });
});

describe("tokenize", () => {
  it("treats quotes, SQL, wildcards and emoji as separators", () => {
    expect(tokenize(`'; DROP TABLE lawyers;--`)).toEqual(["drop", "table", "lawyers"]);
    expect(tokenize('100% M_ller 😀 "quoted"')).toEqual(["100", "m", "ller", "quoted"]);
  });
  it("keeps letters of any script", () => {
    expect(tokenize("محامي حوادث")).toEqual(["محامي", "حوادث"]);
    expect(tokenize("עורך דין")).toEqual(["עורך", "דין"]);
    expect(tokenize("Müller")).toEqual(["müller"]);
  });
});
