/**
 * What the two emails with one link to an address the account has not proven yet share (issue 3
 * "Lawyer onboarding"; server/listings/claims.ts sends them): the listing claim (listing-claim.ts)
 * and the email verification before creating a listing (email-verification.ts).
 *
 * They greet no one by name and contain no text the account chose (security review of issue 3:
 * a sign-up's first name, 100 characters with line breaks, went to a stranger's inbox): they say
 * that someone signed up with this address and what they asked for, and tell a reader who did
 * not to ignore the email. The link stands on a line of its own in the text part and is a button
 * in HTML.
 */
import { type Locale, type MessageId, translator } from "./catalog.ts";
import type { EmailContent } from "./layout.ts";

/** Shared by both: the recipient (named in the text), the link and its lifetime in hours. */
export interface LinkEmailParams {
  to: string;
  link: string;
  /** Hours the link works (CLAIM_TOKEN_TTL_MS in hours). */
  hours: number;
}

/**
 * The content both emails share; `kind` picks their catalog entries (`claim.*` or `verify.*`).
 */
export function linkContent(
  kind: "claim" | "verify",
  p: LinkEmailParams & { listing?: string },
  locale: Locale,
): EmailContent {
  const t = translator(locale);
  const id = (suffix: string) => `${kind}.${suffix}` as MessageId;
  return {
    subject: t(id("subject")),
    blocks: [
      { lines: [t("common.hello")] },
      { lines: [t(id("someone"), { to: p.to, listing: p.listing ?? "" })] },
      { lines: [t(id("action")), { href: p.link, label: t(id("button")), button: true }] },
      {
        lines: [t("link.when", { hours: p.hours }), t("link.ignore", { unchanged: t(id("unchanged")) })],
      },
      { lines: [t("common.signature")] },
    ],
  };
}
