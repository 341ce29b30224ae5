import { describe, expect, it } from "vitest";
import { greatCircleKm } from "../../lib/great-circle.ts";
import { buildPlaceIndex, nearestPlace, placeIndex } from "./nearest.ts";

/** Rows in the GeoNames cities500 layout (id, name, ascii, alternates, lat, lng, class, code, country). */
const row = (name: string, lat: number, lng: number, country: string, code = "PPL") =>
  [1, name, name, "", lat, lng, "P", code, country, "", "", "", "", "", 1000, "", "", "UTC", ""].join("\t");

describe("greatCircleKm", () => {
  it("measures great-circle distance", () => {
    expect(greatCircleKm(52.52, 13.405, 48.137, 11.575)).toBeCloseTo(504, 0); // Berlin-Munich
    expect(greatCircleKm(0, 179.5, 0, -179.5)).toBeCloseTo(111.2, 0); // across the date line
  });
});

describe("nearestPlace on a small table", () => {
  const index = buildPlaceIndex(
    [
      row("Westville", 10, -0.4, "AA"),
      row("Eastville", 10, 0.7, "BB"),
      row("Ruins", 10, 0.01, "CC", "PPLH"),
      row("Dateline East", 0, 179.9, "FJ"),
      row("Polar", 85, 100, "NO"),
    ].join("\n"),
  );
  it("picks the nearest across cell borders and skips historical places", () => {
    expect(nearestPlace(index, 10, 0.1)).toMatchObject({ city: "Westville", countryCode: "AA" });
    expect(nearestPlace(index, 10, 0.2)).toMatchObject({ city: "Eastville", countryCode: "BB" });
  });
  it("wraps around the date line and reaches high latitudes", () => {
    expect(nearestPlace(index, 0, -179.9)).toMatchObject({ city: "Dateline East", distanceKm: 22.2 });
    expect(nearestPlace(index, 86, -80, 2000)?.city).toBe("Polar"); // over the pole, about 1,000 km
  });
  it("null when nothing is within the limit (mid-ocean)", () => {
    expect(nearestPlace(index, -40, -120)).toBeNull();
    expect(nearestPlace(index, 12, 0, 100)).toBeNull();
  });
  it("agrees with a brute-force search", () => {
    for (let n = 0; n < 50; n++) {
      const lat = ((n * 37) % 170) - 85;
      const lng = ((n * 73) % 360) - 180;
      const got = nearestPlace(index, lat, lng, 20_000);
      const brute = Math.min(
        ...[...index.lat].map((la, i) => greatCircleKm(lat, lng, la, index.lng[i] as number)),
      );
      expect(got?.distanceKm).toBeCloseTo(brute, 0);
    }
  });
});

describe("the packaged GeoNames table", () => {
  it("finds real cities, and answers fast once indexed", () => {
    const index = placeIndex();
    expect(index.names.length).toBeGreaterThan(150_000);
    expect(nearestPlace(index, 48.137, 11.575)).toMatchObject({ city: "Munich", countryCode: "DE" });
    expect(nearestPlace(index, 35.68, 139.76)).toMatchObject({ countryCode: "JP" });
    expect(nearestPlace(index, -33.87, 151.21)).toMatchObject({ city: "Sydney", countryCode: "AU" });
    expect(nearestPlace(index, 30.044, 31.236)).toMatchObject({ city: "Cairo", countryCode: "EG" });
    const started = performance.now();
    for (let i = 0; i < 1000; i++) nearestPlace(index, 48 + (i % 10) / 10, 11 + (i % 7) / 10);
    // About 0.1 ms a lookup on the 2-core test machine; the bound leaves room for a busy one.
    expect(performance.now() - started).toBeLessThan(2000);
  }, 30_000);
});
