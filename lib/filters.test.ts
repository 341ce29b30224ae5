import { describe, expect, it } from "vitest";
import {
  activeFilterCount,
  beyondResultWindow,
  clearFilters,
  experienceLabel,
  filterChips,
  pageCount,
  paginationWindow,
  ratingLabel,
  searchHref,
  searchTextNotice,
  withChanges,
} from "./filters.ts";
import { parseSearchUrl, type SearchParams, SearchParamsSchema } from "./search-params.ts";
import { DEFAULT_SEARCH, pendingListing, searchToQueryString } from "./search-state.ts";

describe("paginationWindow (spec §9: first, last, 2 either side, ellipses)", () => {
  it("is empty without pages and a single page for one", () => {
    expect(paginationWindow(1, 0)).toEqual([]);
    expect(paginationWindow(1, 1)).toEqual([1]);
  });
  it("shows every page when they all fit", () => {
    expect(paginationWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(paginationWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
  it("puts ellipses on both sides in the middle", () => {
    expect(paginationWindow(10, 40)).toEqual([1, "ellipsis", 8, 9, 10, 11, 12, "ellipsis", 40]);
  });
  it("has only a trailing ellipsis near the start", () => {
    expect(paginationWindow(1, 20)).toEqual([1, 2, 3, "ellipsis", 20]);
    expect(paginationWindow(3, 20)).toEqual([1, 2, 3, 4, 5, "ellipsis", 20]);
  });
  it("has only a leading ellipsis near the end", () => {
    expect(paginationWindow(20, 20)).toEqual([1, "ellipsis", 18, 19, 20]);
    expect(paginationWindow(18, 20)).toEqual([1, "ellipsis", 16, 17, 18, 19, 20]);
  });
  it("shows a single hidden page instead of an ellipsis", () => {
    expect(paginationWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, "ellipsis", 20]);
    expect(paginationWindow(16, 20)).toEqual([1, "ellipsis", 14, 15, 16, 17, 18, 19, 20]);
  });
  it("clamps an out-of-range current page", () => {
    expect(paginationWindow(99, 10)).toEqual([1, "ellipsis", 8, 9, 10]);
    expect(paginationWindow(-3, 10)).toEqual([1, 2, 3, "ellipsis", 10]);
  });
});

describe("activeFilterCount (spec §9)", () => {
  it("is 0 for no filters, 'all' and blank text", () => {
    expect(activeFilterCount({})).toBe(0);
    expect(
      activeFilterCount({ location: "all", query: "   ", experience: 0, rating: 0, practiceAreas: [] }),
    ).toBe(0);
  });
  it("adds one per filter and one per practice area", () => {
    expect(activeFilterCount({ location: "CA" })).toBe(1);
    expect(activeFilterCount({ practiceAreas: ["Dog Bites", "Mass Torts"] })).toBe(2);
    expect(activeFilterCount({ experience: 1 })).toBe(1);
    expect(activeFilterCount({ rating: 0.5 })).toBe(1);
    expect(activeFilterCount({ query: "car" })).toBe(1);
    expect(
      activeFilterCount({
        query: "car",
        location: "US",
        practiceAreas: ["Car Accidents"],
        experience: 10,
        rating: 4,
      }),
    ).toBe(5);
  });
});

describe("fee filters (issue 19 §1)", () => {
  it("counts a free consultation and a fee model once each; each chip removes only itself", () => {
    expect(activeFilterCount({ freeConsultation: true, feeModel: "contingency" })).toBe(2);
    const p = { ...DEFAULT_SEARCH, freeConsultation: true, feeModel: "contingency" as const, verified: true };
    const chips = filterChips(p);
    expect(chips.map((c) => c.key)).toEqual(["verified", "freeConsultation", "feeModel:contingency"]);
    expect(chips.map((c) => c.label)).toEqual(["Verified only", "Free consultation", "No win, no fee"]);
    expect(chips[1]?.without).toMatchObject({
      freeConsultation: false,
      feeModel: "contingency",
      verified: true,
    });
    expect(chips[2]?.without).toMatchObject({ freeConsultation: true, feeModel: undefined, verified: true });
    expect(searchToQueryString(p)).toBe("?verified=true&freeConsultation=true&feeModel=contingency");
  });
});

describe("languages filter (issue 14 §4)", () => {
  it("counts one per language, chips name each language in the locale and remove only it", () => {
    expect(activeFilterCount({ languages: ["de", "fr"] })).toBe(2);
    const p: SearchParams = { ...DEFAULT_SEARCH, languages: ["de", "ar"] };
    const chips = filterChips(p);
    expect(chips.map((c) => c.label)).toEqual(["German", "Arabic"]);
    expect(chips[0]?.without.languages).toEqual(["ar"]);
    expect(filterChips(p, undefined, "de").map((c) => c.label)).toEqual(["Deutsch", "Arabisch"]);
  });
  it("reads repeated languages keys from a no-JS checkbox form", () => {
    const { params } = parseSearchUrl(new URLSearchParams("languages=de&languages=FR"));
    expect(params.languages).toEqual(["de", "fr"]);
  });
});

describe("parseSearchUrl", () => {
  it("joins repeated practiceAreas from a no-JS checkbox form", () => {
    const { params, invalid } = parseSearchUrl(
      new URLSearchParams("practiceAreas=Dog+Bites&practiceAreas=Mass+Torts&experience=5"),
    );
    expect(params.practiceAreas).toEqual(["Dog Bites", "Mass Torts"]);
    expect(params.experience).toBe(5);
    expect(invalid).toEqual([]);
  });
  it("drops bad values and keeps the good ones", () => {
    const { params, invalid } = parseSearchUrl(
      new URLSearchParams("query=car&pageSize=7&sort=bogus&rating=9"),
    );
    expect(params.query).toBe("car");
    expect(params.pageSize).toBe(12);
    expect(params.sort).toBe("relevance");
    expect(params.rating).toBe(0);
    expect(invalid.sort()).toEqual(["pageSize", "rating", "sort"]);
  });
  it("treats location=all as no filter", () => {
    expect(parseSearchUrl(new URLSearchParams("location=all")).params.location).toBeUndefined();
  });
});

describe("withChanges, chips and clear", () => {
  const base: SearchParams = {
    ...DEFAULT_SEARCH,
    page: 4,
    query: "car",
    location: "CA",
    practiceAreas: ["Dog Bites", "Mass Torts"],
  };
  it("resets to page 1 on a filter change, keeps the page when asked", () => {
    expect(withChanges(base, { pageSize: 24 }).page).toBe(1);
    expect(withChanges(base, { page: 3 }).page).toBe(3);
  });
  it("builds one chip per filter; each removes only its own", () => {
    const chips = filterChips({ ...base, experience: 10, rating: 4.5 }, (v) => (v === "CA" ? "Canada" : v));
    expect(chips.map((c) => c.label)).toEqual([
      "“car”",
      "Canada",
      "Dog Bites",
      "Mass Torts",
      "10+ years",
      "4.5+ stars",
    ]);
    const dog = chips.find((c) => c.key === "practiceArea:Dog Bites");
    expect(dog?.without.practiceAreas).toEqual(["Mass Torts"]);
    expect(dog?.without.location).toBe("CA");
    expect(dog?.without.page).toBe(1);
    expect(searchHref("/browse-lawyers", chips[1]?.without ?? {})).toBe(
      "/browse-lawyers?query=car&practiceAreas=Dog+Bites%2CMass+Torts&experience=10&rating=4.5",
    );
  });
  it("adds a removable chip for the near point", () => {
    const chips = filterChips({ ...DEFAULT_SEARCH, near: { lat: 43.65, lng: -79.38 } });
    expect(chips.map((c) => c.key)).toEqual(["near"]);
    expect(chips[0]?.without.near).toBeUndefined();
  });
  it("clears every filter but keeps sort and page size", () => {
    const cleared = clearFilters({ ...base, sort: "rating", pageSize: 24 });
    expect(activeFilterCount(cleared)).toBe(0);
    expect(cleared.sort).toBe("rating");
    expect(cleared.pageSize).toBe(24);
    expect(cleared.page).toBe(1);
  });
  it("counts pages", () => {
    expect(pageCount(0, 12)).toBe(0);
    expect(pageCount(12, 12)).toBe(1);
    expect(pageCount(13, 12)).toBe(2);
  });
  it("caps the pages at the result window of 10,000 matches (issue 18 §1)", () => {
    expect(pageCount(10_000, 12)).toBe(833);
    expect(pageCount(1_000_000, 12)).toBe(833);
    expect(pageCount(1_000_000, 48)).toBe(208);
    expect(beyondResultWindow(1_000_000, 12)).toBe(true);
    expect(beyondResultWindow(9_996, 12)).toBe(false);
    expect(beyondResultWindow(10_000, 12)).toBe(true);
  });
});

describe("slider value texts (spec §5)", () => {
  it("shows minimum experience as 'N+ years', including '0+ years' at 0", () => {
    expect(experienceLabel(0)).toBe("0+ years");
    expect(experienceLabel(1)).toBe("1+ years");
    expect(experienceLabel(30)).toBe("30+ years");
  });
  it("keeps 'Any rating' at 0 and 'N+ stars' above", () => {
    expect(ratingLabel(0)).toBe("Any rating");
    expect(ratingLabel(4.5)).toBe("4.5+ stars");
  });
  it("adds an experience chip only above 0", () => {
    expect(filterChips({ ...DEFAULT_SEARCH, experience: 0 }).map((c) => c.key)).toEqual([]);
    expect(filterChips({ ...DEFAULT_SEARCH, experience: 5 }).map((c) => c.label)).toEqual(["5+ years"]);
  });
});

describe("zod-free search state (lib/search-state.ts)", () => {
  it("DEFAULT_SEARCH equals what the schema makes of an empty URL", () => {
    expect(DEFAULT_SEARCH).toEqual(SearchParamsSchema.parse({}));
  });

  it("pendingListing reads a pending navigation's sort and page size, ignoring bad values", () => {
    expect(pendingListing("?sort=name&pageSize=24", DEFAULT_SEARCH)).toMatchObject({
      sort: "name",
      pageSize: 24,
    });
    expect(pendingListing("?sort=price&pageSize=7", { ...DEFAULT_SEARCH, sort: "rating" })).toMatchObject({
      sort: "rating",
      pageSize: 12,
    });
  });
});

describe("searchTextNotice", () => {
  it("says what a corrected search was read as", () => {
    expect(searchTextNotice("personel injurry", { personel: "personal", injurry: "injury" })).toBe(
      "Showing results for “personal injury” (you typed “personel injurry”).",
    );
    expect(searchTextNotice("Mueller in Berlin", { mueller: "muller" })).toBe(
      "Showing results for “muller in Berlin” (you typed “Mueller in Berlin”).",
    );
  });

  it("says when the text has nothing to search for", () => {
    expect(searchTextNotice("😀 !!!", {})).toBe(
      "“😀 !!!” has no letters or numbers to search for, so every matching lawyer is shown.",
    );
  });

  it("names a corrected place too, also one of several words and in another letter case", () => {
    expect(searchTextNotice("car accident in Torronto", { Torronto: "Toronto" })).toBe(
      "Showing results for “car accident in Toronto” (you typed “car accident in Torronto”).",
    );
    expect(searchTextNotice("lawyer in New Yrok", { "new yrok": "New York", lawyr: "lawyer" })).toBe(
      "Showing results for “lawyer in New York” (you typed “lawyer in New Yrok”).",
    );
  });

  it("says nothing when the text was searched as typed", () => {
    expect(searchTextNotice("car accident", {})).toBeNull();
    expect(searchTextNotice(undefined, { a: "b" })).toBeNull();
    expect(searchTextNotice("Müller", { muller: "muller" })).toBeNull();
  });
});
