import { describe, expect, it } from "vitest";
import { generateLawyers } from "./generate.ts";
import { demoOfficePosition, officeRadiusKm } from "./office-position.ts";

/** Great-circle distance in km (haversine). */
function km(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * r) / 2) ** 2 +
    Math.cos(a.latitude * r) *
      Math.cos(b.latitude * r) *
      Math.sin(((b.longitude - a.longitude) * r) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

const BERLIN = { lat: 52.52437, lng: 13.41053, pop: 3_426_354 };

describe("demo office positions (issue 19 §1)", () => {
  it("scales the radius by the city's size", () => {
    expect(officeRadiusKm(2_000)).toBe(0.8);
    expect(officeRadiusKm(3_426_354)).toBeCloseTo(5.85, 1);
    expect(officeRadiusKm(40_000_000)).toBe(12);
  });

  it("is the same point for the same address and city, another for another address", () => {
    const a = demoOfficePosition(BERLIN, 2950159, "Friedrichstraße 12, 10117 Berlin");
    expect(demoOfficePosition(BERLIN, 2950159, "Friedrichstraße 12, 10117 Berlin")).toEqual(a);
    const b = demoOfficePosition(BERLIN, 2950159, "Friedrichstraße 14, 10117 Berlin");
    expect(b).not.toEqual(a);
    for (const p of [a, b]) {
      expect(km(p, { latitude: BERLIN.lat, longitude: BERLIN.lng })).toBeLessThanOrEqual(
        officeRadiusKm(BERLIN.pop) + 0.01,
      );
    }
  });

  it("spreads the generated listings of one city instead of stacking them on its centre", () => {
    const rows = generateLawyers(600, 20261128);
    const byCity = new Map<string, typeof rows>();
    for (const r of rows)
      byCity.set(`${r.countryCode}|${r.city}`, [...(byCity.get(`${r.countryCode}|${r.city}`) ?? []), r]);
    const [, biggest = []] = [...byCity.entries()].sort((x, y) => y[1].length - x[1].length)[0] ?? [];
    expect(biggest.length).toBeGreaterThan(5);
    const points = new Set(biggest.map((r) => `${r.latitude},${r.longitude}`));
    expect(points.size).toBe(biggest.length);
    // Pairwise, most offices of the city are more than 200 m apart ("200 m away" for all was the bug).
    const first = biggest[0] as (typeof rows)[number];
    const far = biggest.slice(1).filter((r) => km(first as never, r as never) > 0.2).length;
    expect(far).toBeGreaterThan((biggest.length - 1) / 2);
    // Same generator input, same positions.
    const again = generateLawyers(600, 20261128);
    expect(again.map((r) => [r.latitude, r.longitude])).toEqual(rows.map((r) => [r.latitude, r.longitude]));
  });
});
