import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EARTH_RADIUS_KM, greatCircleKm } from "./great-circle.ts";

const lat = fc.double({ min: -90, max: 90, noNaN: true });
const lng = fc.double({ min: -180, max: 180, noNaN: true });
const point = fc.tuple(lat, lng);
const km = ([a, b]: [number, number], [c, d]: [number, number]) => greatCircleKm(a, b, c, d);

describe("greatCircleKm (issue 30: one great-circle distance)", () => {
  it("knows a pair: Paris–London ≈ 344 km, Berlin–Munich ≈ 504 km", () => {
    expect(greatCircleKm(48.8566, 2.3522, 51.5074, -0.1278)).toBeCloseTo(344, -1);
    expect(Math.round(greatCircleKm(48.8566, 2.3522, 51.5074, -0.1278))).toBe(344);
    expect(greatCircleKm(52.52, 13.405, 48.137, 11.575)).toBeCloseTo(504, 0);
    expect(greatCircleKm(0, 179.5, 0, -179.5)).toBeCloseTo(111.2, 0); // across the date line
  });

  it("is zero on identical points", () => {
    fc.assert(fc.property(point, (p) => km(p, p) === 0));
  });

  it("is symmetric", () => {
    fc.assert(fc.property(point, point, (p, q) => Math.abs(km(p, q) - km(q, p)) <= 1e-9 * (1 + km(p, q))));
  });

  it("is never negative nor NaN, and at most half the Earth's circumference", () => {
    fc.assert(
      fc.property(point, point, (p, q) => {
        const d = km(p, q);
        return d >= 0 && d <= Math.PI * EARTH_RADIUS_KM + 1e-9;
      }),
    );
  });

  it("keeps the triangle inequality (up to the haversine's rounding near antipodes: under a metre)", () => {
    // Near antipodal points the arcsine's argument is within an ulp of 1, where the haversine
    // loses about √ε of a radian (≈ 0.1 m): CI found (0, 179.99999991), (0, -0.0000074), (0, 0)
    // over by about 1e-5 km with a 1e-6 km tolerance.
    fc.assert(fc.property(point, point, point, (p, q, r) => km(p, r) <= km(p, q) + km(q, r) + 1e-3));
    expect(km([0, 179.9999999121461], [0, 0])).toBeLessThanOrEqual(
      km([0, 179.9999999121461], [0, -0.000007432292491671434]) +
        km([0, -0.000007432292491671434], [0, 0]) +
        1e-3,
    );
  });

  it("scales with the sphere's radius", () => {
    fc.assert(
      fc.property(point, point, (p, q) => {
        const onMean = km(p, q);
        const on6371 = greatCircleKm(p[0], p[1], q[0], q[1], 6371);
        return Math.abs(on6371 - (onMean * 6371) / EARTH_RADIUS_KM) <= 1e-9 * (1 + onMean);
      }),
    );
  });
});
