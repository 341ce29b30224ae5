/** Local formats of issue 14 §2 through Intl: numbers, money, dates in a zone, distance units. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCalendarDate } from "../../lib/i18n/calendar-date.ts";
import { isTimeZone, timeZoneFromCookie } from "../../lib/i18n/time-zone.ts";
import { formatInstant, formatsFor } from "./format";

const NBSP = /[\u00a0\u202f]/g;
const plain = (s: string) => s.replace(NBSP, " ");

describe("formatsFor", () => {
  it("writes numbers in the locale's way", () => {
    expect(formatsFor("de").number(12345.5)).toBe("12.345,5");
    expect(plain(formatsFor("fr").number(12345.5))).toBe("12 345,5");
    expect(formatsFor("ar").number(12)).toMatch(/^(12|١٢)$/);
  });

  it("writes money in its own currency", () => {
    expect(plain(formatsFor("de").money(29.99, "USD"))).toBe("29,99 $");
    expect(formatsFor("ja").money(5000, "JPY")).toBe("￥5,000");
    expect(plain(formatsFor("pt-BR").money(1000, "BRL"))).toBe("R$ 1.000,00");
  });

  it("shows a moment in the visitor's time zone", () => {
    const at = "2026-11-25T23:30:00Z";
    expect(formatsFor("en", "UTC").dateTime(at)).toBe("Nov 25, 2026, 11:30 PM");
    expect(formatsFor("de", "Europe/Berlin").dateTime(at)).toBe("26.11.2026, 00:30");
    expect(formatsFor("ja", "Asia/Tokyo").date(at)).toBe("2026/11/26");
  });

  it("says relative times and lists in the language", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(formatsFor("de").relative("2026-11-22T12:00:00Z", now)).toBe("vor 3 Tagen");
    expect(formatsFor("en").relative("2026-11-24T12:00:00Z", now)).toBe("yesterday");
    expect(formatsFor("es").list(["A", "B", "C"])).toBe("A, B y C");
  });

  it("uses miles for US, GB, LR and MM visitors and km elsewhere", () => {
    expect(formatsFor("en").distance(16.09344, "US")).toBe("10 mi");
    expect(formatsFor("en").distance(16.09344, "gb")).toBe("10 mi");
    expect(formatsFor("en").distance(16, "DE")).toBe("16 km");
    expect(formatsFor("de").distance(2.5, null)).toBe("2,5 km");
  });
});

describe("formats.day: a date without a time (issue 28 §5)", () => {
  const ZONES = Intl.supportedValuesOf("timeZone");
  const day = fc
    .date({
      min: new Date("1900-01-01T00:00:00Z"),
      max: new Date("2200-12-31T00:00:00Z"),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));

  it("is the same day for a visitor in any zone", () => {
    fc.assert(
      fc.property(
        day,
        fc.oneof(fc.constantFrom("Pacific/Auckland", "America/Los_Angeles"), fc.constantFrom(...ZONES)),
        fc.constantFrom("en", "de", "ja", "ar") as fc.Arbitrary<"en" | "de" | "ja" | "ar">,
        (value, zone, locale) => {
          expect(formatsFor(locale, zone).day(value)).toBe(formatCalendarDate(value, locale));
          expect(formatsFor(locale, zone).day(value, { dateStyle: "long" })).toBe(
            formatsFor(locale, "UTC").day(value, { dateStyle: "long" }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is not the day `date` reads from the same text west of UTC (the reported defect)", () => {
    expect(formatsFor("en", "America/Los_Angeles").date("2026-03-01")).toBe("Feb 28, 2026");
    expect(formatsFor("en", "America/Los_Angeles").day("2026-03-01")).toBe("Mar 1, 2026");
    expect(formatsFor("en", "Pacific/Auckland").day("2026-03-01")).toBe("Mar 1, 2026");
  });
});

describe("the visitor's time zone cookie", () => {
  it("accepts real IANA zones only", () => {
    expect(timeZoneFromCookie("a=1; lexatlas_tz=Asia%2FTokyo")).toBe("Asia/Tokyo");
    expect(timeZoneFromCookie("lexatlas_tz=Mars%2FOlympus")).toBe("UTC");
    expect(timeZoneFromCookie("lexatlas_tz=%E0%A4%A")).toBe("UTC");
    expect(timeZoneFromCookie(null)).toBe("UTC");
    expect(isTimeZone("America/Sao_Paulo")).toBe(true);
    expect(isTimeZone("x".repeat(80))).toBe(false);
  });
});

describe("case and message times in the visitor's time zone (issue 14 §2)", () => {
  it("writes an instant in the zone the root loader reported, the zone named", async () => {
    const { formatCaseDate, formatCaseDay } = await import("../features/cases/case-display");
    const at = "2026-01-05T23:04:00Z";
    expect(formatCaseDate(at, "en")).toBe("Jan 5, 2026, 11:04 PM UTC");
    expect(formatCaseDate(at, "de", "Europe/Berlin")).toBe("6. Jan. 2026, 00:04 MEZ");
    expect(formatCaseDate(at, "ja", "Asia/Tokyo")).toMatch(/^2026年1月6日 8:04 JST$/);
    // A calendar date (Date Needed) stays the date it is; an instant moves with the zone.
    expect(formatCaseDay("2026-01-05T00:00:00Z", "en")).toBe("Jan 5, 2026");
    expect(formatCaseDay(at, "en", "Asia/Tokyo")).toBe("Jan 6, 2026");
  });
});

describe("a stored date that is no date (issue 27: the case page's 500)", () => {
  it("is shown as it was stored, by every date formatter, for any text; real dates are unchanged", async () => {
    const { formatCaseDate, formatCaseDay } = await import("../features/cases/case-display");
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), fc.constantFrom("en", "de", "ja", "ar"), (text, locale) => {
        const valid = !Number.isNaN(new Date(text).getTime());
        const day = new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "medium" });
        for (const written of [
          formatCaseDay(text, locale),
          formatCaseDate(text, locale, "Europe/Berlin"),
          formatsFor(locale as "en").date(text),
          formatsFor(locale as "en").dateTime(text),
        ])
          if (!valid) expect(written).toBe(text);
        if (valid) expect(formatCaseDay(text, locale)).toBe(day.format(new Date(text)));
      }),
    );
    expect(formatCaseDay("as soon as possible", "en")).toBe("as soon as possible");
    expect(formatCaseDay("2099-03-07", "en")).toBe("Mar 7, 2099");
    expect(formatInstant(new Intl.DateTimeFormat("en"), new Date(Number.NaN))).toBe("");
  });
});
