/**
 * The committed table of place names by language (issue 28 §2): the .mo reader, the rules that
 * make GeoNames' tagged names fit to show, and the committed table itself, which must be what
 * those rules give (no name in the wrong script, no vowel marks, no bare repetition).
 */
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldText } from "../../lib/text-fold.ts";
import { cityTable } from "../seed/cities.ts";
import {
  buildPlaceNameTable,
  cleanPlaceName,
  type PlaceContext,
  type PlaceNameTable,
  REJECTED_NAMES,
  readMoCatalog,
} from "./place-names-source.ts";

/** A GNU .mo file of `entries` (header first, ids sorted as msgfmt writes them). */
function moFile(entries: [string, string][], littleEndian = true): Buffer {
  const header0: [string, string] = ["", "Content-Type: text/plain; charset=UTF-8\n"];
  const all = [header0, ...entries].sort((a, b) => Buffer.compare(Buffer.from(a[0]), Buffer.from(b[0])));
  const head = 28;
  const originals = head;
  const translations = originals + all.length * 8;
  let offset = translations + all.length * 8;
  const strings: Buffer[] = [];
  const table = Buffer.alloc(all.length * 16);
  const put = (at: number, v: number) =>
    littleEndian ? table.writeUInt32LE(v, at) : table.writeUInt32BE(v, at);
  for (const [column, pick] of [
    [0, 0],
    [all.length * 8, 1],
  ] as const) {
    all.forEach((entry, i) => {
      const bytes = Buffer.from(entry[pick], "utf8");
      put(column + i * 8, bytes.length);
      put(column + i * 8 + 4, offset);
      strings.push(bytes, Buffer.from([0]));
      offset += bytes.length + 1;
    });
  }
  const header = Buffer.alloc(head);
  const w = (at: number, v: number) =>
    littleEndian ? header.writeUInt32LE(v, at) : header.writeUInt32BE(v, at);
  w(0, 0x950412de);
  w(4, 0);
  w(8, all.length);
  w(12, originals);
  w(16, translations);
  return Buffer.concat([header, table, ...strings]);
}

describe("readMoCatalog", () => {
  it("reads every message of a .mo file in either byte order, without the header", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.stringMatching(/^[A-Z0-9.]{1,12}$/), fc.string({ unit: "grapheme" })), {
          selector: (e) => e[0],
          maxLength: 30,
        }),
        fc.boolean(),
        (entries, le) => {
          const read = readMoCatalog(moFile(entries, le));
          expect(Object.fromEntries(read)).toEqual(Object.fromEntries(entries));
        },
      ),
    );
  });

  it("refuses what is not a .mo file", () => {
    expect(() => readMoCatalog(Buffer.from('msgid "1"\nmsgstr "x"\n'))).toThrow(/not a \.mo file/);
    expect(() => readMoCatalog(Buffer.alloc(4))).toThrow(/not a \.mo file/);
  });
});

const city = (stored: string, countryCode: string, alternates: string[] = []): PlaceContext => ({
  stored,
  countryCode,
  alternates,
  kind: "city",
});

describe("cleanPlaceName", () => {
  it("takes GeoNames' name for the language", () => {
    expect(cleanPlaceName("München", "de", city("Munich", "DE"))).toBe("München");
    expect(cleanPlaceName("Ciudad de México", "es", city("Mexico City", "MX"))).toBe("Ciudad de México");
  });

  it("writes Arabic without vowel marks, direction marks or 'emirate of', with the article GeoNames knows", () => {
    expect(cleanPlaceName("إمارة الشارقة", "ar", city("Sharjah", "AE"))).toBe("الشارقة");
    expect(cleanPlaceName("اَلأَحْمَدِي", "ar", city("Al Aḩmadī", "KW"))).toBe("الأحمدي");
    expect(cleanPlaceName("حفر الباطن\u200e", "ar", city("Hafar Al-Batin", "SA"))).toBe("حفر الباطن");
    expect(cleanPlaceName("رباط", "ar", city("Rabat", "MA", ["الرباط"]))).toBe("الرباط");
    expect(cleanPlaceName("Dumyāţ", "ar", city("Damietta", "EG"))).toBeUndefined();
  });

  it("writes a Japanese city without 市/都 where GeoNames knows the short form, and only in Japanese script", () => {
    expect(cleanPlaceName("東京都", "ja", city("Tokyo", "JP", ["東京"]))).toBe("東京");
    expect(cleanPlaceName("四日市市", "ja", city("Yokkaichi", "JP"))).toBe("四日市");
    expect(cleanPlaceName("四日市", "ja", city("Yokkaichi", "JP"))).toBe("四日市");
    expect(cleanPlaceName("Toyama-shi", "ja", city("Toyama", "JP"))).toBeUndefined();
    expect(cleanPlaceName("ミュンヘン", "ja", city("Munich", "DE"))).toBe("ミュンヘン");
  });

  it("does not take a spelling without the stored diacritics, nor a longer form around the stored name", () => {
    expect(cleanPlaceName("Wroclaw", "de", city("Wrocław", "PL"))).toBeUndefined();
    expect(cleanPlaceName("Iași", "es", city("Iaşi", "RO"))).toBe("Iași");
    expect(cleanPlaceName("Ciudad de Salta", "es", city("Salta", "AR"))).toBeUndefined();
    expect(cleanPlaceName("London Borough of Sutton", "de", city("Sutton", "GB"))).toBeUndefined();
    expect(cleanPlaceName("Santiago de Chile", "de", city("Santiago", "CL"))).toBeUndefined();
    expect(cleanPlaceName("Delegación Iztapalapa", "es", city("Iztapalapa", "MX"))).toBe("Iztapalapa");
    expect(cleanPlaceName("Мюнхен", "de", city("Munich", "DE"))).toBeUndefined();
  });

  it("gives a name that the rules leave as it is (idempotent) for any text", () => {
    const langs = ["de", "fr", "es", "pt", "nl", "ja", "ar"] as const;
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 20 }), fc.constantFrom(...langs), (raw, lang) => {
        const ctx = city("Stored", "DE");
        const once = cleanPlaceName(raw, lang, ctx);
        if (once !== undefined) expect(cleanPlaceName(once, lang, ctx)).toBe(once);
      }),
    );
  });
});

describe("buildPlaceNameTable", () => {
  it("keeps cleaned names that differ from the stored one, skips rejected ones, and English cities", () => {
    const catalogs = {
      de: new Map([
        ["2867714", "München"],
        ["2950159", "Berlin"],
        ["DE.02", "Bayern"],
      ]),
      es: new Map([["3515431", "Tlanepantla de baz"]]),
      en: new Map([
        ["2867714", "Munich"],
        ["DE.16", "Berlin"],
      ]),
    };
    const cities = [
      { geonameId: 2867714, city: "Munich", iso2: "DE", alternateNames: [] },
      { geonameId: 2950159, city: "Berlin", iso2: "DE", alternateNames: [] },
      { geonameId: 3515431, city: "Tlalnepantla", iso2: "MX", alternateNames: [] },
    ];
    const regions = [
      { code: "DE.02", name: "Bavaria" },
      { code: "DE.16", name: "State of Berlin" },
    ];
    expect(REJECTED_NAMES["es:3515431"]).toBeDefined();
    const table = buildPlaceNameTable(catalogs, cities, regions, "test");
    expect(table).toEqual({
      source: "test",
      cities: { de: { "2867714": "München" }, es: {} },
      regions: { de: { "DE.02": "Bayern" }, es: {}, en: { "DE.16": "Berlin" } },
    });
  });
});

describe("the committed table (server/search/place-names.json)", () => {
  const table = JSON.parse(
    readFileSync(new URL("./place-names.json", import.meta.url), "utf8"),
  ) as PlaceNameTable;
  const byId = new Map(cityTable().map((c) => [String(c.geonameId), c]));

  it("names GeoNames and its licence", () => {
    expect(table.source).toMatch(/GeoNames.*CC BY 4\.0/);
  });

  it("holds, for every language, only cities of the city table, in the language's script, each a fixed point of the rules", () => {
    for (const [lang, names] of Object.entries(table.cities)) {
      expect(Object.keys(names).length, lang).toBeGreaterThan(500);
      for (const [id, name] of Object.entries(names)) {
        const c = byId.get(id);
        expect(c, `${lang}:${id}`).toBeDefined();
        if (!c) continue;
        expect(name).not.toBe(c.city);
        expect(REJECTED_NAMES[`${lang}:${id}`]).toBeUndefined();
        if (lang === "ja")
          expect(name, id).toMatch(
            /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}ー・々ヶ〆=＝ ]+$/u,
          );
        if (lang === "ar") expect(name, id).toMatch(/^[\u0621-\u064A ]+$/u);
        expect(foldText(name).length, `${lang}:${id}`).toBeGreaterThan(0);
      }
    }
  });

  it("gives the names the issue names", () => {
    expect(table.cities.de?.["2867714"]).toBe("München");
    expect(table.cities.ar?.["292672"]).toBe("الشارقة");
    expect(table.cities.ja?.["1850147"]).toBe("東京");
    expect(table.regions.de?.["DE.02"]).toBe("Bayern");
  });
});
