/**
 * Free-mail providers (issue 27 §2 "the lawyer's firm's email domain … excluding free-mail
 * providers"): a client at the listing's own domain holds a review for a moderator, but two
 * people at gmail.com are no sign of anything. No maintained list of free-mail domains is among
 * the project's packages, so this is a short documented one: the providers with the most
 * accounts worldwide and in the eight locales' markets (the US, Germany, France, Spain, Brazil,
 * the Netherlands, Japan, the Gulf), by brand (any country ending: yahoo.co.jp, hotmail.fr) or by
 * domain. A provider missing here only means a match on its domain holds a review for a moderator
 * to look at; extend the lists when moderators see one.
 */

/** Brands whose domain under any ending is free mail: "gmx" covers gmx.de, gmx.net, gmx.at. */
const FREE_MAIL_BRANDS = new Set([
  "gmail",
  "googlemail",
  "outlook",
  "hotmail",
  "live",
  "msn",
  "yahoo",
  "ymail",
  "aol",
  "gmx",
  "proton",
  "protonmail",
  "icloud",
  "yandex",
  "zoho",
  "tutanota",
  "mail",
]);

/** Whole domains that are free mail (their brand is too common a word, or national). */
const FREE_MAIL_DOMAINS = new Set([
  "me.com",
  "mac.com",
  "pm.me",
  "tuta.io",
  "fastmail.com",
  "web.de",
  "t-online.de",
  "freenet.de",
  "posteo.de",
  "orange.fr",
  "wanadoo.fr",
  "laposte.net",
  "free.fr",
  "sfr.fr",
  "libero.it",
  "telefonica.net",
  "uol.com.br",
  "bol.com.br",
  "terra.com.br",
  "ig.com.br",
  "ziggo.nl",
  "kpnmail.nl",
  "planet.nl",
  "home.nl",
  "docomo.ne.jp",
  "ezweb.ne.jp",
  "au.com",
  "softbank.ne.jp",
  "i.softbank.jp",
  "nifty.com",
  "qq.com",
  "163.com",
  "126.com",
  "naver.com",
  "mail.ru",
]);

/** Second-level labels under which a country ending puts a brand ("yahoo.co.jp", "hotmail.com.br"). */
const SECOND_LEVEL = new Set(["co", "com", "ne", "or", "net", "org"]);

/**
 * Whether `domain` (lower case, e.g. "gmx.de") is a free-mail provider's: listed as a whole, or
 * a listed brand under a country or generic ending ("hotmail.co.uk", "yahoo.co.jp").
 */
export function isFreeMailDomain(domain: string): boolean {
  const d = domain.toLowerCase().replace(/\.$/, "");
  if (FREE_MAIL_DOMAINS.has(d)) return true;
  const labels = d.split(".");
  const brand =
    labels.length === 2 || (labels.length === 3 && SECOND_LEVEL.has(labels[1] as string)) ? labels[0] : null;
  return brand !== null && brand !== undefined && FREE_MAIL_BRANDS.has(brand);
}
