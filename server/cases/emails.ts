/**
 * The two emails of a case that has just reached a lawyer (issue 4 "Case submission"): the
 * client's receipt (with the private tracking link when the client has no account) and the
 * lawyer's notice, each in its reader's language (issue 14 §1). Written once for the two ways a
 * case arrives: a submission (server/cases/index.ts) and a re-send of an unanswered case to
 * another lawyer (server/responses/resend.ts, issue 16 §3).
 */
import type { Locale } from "../../lib/i18n/locales.ts";
import { localizePath } from "../../lib/i18n/locales.ts";
import { caseNewEmail, caseSentEmail, type RenderedEmail } from "../email/templates/index.ts";
import { caseAsLawyerSeesIt } from "./visibility.ts";

/** The case as the two emails need it. */
export interface ArrivedCase {
  id: string;
  caseTitle: string;
  caseType: string;
  priority: string;
  clientName: string;
  clientEmail: string;
  /** Issue 17 §2 conflict-check facts, for the lawyer's summary. */
  otherParty: string | null;
  incidentDate: string | null;
  incidentPlace: string | null;
  /** The client's language (cases.locale). */
  clientLocale: Locale;
  /** Whether the client has an account: then no tracking link is sent (they sign in). */
  clientHasAccount: boolean;
  /** The new case's tracking token (plain; only its hash is stored). */
  trackingToken: string;
}

/** The listing the case went to. */
export interface ArrivedListing {
  name: string;
  firm: string;
  email: string;
  locale: Locale;
  /**
   * The account that manages the listing; null when nobody has claimed it (issue 19 §5: the
   * notice then explains how to claim it). Undefined counts as managed.
   */
  ownerUserId?: string | null;
}

/**
 * Issue 17 §2: the lawyer's notice carries the conflict-check summary only, never the description:
 * it is written from the case as its lawyer may see it before acceptance (visibility.ts, issue 27
 * §2). The receipt for the client and the notice for the lawyer, as [recipient, rendering] pairs for
 * the mailer. `caseLink(id, locale)` is the case page's absolute address in that language.
 */
export function caseArrivalEmails(
  c: ArrivedCase,
  listing: ArrivedListing,
  caseLink: (id: string, locale: Locale) => string,
): [string, Promise<RenderedEmail>][] {
  const clientCaseLink = caseLink(c.id, c.clientLocale);
  // A case that has just arrived is not accepted: the lawyer gets the summary.
  const seen = caseAsLawyerSeesIt({ ...c, acceptedAt: null });
  return [
    [
      c.clientEmail,
      caseSentEmail(
        {
          clientName: c.clientName,
          caseTitle: c.caseTitle,
          lawyerName: listing.name,
          lawyerFirm: listing.firm,
          caseLink: clientCaseLink,
          ...(c.clientHasAccount ? {} : { trackingLink: `${clientCaseLink}?token=${c.trackingToken}` }),
        },
        c.clientLocale,
      ),
    ],
    [
      listing.email,
      caseNewEmail(
        {
          listingName: listing.name,
          caseTitle: seen.caseTitle,
          caseType: seen.caseType,
          priority: seen.priority,
          clientName: seen.clientName,
          otherParty: seen.otherParty,
          incidentPlace: seen.incidentPlace,
          incidentDate: seen.incidentDate,
          caseLink: caseLink(c.id, listing.locale),
          // Issue 19 §5: an unclaimed listing's address is told how to claim it (the claim flow
          // of issue 3: a lawyer account with this address, then the emailed claim link).
          ...(listing.ownerUserId === null
            ? {
                claim: {
                  signupLink: `${new URL(caseLink(c.id, listing.locale)).origin}${localizePath("/signup", listing.locale)}`,
                  email: listing.email,
                },
              }
            : {}),
        },
        listing.locale,
      ),
    ],
  ];
}
