/**
 * The one formatter of dates without a time (issue 28 §5, lib/i18n/calendar-date.ts): generated
 * calendar dates in every locale of the site and a spread of the runtime's IANA zones (the far
 * ones among them) are written as the day they name, identical whatever the runtime's zone; the
 * page formatter's `day` (app/i18n/format.test.ts) is this function whatever the visitor's zone.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { calendarDateOf, formatCalendarDate } from "./calendar-date.ts";
import { LOCALES } from "./locales.ts";

const ZONES = Intl.supportedValuesOf("timeZone");
const FAR = [
  "Pacific/Auckland",
  "Pacific/Kiritimati",
  "America/Los_Angeles",
  "Pacific/Pago_Pago",
  "Asia/Tokyo",
];

/** A real calendar date as "YYYY-MM-DD" (years 1900–2200). */
const calendarDate = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2200-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

const zone = fc.oneof(fc.constantFrom(...FAR), fc.constantFrom(...ZONES));

/** Year, month and day of `text` as written by Intl in `locale` (Latin digits forced). */
function partsOf(value: string, locale: string): [number, number, number] {
  const date = calendarDateOf(value);
  if (!date) throw new Error(value);
  const parts = new Intl.DateTimeFormat(`${locale}-u-nu-latn`, {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    timeZone: "UTC",
  }).formatToParts(date);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [n("year"), n("month"), n("day")];
}

/** The zone's offset from UTC at `at`, in hours. */
function offsetHours(at: Date, timeZone: string): number {
  const local = new Date(at.toLocaleString("en-US", { timeZone }));
  const utc = new Date(at.toLocaleString("en-US", { timeZone: "UTC" }));
  return (local.getTime() - utc.getTime()) / 3_600_000;
}

describe("formatCalendarDate (issue 28 §5)", () => {
  it("writes the day the date names, the same for a visitor in any zone, in every locale", () => {
    fc.assert(
      fc.property(calendarDate, zone, fc.constantFrom(...LOCALES), (value, visitorZone, locale) => {
        const [y, m, d] = value.split("-").map(Number);
        expect(partsOf(value, locale)).toEqual([y, m, d]);
        // Read as an instant in the visitor's zone, the same text would move by a day there.
        const sameDay = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: visitorZone });
        const noon = new Date(`${value}T12:00:00Z`);
        if (Math.abs(offsetHours(noon, visitorZone)) < 11)
          expect(formatCalendarDate(value, locale)).toBe(sameDay.format(noon));
      }),
      { numRuns: 400 },
    );
  });

  it("reads the date part of a timestamp as the day meant", () => {
    fc.assert(
      fc.property(calendarDate, (value) => {
        expect(formatCalendarDate(`${value}T00:00:00.000Z`, "en")).toBe(formatCalendarDate(value, "en"));
      }),
    );
  });

  it("answers text that is no calendar date as it is, never throwing", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const out = formatCalendarDate(text, "de");
        if (calendarDateOf(text) === null) expect(out).toBe(text);
      }),
    );
    for (const text of ["2026-02-30", "2026-13-01", "0000-01-01", "as soon as possible", ""])
      expect(formatCalendarDate(text, "en")).toBe(text);
    expect(formatCalendarDate(null, "en")).toBe("");
    expect(formatCalendarDate(undefined, "en")).toBe("");
  });
});
