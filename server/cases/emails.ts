/**
 * The two emails of a case that has just reached a lawyer (issue 4 "Case submission"): the
 * client's receipt (with the private tracking link when the client has no account) and the
 * lawyer's notice, each in its reader's language (issue 14 §1). Written once for the two ways a
 * case arrives: a submission (server/cases/index.ts) and a re-send of an unanswered case to
 * another lawyer (server/responses/resend.ts, issue 16 §3).
 */
import type { Locale } from "../../lib/i18n/locales.ts";
import { localizePath } from "../../lib/i18n/locales.ts";
import type { ClaimSteps } from "../email/templates/case-shared.ts";
import {
  caseNewEmail,
  caseSentEmail,
  caseWaitingEmail,
  type RenderedEmail,
} from "../email/templates/index.ts";
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
   * Issue 28 §4: an account with a confirmed email manages the listing (server/listings/managed.ts).
   * When false the listing's address is nobody's confirmed address: its notice carries no field of
   * the client's and explains how to claim the listing (issue 19 §5), and the client's receipt says
   * the listing is not managed and what LexAtlas does.
   */
  managed: boolean;
}

/** The claim's steps for the address of a listing nobody manages, with the sign-up page in `locale`. */
export function claimStepsFor(listingEmail: string, caseLink: string, locale: Locale): ClaimSteps {
  return {
    signupLink: `${new URL(caseLink).origin}${localizePath("/signup", locale)}`,
    email: listingEmail,
  };
}

/**
 * Issue 17 §2: the lawyer's notice carries the conflict-check summary only, never the description:
 * it is written from the case as its lawyer may see it before acceptance (visibility.ts, issue 27
 * §2). Issue 28 §4 (GDPR Art. 9): to a listing nobody manages, not even the summary — the waiting
 * notice names only the case type and how to claim the listing. The receipt for the client and the
 * notice for the lawyer, as [recipient, rendering] pairs for the mailer. `caseLink(id, locale)` is
 * the case page's absolute address in that language.
 */
export function caseArrivalEmails(
  c: ArrivedCase,
  listing: ArrivedListing,
  caseLink: (id: string, locale: Locale) => string,
): [string, Promise<RenderedEmail>][] {
  const clientCaseLink = caseLink(c.id, c.clientLocale);
  const lawyerCaseLink = caseLink(c.id, listing.locale);
  // A case that has just arrived is not accepted: the lawyer gets the summary.
  const seen = caseAsLawyerSeesIt({ ...c, acceptedAt: null });
  const lawyerNotice = listing.managed
    ? caseNewEmail(
        {
          listingName: listing.name,
          caseTitle: seen.caseTitle,
          caseType: seen.caseType,
          priority: seen.priority,
          clientName: seen.clientName,
          otherParty: seen.otherParty,
          incidentPlace: seen.incidentPlace,
          incidentDate: seen.incidentDate,
          caseLink: lawyerCaseLink,
        },
        listing.locale,
      )
    : caseWaitingEmail(
        {
          listingName: listing.name,
          caseType: seen.caseType,
          caseLink: lawyerCaseLink,
          claim: claimStepsFor(listing.email, lawyerCaseLink, listing.locale),
        },
        listing.locale,
      );
  return [
    [
      c.clientEmail,
      caseSentEmail(
        {
          clientName: c.clientName,
          caseTitle: c.caseTitle,
          lawyerName: listing.name,
          lawyerFirm: listing.firm,
          lawyerManaged: listing.managed,
          caseLink: clientCaseLink,
          ...(c.clientHasAccount ? {} : { trackingLink: `${clientCaseLink}?token=${c.trackingToken}` }),
        },
        c.clientLocale,
      ),
    ],
    [listing.email, lawyerNotice],
  ];
}
