/**
 * Links and contact details in free text (issue 27 §2 "Reviews that can't be gamed"): the one
 * detector that reviews, the lawyer's replies and report texts use (lib/review-input.ts,
 * server/reviews, server/moderation; the moderators' screens). It replaces a pattern that knew a fixed list of
 * top-level domains, so `injury-deals.xyz` or `t.me/injuryhelp` went through.
 *
 * - **Links** are found by `linkify-it` (the markdown-it project's link finder, full Unicode) with
 *   schemes (`http:`, `https:`, `ftp:`, `//`, `mailto:`), schemeless "fuzzy" links and fuzzy IPv4
 *   addresses, on IANA's full list of top-level domains (the `tlds` package) and every ISO 3166
 *   country code, so `injury-deals.xyz` or `cheap-claims.ru` are links and "p.ex." is not.
 * - **Obfuscations** are undone first, when cheap: `hxxp://`, `[.]`, `(dot)`, `[at]`, "deals-4u dot com",
 *   zero-width characters, fullwidth letters (NFKC) and ideographic full stops between Latin
 *   letters ("bit。ly").
 * - **Email addresses**: any `local@domain` the product itself accepts as an address
 *   (lib/email-address.ts: RFC 6531 internationalised addresses too).
 * - **Phone numbers**: libphonenumber-js's `findPhoneNumbersInText` (Google's libphonenumber
 *   metadata, "valid" leniency) on the text with every script's digits made ASCII
 *   (lib/phone.ts normalizeDigits: Arabic-Indic, fullwidth, Devanagari…), national numbers read
 *   in `country` (the lawyer's); amounts, dates and times are not phone numbers (isFigure).
 *
 * Pure and browser-safe: the review form's checks and the server use the same function.
 * Sources: FTC 16 CFR 465 (fake reviews), UK DMCC Act 2024 (proactive steps against fake
 * reviews), GDPR Art. 6 (third parties' contact data); UTS #46 (full stops that IDNA maps to ".").
 */
import { type CountryCode, findPhoneNumbersInText, getCountries } from "libphonenumber-js/max";
import { LinkifyIt } from "linkify-it";
import tlds from "tlds" with { type: "json" };
import { isEmailAddress } from "./email-address.ts";
import { isPhoneCountry, normalizeDigits } from "./phone.ts";

/** What a found detail is: a web address (or IP), an email address or a phone number. */
export type ContactDetailKind = "link" | "email" | "phone";

/** One link or contact detail found in a text. */
export interface ContactDetail {
  kind: ContactDetailKind;
  /** The text as found, after the obfuscations were undone (e.g. "bit.ly/3xYzAbC"). */
  text: string;
}

/**
 * The country-code top-level domains: ISO 3166-1 alpha-2 codes (libphonenumber-js keeps the list
 * current; linkify-it's own lacks newer ones such as `.ss`). linkify-it adds `uk`, `eu`, `ac`, `su`….
 */
const COUNTRY_TLDS = getCountries().map((c) => c.toLowerCase());

/**
 * linkify-it with IANA's full list of top-level domains (the `tlds` package, kept current from
 * IANA's root zone database) and every ISO 3166 country code, added to its own list: `.xyz`,
 * `.top`, `.claims`, `.ru` and `.me` are links, while "p.ex." or "z.Zt." are not (no such
 * domain). A missing space before a word that is also a domain ("result.now") still reads as a
 * link; the refusal message names what it found, so the writer sees what to change.
 */
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyIP: true, fuzzyEmail: true }).tlds(
  [...new Set([...tlds, ...COUNTRY_TLDS])],
  true,
);

/** Zero-width and direction characters that hide a link from a pattern but not from a reader. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
/**
 * A spelled-out dot before a common top-level domain, after a name with a hyphen or a digit
 * ("injury-deals dot com", "claims4u punkt de"): only then, as "the dot com era" is plain prose.
 */
const SPELLED_DOT =
  /(?<=[\p{L}\p{N}]*[-\p{N}][\p{L}\p{N}-]*)\s+(?:dot|punkt|point|punto|ponto|punt)\s+(?=(?:com|net|org|info|biz|io|co|me|ly|ru|xyz|de|fr|es|nl|uk|br|jp)\b)/giu;

/**
 * `text` with the cheap obfuscations of a link or an address undone: NFKC (fullwidth "ｂｉｔ．ｌｙ"),
 * invisible characters removed, "hxxp" → "http", "[:]" → ":", "[.]" "(dot)" "{.}" → ".",
 * "[at]" "(@)" → "@", "deals-4u dot com" → "deals-4u.com" (SPELLED_DOT), and
 * an ideographic full stop between Latin letters or digits → "." (UTS #46 maps it so in domains).
 */
export function undoObfuscation(text: string): string {
  return text
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .replace(/\bh(?:xx|\*\*|tt)p(s?)\s*(?:\[:\]|\(:\)|:)\s*\/\//gi, "http$1://")
    .replace(/\s*[[({<]\s*(?:dot|\.)\s*[\])}>]\s*/gi, ".")
    .replace(/\s*[[({<]\s*(?:at|@)\s*[\])}>]\s*/gi, "@")
    .replace(SPELLED_DOT, ".")
    .replace(/(?<=[A-Za-z0-9])[。｡](?=[A-Za-z0-9])/g, ".");
}

/** Characters that end an email address in running text (besides white space). */
const EMAIL_CANDIDATE =
  /[^\s<>()[\]{}"'«»「」『』“”‘’,;:!?、，。]+@[^\s<>()[\]{}"'«»「」『』“”‘’,;:!?、，。@]+/gu;

/** The email addresses in `text`: each `…@…` run the product accepts as an address, without trailing dots. */
function findEmails(text: string): string[] {
  const found: string[] = [];
  if (!text.includes("@")) return found;
  for (const m of text.matchAll(EMAIL_CANDIDATE)) {
    const candidate = m[0].replace(/^[.\-_]+|[.\-_]+$/g, "");
    if (isEmailAddress(candidate)) found.push(candidate);
  }
  return found;
}

/**
 * Whether the number libphonenumber-js found at `text[start, end)` is rather an amount, a date or a
 * time, which reviews are full of ("208.000,00 €", "12.06.02, 11:28"): it holds a comma (a decimal
 * or a list, never part of a written phone number) or a thousands group ("20.100"), is a date ("21.08.01"), touches a
 * currency sign, or continues a longer figure ("11:28" → "28 …", "3.5.2024").
 */
function isFigure(text: string, start: number, end: number): boolean {
  const raw = text.slice(start, end);
  // A comma, or a dot or a no-break space before a last group of three digits ("20.100",
  // "1.250.000", "10 000" as Intl writes French): an amount.
  if (raw.includes(",") || /\d[.\u00a0\u2009\u202f]\d{3}(?![\d.])/.test(raw)) return true;
  // A date: "21.08.01", "12/03/2024", "2024-03-12".
  if (/^(?:\d{1,2}([./-])\d{1,2}\1\d{2,4}|\d{4}([./-])\d{1,2}\2\d{1,2})$/.test(raw)) return true;
  const around = text.slice(Math.max(0, start - 2), start) + text.slice(end, end + 2);
  if (/\p{Sc}/u.test(around)) return true;
  const joins = /[:./\-\u00a0\u2009\u202f]/;
  return (
    (joins.test(text[start - 1] ?? "") && /\d/.test(text[start - 2] ?? "")) ||
    (joins.test(text[end] ?? "") && /\d/.test(text[end + 1] ?? ""))
  );
}

/** Every kind, in the order findContactDetails lists them. */
const ALL_KINDS: readonly ContactDetailKind[] = ["link", "email", "phone"];

/**
 * Every link, email address and phone number in `text`, in the order kinds are listed (links,
 * then emails, then phones), each once. `country` (ISO 3166-1 alpha-2, e.g. the lawyer's "DE")
 * is where a national phone number is read; without it only international numbers count.
 * `kinds` limits the search (a phone search costs the most). Never throws. Example:
 * findContactDetails("Write to me: t.me/injuryhelp", "GB") -> [{ kind: "link", text: "t.me/injuryhelp" }].
 */
export function findContactDetails(
  text: string,
  country?: string | null,
  kinds: readonly ContactDetailKind[] = ALL_KINDS,
): ContactDetail[] {
  const found: ContactDetail[] = [];
  // An address needs an "@", typed or obfuscated ("[at]"): without one only links need the preparation.
  const mayHoldEmail = kinds.includes("email") && /[@＠]|[[({<]\s*(?:at|@)\s*[\])}>]/i.test(text);
  if (kinds.includes("link") || mayHoldEmail) {
    const prepared = undoObfuscation(text);
    const emails = findEmails(prepared);
    if (kinds.includes("link"))
      // An address ("mailto:…", or the domain of "josé@firm.com") is an email, not a link.
      for (const m of linkify.match(prepared) ?? [])
        if (m.schema !== "mailto:" && !emails.some((e) => e.includes(m.raw)))
          found.push({ kind: "link", text: m.raw });
    if (kinds.includes("email"))
      for (const email of new Set(emails)) found.push({ kind: "email", text: email });
  }
  if (kinds.includes("phone")) {
    const defaultCountry: CountryCode | undefined = isPhoneCountry(country) ? country : undefined;
    // Not NFKC: it would turn the no-break spaces of amounts ("10 000 €") into plain ones.
    const digits = normalizeDigits(text.replace(INVISIBLE, ""));
    // No phone number without at least five digits (libphonenumber-js's shortest is longer).
    if ((digits.match(/\d/g)?.length ?? 0) >= 5)
      for (const n of findPhoneNumbersInText(digits, defaultCountry ? { defaultCountry } : undefined))
        if (!isFigure(digits, n.startsAt, n.endsAt))
          found.push({ kind: "phone", text: digits.slice(n.startsAt, n.endsAt) });
  }
  return found;
}

/** The first link in `text` (see findContactDetails), or null: what a refusal names. */
export function firstLink(text: string): string | null {
  return findContactDetails(text, null, ["link"])[0]?.text ?? null;
}

/** Whether `text` holds an email address or a phone number (read in `country`): someone's contact data. */
export function hasContactData(text: string, country?: string | null): boolean {
  return findContactDetails(text, country, ["email", "phone"]).length > 0;
}
