/**
 * Every English string of LexAtlas's emails, keyed by message id, with `{placeholders}` (issue 13
 * §4: "ready for translation"). A later translation issue adds one catalog per locale with the
 * same ids (the `Catalog` type makes a missing id a type error) and registers it in CATALOGS;
 * the templates never hold prose of their own.
 *
 * Wording: these are the texts the services sent before the templates existed (issues 3 and 4),
 * unchanged, because tests and users' expectations rest on them. Values that come from users or
 * the database are placeholders, never concatenated into ids.
 */

/** The English catalog: message id → text with `{placeholders}`. */
export const EN = {
  "common.hello": "Hello,",
  "common.helloName": "Hello {name},",
  "common.signature": "LexAtlas",

  "reset.subject": "Reset your LexAtlas password",
  "reset.intro":
    "Someone asked to reset the password of your LexAtlas account. To choose a new password, open this link:",
  "reset.button": "Choose a new password",
  "reset.expiry": "The link works once and expires in 1 hour.",
  "reset.ignore": "If you did not ask for this, ignore this email: your password stays as it is.",

  "link.when": "The link works for {hours} hours, once, while signed in to the account that asked for it.",
  "link.ignore": "If it wasn't you, ignore this email: {unchanged}",

  "claim.subject": "Confirm your LexAtlas listing",
  "claim.someone":
    'Someone signed up on LexAtlas with this address ({to}) and asked to manage the listing "{listing}", which uses this address as its contact email.',
  "claim.action": "If it was you, open this link to confirm that this listing is yours:",
  "claim.button": "Confirm that this listing is mine",
  "claim.unchanged": "nothing changes, and the listing stays as it is.",

  "verify.subject": "Verify your email address for LexAtlas",
  "verify.someone":
    "Someone signed up on LexAtlas with this address ({to}) and asked to create a listing in the LexAtlas directory that shows this address as its contact email.",
  "verify.action": "If it was you, open this link to verify the address:",
  "verify.button": "Verify my email address",
  "verify.unchanged": "no listing is created with this address.",

  "caseSent.subject": "Your case was sent to {lawyer}",
  "caseSent.intro": 'Your case "{title}" was sent to {lawyer}. The lawyer will respond within 24 hours.',
  "caseSent.introWithFirm":
    'Your case "{title}" was sent to {lawyer} ({firm}). The lawyer will respond within 24 hours.',
  "caseSent.followAccount": "Follow its status and message the lawyer from your dashboard or here:",
  "caseSent.followToken": "Follow its status and message the lawyer with your private tracking link:",
  "caseSent.keepPrivate": "Keep this link to yourself: anyone who has it can read your case.",

  "caseNew.subject": "New case on LexAtlas: {type}",
  "caseNew.intro": 'A new case was sent to your listing "{listing}" on LexAtlas.',
  "caseNew.title": "Title: {title}",
  "caseNew.type": "Type: {type}",
  "caseNew.priority": "Priority: {priority}",
  "caseNew.client": "Client: {client}",

  "case.openLawyer": "Open the case (sign in with the LexAtlas account that manages your listing):",
  "case.openAccount": "Open your case (sign in to your LexAtlas account):",
  "case.openToken": "Open your case:",
  "case.openTokenNote":
    "This opens in the browser where you used your private tracking link; on another device, use the private tracking link from the email we sent when you submitted the case.",
  "case.yourLawyer": "Your lawyer",
  "case.status.pending": "Pending",
  "case.status.reviewing": "Under review",
  "case.status.accepted": "Accepted",
  "case.status.declined": "Declined",
  "case.status.closed": "Closed",

  "caseStatus.subject": "Your case is now: {status}",
  "caseStatus.intro": '{lawyer} changed the status of your case "{title}" to: {status}.',

  "caseMessageClient.subject": "New message about your case",
  "caseMessageClient.intro": '{lawyer} wrote about your case "{title}":',
  "caseMessageLawyer.subject": "New message about a case on LexAtlas",
  "caseMessageLawyer.intro": '{client} wrote about the case "{title}":',

  "newMessage.subject": "You have a new message on LexAtlas",
  "newMessage.intro1":
    "Someone sent you a message through your LexAtlas listing. It waits in the inbox of your dashboard,",
  "newMessage.intro2": "where you can reply after signing in: {link}",
  "newMessage.from": "From: {name} <{email}>",
  "newMessage.fromWithPhone": "From: {name} <{email}>, phone {phone}",
  "newMessage.subjectLine": "Subject: {subject}",
  "newMessage.warning1":
    "LexAtlas has not checked who sent this message. Never send documents or payment details to an",
  "newMessage.warning2": "address you have not verified.",

  "reply.subject": "Reply from {lawyer} on LexAtlas",
  "reply.who": "{lawyer} ({firm})",
  "reply.intro": '{who} replied to your message "{subject}" sent through LexAtlas:',
  "reply.yourMessage": "Your message:",
  "reply.answer": "To answer, reply to this email or write to {email}.",

  "contact.subject": "[Contact · {category} · {priority}] {subject}",
  "contact.intro": "A message arrived through the contact form of LexAtlas.",
  "contact.category": "Category: {category}",
  "contact.priority": "Priority: {priority} (we promised a response within {hours} hours)",
  "contact.received": "Received: {at}",
  "contact.reference": "Reference: {id}",
  "contact.name": "Name: {name}",
  "contact.email": "Email: {email} (not verified)",
  "contact.phone": "Phone: {phone}",
  "contact.phoneNotGiven": "not given",
  "contact.subjectLine": "Subject: {subject}",
} as const;

/** A message id of the email catalogs. */
export type MessageId = keyof typeof EN;

/** A catalog for one locale: a text for every message id. */
export type Catalog = Record<MessageId, string>;

/** The catalogs by locale; "en" is the only one today and the fallback for unknown locales. */
export const CATALOGS: Record<string, Catalog> = { en: EN };

/** A BCP 47 language tag such as "en"; unknown tags fall back to English. */
export type Locale = string;

/** Values for a message's placeholders. */
export type MessageParams = Record<string, string | number>;

/**
 * The text of message `id` in `locale` (English when the locale has no catalog) with each
 * `{name}` replaced by `params.name`. One pass over the catalog text: a value that itself holds
 * "{x}" (user text) is inserted as is, never expanded. A placeholder without a value stays
 * visible as `{name}` so a missing parameter shows in tests instead of vanishing.
 */
export function message(locale: Locale, id: MessageId, params: MessageParams = {}): string {
  const text = (CATALOGS[locale] ?? EN)[id];
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** `message` bound to one locale, as the templates use it: `t("reset.subject")`. */
export function translator(locale: Locale): (id: MessageId, params?: MessageParams) => string {
  return (id, params) => message(locale, id, params);
}
