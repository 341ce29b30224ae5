import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateTimeFormat, MAX_CACHED, numberFormat } from "./intl-cache.ts";
import { LOCALES } from "./locales.ts";

describe("shared Intl formatters (issue 29)", () => {
  it("format exactly as a new formatter of the same locale and options does", () => {
    const numberOptions = fc.constantFrom<Intl.NumberFormatOptions | undefined>(
      undefined,
      { maximumFractionDigits: 1 },
      { style: "percent", maximumFractionDigits: 0 },
      { style: "currency", currency: "EUR" },
      { style: "unit", unit: "kilometer" },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        numberOptions,
        fc.double({ noNaN: true }),
        (locale, options, n) => {
          expect(numberFormat(locale, options).format(n)).toBe(
            new Intl.NumberFormat(locale, options).format(n),
          );
        },
      ),
    );
    const zones = fc.constantFrom(
      "UTC",
      "Asia/Tokyo",
      "America/Sao_Paulo",
      "Asia/Kolkata",
      "Australia/Lord_Howe",
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        zones,
        fc.date({ min: new Date("1990-01-01"), max: new Date("2090-01-01"), noInvalidDate: true }),
        (locale, timeZone, date) => {
          const options: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short", timeZone };
          expect(dateTimeFormat(locale, options).format(date)).toBe(
            new Intl.DateTimeFormat(locale, options).format(date),
          );
        },
      ),
    );
  });

  it("hands out one formatter per locale and options", () => {
    expect(numberFormat("de", { maximumFractionDigits: 1 })).toBe(
      numberFormat("de", { maximumFractionDigits: 1 }),
    );
    expect(numberFormat("de")).not.toBe(numberFormat("ar"));
    expect(dateTimeFormat("ja", { timeZone: "Asia/Tokyo" })).not.toBe(
      dateTimeFormat("ja", { timeZone: "UTC" }),
    );
  });

  it("refuses what Intl refuses and stays bounded", () => {
    expect(() => dateTimeFormat("en", { timeZone: "Not/AZone" })).toThrow(RangeError);
    expect(() => numberFormat("en", { style: "currency", currency: "EURO" })).toThrow(RangeError);
    const first = numberFormat("en", { minimumIntegerDigits: 1 });
    // Any well-formed three-letter code is a currency to Intl: MAX_CACHED + 1 distinct options.
    const code = (i: number) =>
      [i / 676, i / 26, i].map((n) => String.fromCharCode(65 + (Math.floor(n) % 26))).join("");
    for (let i = 0; i <= MAX_CACHED; i++) numberFormat("en", { style: "currency", currency: code(i) });
    expect(numberFormat("en", { minimumIntegerDigits: 1 })).not.toBe(first);
  });
});

describe("every number and date formatter of the product comes from the cache (issue 29)", () => {
  it("no source file outside intl-cache.ts constructs Intl.NumberFormat or Intl.DateTimeFormat", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (
          /\.tsx?$/.test(entry.name) &&
          !/\.test\.tsx?$/.test(entry.name) &&
          entry.name !== "intl-cache.ts"
        ) {
          if (/new Intl\.(NumberFormat|DateTimeFormat)\(/.test(readFileSync(full, "utf8")))
            offenders.push(path.relative(root, full));
        }
      }
    };
    for (const dir of ["app", "lib", "server"]) walk(path.join(root, dir));
    expect(offenders, "use numberFormat/dateTimeFormat from lib/i18n/intl-cache.ts").toEqual([]);
  });
});
