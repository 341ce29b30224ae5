/**
 * Email addresses worldwide (issue 14 §2 "Email: internationalised addresses (RFC 6531) accepted
 * where the mail transport supports SMTPUTF8, a clear message otherwise"). Pure and browser-safe
 * (no node:url): the shared schemas accept `用户@例子.广告` and `josé@exämple.de`; the server turns
 * the domain into its ASCII form for sending (server/email/address.ts) and refuses a non-ASCII
 * local part when the relay cannot carry it (server/email/mailer.ts).
 */
import { z } from "zod";

/** Shown when the mail relay lacks SMTPUTF8 and the part before the @ is not ASCII. */
export const INTERNATIONAL_EMAIL_MESSAGE =
  "We cannot send email to an address with non-Latin characters before the @ yet. Please give another address, e.g. one whose part before the @ uses Latin letters and digits only.";

/** Longest local part (RFC 5321 §4.5.3.1.1), in UTF-8 octets. */
const MAX_LOCAL_OCTETS = 64;
/** Longest domain (RFC 1035), in octets of its ASCII form; checked on the typed form here. */
const MAX_DOMAIN_LENGTH = 253;

/**
 * RFC 5322 dot-atom text with RFC 6531's UTF-8 characters: letters, marks and digits of any
 * script, and ! # $ % & ' * + - / = ? ^ _ ` { | } ~; dots only between characters.
 */
const LOCAL_ATOM = /^[\p{L}\p{M}\p{N}!#$%&'*+\-/=?^_`{|}~]+$/u;
/** One domain label: letters, marks and digits of any script and inner hyphens (IDNA U-label). */
const DOMAIN_LABEL = /^[\p{L}\p{M}\p{N}](?:[\p{L}\p{M}\p{N}-]{0,61}[\p{L}\p{M}\p{N}])?$/u;

/**
 * True for an address LexAtlas can store: `local@domain` with an RFC 6531 dot-atom local part
 * (at most 64 UTF-8 octets; no quoted strings, no comments) and a domain of at least two labels
 * in any script (an IDN such as `例子.广告` or `exämple.de`), whose last label is not all digits
 * (no IP addresses). Example: isEmailAddress("用户@例子.广告") -> true.
 */
export function isEmailAddress(text: string): boolean {
  const at = text.lastIndexOf("@");
  if (at <= 0 || at === text.length - 1) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1).replace(/[。．｡]/g, ".");
  if (new TextEncoder().encode(local).length > MAX_LOCAL_OCTETS) return false;
  if (!local.split(".").every((atom) => LOCAL_ATOM.test(atom))) return false;
  if (domain.length > MAX_DOMAIN_LENGTH) return false;
  const labels = domain.split(".");
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label))) return false;
  return !/^\d+$/.test(labels.at(-1) as string);
}

/** True when the part before the @ has a non-ASCII character (the relay must support SMTPUTF8). */
export function hasInternationalLocalPart(address: string): boolean {
  const at = address.lastIndexOf("@");
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ASCII is the range 0-127
  return /[^\u0000-\u007f]/.test(at < 0 ? address : address.slice(0, at));
}

/**
 * An address as stored: trimmed, NFC-normalised (RFC 6532 §3.1), the ideographic full stops
 * some keyboards type in a domain ("例子。广告") made dots, and the domain lower-cased (domains
 * are case-insensitive; the local part is the recipient's and stays as typed).
 */
export function normalizeEmailAddress(text: string): string {
  const trimmed = text.trim().normalize("NFC");
  const at = trimmed.lastIndexOf("@");
  if (at < 0) return trimmed;
  return `${trimmed.slice(0, at)}@${trimmed
    .slice(at + 1)
    .replace(/[。．｡]/g, ".")
    .toLowerCase()}`;
}

/**
 * An email field of a shared schema: at most 255 characters (`tooLong`), normalised
 * (normalizeEmailAddress) and checked with isEmailAddress (`message`). Replaces z.email(), whose
 * pattern refuses every non-ASCII address.
 */
export function emailField(message: string, tooLong = message) {
  return z
    .string({ error: message })
    .trim()
    .max(255, { error: tooLong })
    .transform(normalizeEmailAddress)
    .pipe(z.string().refine(isEmailAddress, { error: message }));
}
