import { describe, expect, it } from "vitest";
import { mapTilesOf, tileSource } from "../../../lib/map-tiles.ts";
import { pageContentSecurityPolicy } from "../../content-security-policy.ts";

describe("map tiles from the configuration (issue 19 §1)", () => {
  it("reads the tile host for the CSP, with {s} subdomains as a wildcard", () => {
    expect(tileSource("https://tile.openstreetmap.org/{z}/{x}/{y}.png")).toBe(
      "https://tile.openstreetmap.org",
    );
    expect(tileSource("https://{s}.tiles.example.org/{z}/{x}/{y}.png")).toBe("https://*.tiles.example.org");
    expect(tileSource("http://127.0.0.1:9/tiles/{z}/{x}/{y}.png")).toBe("http://127.0.0.1:9");
    expect(tileSource("off")).toBeNull();
  });

  it("turns maps off with MAP_TILE_URL=off and puts the tile host into img-src", () => {
    expect(mapTilesOf({ MAP_TILE_URL: "off", MAP_TILE_ATTRIBUTION: "x" })).toBeNull();
    expect(
      mapTilesOf({ MAP_TILE_URL: "https://t.example/{z}/{x}/{y}.png", MAP_TILE_ATTRIBUTION: "© T" }),
    ).toEqual({
      url: "https://t.example/{z}/{x}/{y}.png",
      attribution: "© T",
    });
    const policy = pageContentSecurityPolicy({
      ads: false,
      imgSources: ["http://127.0.0.1:9", "bad; script-src *"],
    });
    expect(policy).toContain("img-src 'self' data: https: http://127.0.0.1:9;");
    expect(policy).not.toContain("bad");
  });
});
