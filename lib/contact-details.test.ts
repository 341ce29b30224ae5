/**
 * The link and contact-detail detector (issue 27 §2, lib/contact-details.ts): the attacker's
 * findings (short links and domains on top-level domains the old pattern did not list), then
 * properties over generated input: a domain on any top-level domain (every ISO 3166 country code
 * and any generic one), with or without a scheme, `www.` or a path, inside sentences of the eight
 * locales' scripts, is found; email addresses and phone numbers in any digits are found; and
 * ordinary review sentences in the eight languages, with the numbers, dates, amounts and
 * abbreviations reviews carry, are never flagged.
 */

import fc from "fast-check";
import { getCountries } from "libphonenumber-js/max";
import tlds from "tlds" with { type: "json" };
import { describe, expect, it } from "vitest";
import { findContactDetails, firstLink, hasContactData, undoObfuscation } from "./contact-details.ts";
import { LOCALES } from "./i18n/locales.ts";

const links = (text: string, country?: string) =>
  findContactDetails(text, country)
    .filter((d) => d.kind === "link")
    .map((d) => d.text);

describe("the attacker's links (issue 27 §2)", () => {
  it.each([
    ["bit.ly/3xYzAbC", "Great lawyer, more at bit.ly/3xYzAbC"],
    ["t.me/injuryhelp", "Message them on t.me/injuryhelp for a quick deal."],
    ["injury-deals.xyz", "Cheaper claims: injury-deals.xyz"],
    ["cheap-claims.ru", "cheap-claims.ru does it for less."],
  ])("finds %s", (link, text) => {
    expect(links(text)).toEqual([link]);
  });

  it("undoes cheap obfuscations: hxxp, [.], (dot), [at], fullwidth, zero-width, ideographic full stops", () => {
    expect(firstLink("hxxps://evil[.]com/x")).toBe("https://evil.com/x");
    expect(firstLink("see injury-deals dot com")).toBe("injury-deals.com");
    expect(firstLink("ｂｉｔ．ｌｙ/abc")).toBe("bit.ly/abc");
    expect(firstLink("bit\u200b.ly/abc")).toBe("bit.ly/abc");
    expect(firstLink("bit。ly/abc")).toBe("bit.ly/abc");
    expect(firstLink("claims(dot)top")).toBe("claims.top");
    expect(findContactDetails("mail me: kim(at)firm[.]com")).toEqual([
      { kind: "email", text: "kim@firm.com" },
    ]);
    expect(undoObfuscation("the dot com era")).toBe("the dot com era");
  });

  it("finds IPv4 addresses, with or without a scheme", () => {
    expect(links("open 203.0.113.7/claim now")).toEqual(["203.0.113.7/claim"]);
    expect(links("open http://203.0.113.7:8080/ now")).toEqual(["http://203.0.113.7:8080/"]);
  });
});

describe("contact details", () => {
  it("finds internationalised email addresses and no link inside them", () => {
    expect(findContactDetails("Write to josé@exämple.de or 用户@例子.广告.")).toEqual([
      { kind: "email", text: "josé@exämple.de" },
      { kind: "email", text: "用户@例子.广告" },
    ]);
  });

  it.each([
    ["DE", "Ruf an: ٠١٧٠ ١٢٣٤٥٦٧", "0170 1234567"],
    ["AE", "اتصل على ٠٥٠١٢٣٤٥٦٧", "0501234567"],
    ["JP", "電話は０３−１２３４−５６７８です", "03-1234-5678"],
    ["FR", "Appelez le 06 12 34 56 78.", "06 12 34 56 78"],
    ["US", "Call (415) 555-0132 after five.", "(415) 555-0132"],
    ["BR", "Ligue (11) 91234-5678.", "(11) 91234-5678"],
  ])("finds a national phone number in %s in the script's own digits", (country, text, number) => {
    const found = findContactDetails(text, country);
    expect(found.map((d) => d.kind)).toEqual(["phone"]);
    expect(found[0]?.text.replace(/\D/g, "")).toBe(number.replace(/\D/g, ""));
  });
});

/** One sentence per locale in its script, with a slot for what is embedded. */
const SENTENCES: Record<string, (x: string) => string> = {
  en: (x) => `She handled my claim well, and her office is at ${x} if you need it.`,
  de: (x) => `Sie hat meinen Fall gut betreut; mehr unter ${x} für alle.`,
  fr: (x) => `Elle a bien géré mon dossier, voir ${x} pour les détails.`,
  es: (x) => `Llevó mi caso muy bien; escriban a ${x} si lo necesitan.`,
  "pt-BR": (x) => `Cuidou do meu caso com atenção: ${x} tem tudo.`,
  nl: (x) => `Ze heeft mijn zaak goed behandeld, kijk op ${x} voor meer.`,
  ja: (x) => `とても丁寧に対応してくれました。詳しくは ${x} をご覧ください。`,
  ar: (x) => `تعاملت مع قضيتي بعناية، ولمزيد من التفاصيل زوروا ${x} الآن.`,
};

/** Every ISO 3166-1 country code libphonenumber-js knows, as a country-code top-level domain. */
const COUNTRY_TLDS = getCountries().map((c) => c.toLowerCase());
/** Generic top-level domains IANA has delegated, some of them words reviews use. */
const GENERIC_TLDS = [
  "xyz",
  "top",
  "club",
  "online",
  "claims",
  "lawyer",
  "legal",
  "attorney",
  "info",
  "shop",
  "care",
];

const label = fc.stringMatching(/^[a-z](?:[a-z0-9-]{0,14}[a-z0-9])?$/);
const tld = fc.oneof(
  fc.constantFrom(...COUNTRY_TLDS, ...GENERIC_TLDS),
  // Any top-level domain IANA has delegated (ASCII ones; IDN `xn--` forms are linkify-it's own).
  fc.constantFrom(...tlds.filter((t) => /^[a-z]+$/.test(t))),
);
const host = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 3 }), tld)
  .map(([labels, t]) => `${labels.join(".")}.${t}`);
const address = fc
  .tuple(
    fc.constantFrom("", "", "http://", "https://", "HTTPS://", "//", "hxxp://"),
    fc.constantFrom("", "www."),
    host,
    fc.constantFrom("", "/", "/3xYzAbC", "/claim?ref=42", ":8080/x"),
  )
  // A port only after a scheme: linkify-it reads "name.tld:80" without one as a time, not a link.
  .map(([scheme, www, h, path]) => `${scheme}${www}${h}${scheme || !path.startsWith(":") ? path : ""}`);

describe("property: a domain on any delegated top-level domain, in any locale's sentence, is a link", () => {
  it("is found whatever the scheme, path, case and surrounding script", () => {
    fc.assert(
      fc.property(address, fc.constantFrom(...LOCALES), fc.boolean(), (link, locale, upper) => {
        const shown = upper ? link.toUpperCase() : link;
        const text = (SENTENCES[locale] as (x: string) => string)(shown);
        expect(links(text).map((l) => l.toLowerCase())).toEqual([undoObfuscation(link).toLowerCase()]);
      }),
      { numRuns: 400 },
    );
  });

  it("is found between brackets and quotes of every script", () => {
    fc.assert(
      fc.property(
        host,
        fc.constantFrom(["(", ")"], ["«", "»"], ["「", "」"], ["“", "”"], ["«", "»"]),
        (h, [l, r]) => {
          expect(links(`siehe ${l}${h}${r}`)).toEqual([h]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

/** Ordinary review sentences of the eight languages: numbers, dates, amounts, abbreviations. */
const ORDINARY: Record<string, string[]> = {
  en: [
    "5 stars: she won 3.5 times what the insurer offered within 2 years.",
    "Dr. Patel and his team at St. Mary's were patient, e.g. on 12/03/2024 at 10:30 a.m.",
    "I got $12,500 after 18 months; the U.S. insurer paid 100% of the costs, i.e. everything.",
    "Case no. 4 of 2023 settled for €10.000 vs. the €2.500 offered, etc.",
    "Mr. Smith answered at 7 p.m. on a Sunday. Great work, approx. 3 calls a week!",
  ],
  de: [
    "5 Sterne: nach 2 Jahren bekam ich 10.000 €, d.h. dreimal so viel wie angeboten.",
    "Frau Dr. Weber hat z.B. am 12.03.2024 um 14:30 Uhr sofort zurückgerufen.",
    "Die Versicherung zahlte u.a. 3,5 % Zinsen; Nr. 2 der Forderungen wurde z.Zt. geprüft.",
    "Ca. 4 Wochen nach dem Unfall auf der B 27 kam die erste Zahlung von 1.250,50 €.",
  ],
  fr: [
    "5 étoiles : en 2 ans elle a obtenu 25 000 €, p.ex. pour la voiture.",
    "Me Dupont a répondu le 12/03/2024 à 10 h 30, c.-à-d. le jour même.",
    "M. Martin, av. de la République, a négocié 3,5 fois l'offre initiale, etc.",
  ],
  es: [
    "5 estrellas: en 2 años consiguió 15.000 €, p.ej. por la baja laboral.",
    "El Dr. García y la Sra. López respondieron el 12/03/2024 a las 10:30.",
    "Nº 3 de mis reclamaciones: pagaron el 3,5 % de intereses, aprox. 1.200 €.",
  ],
  "pt-BR": [
    "5 estrelas: em 2 anos recebi R$ 45.000,00, p.ex. pelos danos morais.",
    "A Dra. Souza respondeu em 12/03/2024 às 10h30, ou seja, no mesmo dia.",
    "O Sr. Lima conseguiu 3,5 vezes a oferta; nº 2 do processo foi resolvido.",
  ],
  nl: [
    "5 sterren: na 2 jaar kreeg ik € 10.000, o.a. voor de schade aan de auto.",
    "Mr. De Vries belde op 12-03-2024 om 10.30 uur terug, bijv. ook in het weekend.",
    "Dhr. Jansen regelde 3,5 keer het bod, t.w. € 1.250,50 extra.",
  ],
  ja: [
    "5つ星です。2年で示談金が300万円になりました。",
    "2024年3月12日の10時30分にすぐ電話をくれました。",
    "保険会社の提示額の3.5倍を勝ち取ってくれました。本当に感謝しています。",
  ],
  ar: [
    "خمس نجوم: حصلت على ١٠٬٠٠٠ درهم بعد سنتين من الحادث.",
    "ردّ د. أحمد في ١٢/٠٣/٢٠٢٤ الساعة ١٠:٣٠ صباحًا.",
    "حصلت على ٣٫٥ أضعاف عرض شركة التأمين، أي ٢٥٠٠٠ ريال تقريبًا.",
  ],
};

/** The country whose phone numbers a review of each language is read against. */
const COUNTRY: Record<string, string> = {
  en: "US",
  de: "DE",
  fr: "FR",
  es: "ES",
  "pt-BR": "BR",
  nl: "NL",
  ja: "JP",
  ar: "AE",
};

describe("property: ordinary review sentences are never flagged (no false positives)", () => {
  it.each([...LOCALES])("%s: the corpus is clean", (locale) => {
    for (const sentence of ORDINARY[locale] ?? [])
      expect(findContactDetails(sentence, COUNTRY[locale]), sentence).toEqual([]);
  });

  it("any mix of them, with numbers, amounts and dates formatted in the locale, is clean", () => {
    const figure = fc.oneof(
      fc.integer({ min: 0, max: 99_999 }).map((n) => ({ kind: "number" as const, n })),
      fc.double({ min: 0, max: 9_999, noNaN: true }).map((n) => ({ kind: "decimal" as const, n })),
      fc.integer({ min: 1, max: 250_000 }).map((n) => ({ kind: "money" as const, n })),
      fc.date({ min: new Date("2000-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((d) => ({
        kind: "date" as const,
        d,
      })),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
        fc.array(figure, { minLength: 1, maxLength: 3 }),
        (locale, picks, figures) => {
          const pool = ORDINARY[locale] as string[];
          const words = figures.map((f) =>
            f.kind === "date"
              ? new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short" }).format(f.d)
              : f.kind === "money"
                ? new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(f.n)
                : new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(f.n),
          );
          const text = [...picks.map((p) => pool[p % pool.length]), ...words].join(" ");
          expect(findContactDetails(text, COUNTRY[locale]), text).toEqual([]);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("hasContactData is false for the corpus and true with an address or a number added", () => {
    const text = ORDINARY.en?.[0] as string;
    expect(hasContactData(text, "US")).toBe(false);
    expect(hasContactData(`${text} kim@firm.example`, "US")).toBe(true);
    expect(hasContactData(`${text} +1 415 555 0132`, "US")).toBe(true);
  });
});
