/** Subject of the claim email. */
export const CLAIM_EMAIL_SUBJECT = "Confirm your LexAtlas listing";
/** Subject of the email that proves an account's address before it creates a listing. */
export const VERIFY_EMAIL_SUBJECT = "Verify your email address for LexAtlas";

/** Escapes text for HTML element content and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An email with a text part and an HTML part, as the mailer sends it. */
interface LinkEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * An email with one link to an address the account has not proven yet (claim and verification
 * links). It greets no one by name and contains no text the account chose (security review of
 * issue 3: a sign-up's first name, 100 characters with line breaks, went to a stranger's inbox):
 * it says that someone signed up with this address and asked for `asked`, and tells a reader who
 * did not to ignore the email. Plain text with the link on a line of its own, and the same in
 * HTML (escaped) with a button-like link labelled `button`.
 */
function linkEmail(p: {
  to: string;
  subject: string;
  asked: string;
  action: string;
  button: string;
  link: string;
  hours: number;
  unchanged: string;
}): LinkEmail {
  const someone = `Someone signed up on LexAtlas with this address (${p.to}) and ${p.asked}`;
  const when = `The link works for ${p.hours} hours, once, while signed in to the account that asked for it.`;
  const ignore = `If it wasn't you, ignore this email: ${p.unchanged}`;
  return {
    to: p.to,
    subject: p.subject,
    text: [
      "Hello,",
      "",
      someone,
      "",
      `If it was you, open this link to ${p.action}:`,
      p.link,
      "",
      when,
      ignore,
      "",
      "LexAtlas",
    ].join("\n"),
    html: [
      "<p>Hello,</p>",
      `<p>${escapeHtml(someone)}</p>`,
      `<p>${escapeHtml(`If it was you, use this link to ${p.action}:`)}</p>`,
      `<p><a href="${escapeHtml(p.link)}" style="display:inline-block;padding:10px 16px;background:#1864ab;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(p.button)}</a></p>`,
      `<p>${escapeHtml(when)}<br>${escapeHtml(ignore)}</p>`,
      "<p>LexAtlas</p>",
    ].join("\n"),
  };
}

/**
 * The claim email (issue 3) to the listing's address `to`, which the account has not proven yet:
 * a neutral greeting, the listing described by `listing` ("Name, Firm, Location": the listing's
 * own text, not the account's) and the link, which works `hours` hours. No account-provided text
 * (linkEmail).
 */
export function claimEmail(p: { to: string; listing: string; link: string; hours: number }): LinkEmail {
  return linkEmail({
    to: p.to,
    subject: CLAIM_EMAIL_SUBJECT,
    asked: `asked to manage the listing "${p.listing}", which uses this address as its contact email.`,
    action: "confirm that this listing is yours",
    button: "Confirm that this listing is mine",
    link: p.link,
    hours: p.hours,
    unchanged: "nothing changes, and the listing stays as it is.",
  });
}

/**
 * The verification email (security review of issue 3) to the account's address `to` before it
 * may create a listing showing that address: a neutral greeting and the link, which works `hours`
 * hours. No account-provided text (linkEmail).
 */
export function verifyEmail(p: { to: string; link: string; hours: number }): LinkEmail {
  return linkEmail({
    to: p.to,
    subject: VERIFY_EMAIL_SUBJECT,
    asked:
      "asked to create a listing in the LexAtlas directory that shows this address as its contact email.",
    action: "verify the address",
    button: "Verify my email address",
    link: p.link,
    hours: p.hours,
    unchanged: "no listing is created with this address.",
  });
}
