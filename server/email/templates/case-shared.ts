/** What the case emails share (issue 4 "Cases"): the client's way back to the case, one-line fields. */
import { CASE_ACCESS_TOKEN_DAYS } from "../../../lib/cases.ts";
import type { CaseStatus } from "../../../lib/constants.ts";
import type { MessageId, MessageParams } from "./catalog.ts";
import { type Block, oneLine } from "./layout.ts";

/** Longest name or title a case email repeats, in characters (as the subjects, issue 4). */
export const CASE_FIELD_MAX = 120;

/** A case's name, title or listing name as one line of at most CASE_FIELD_MAX characters. */
export function field(text: string): string {
  return oneLine(text, CASE_FIELD_MAX);
}

/** The catalog id of a case status's label (the same labels as lib/cases.ts CASE_STATUS_LABELS). */
export function statusLabelId(status: CaseStatus): MessageId {
  return `case.status.${status}`;
}

/**
 * The client's way back to the case: the case page for an account (sign in), else the case page
 * with a note that it opens where the private tracking link was used.
 */
export function clientLinkBlock(
  t: (id: MessageId, params?: MessageParams) => string,
  caseLink: string,
  clientHasAccount: boolean,
): Block {
  return clientHasAccount
    ? { lines: [t("case.openAccount"), { href: caseLink }] }
    : { lines: [t("case.openToken"), { href: caseLink }, t("case.openTokenNote")] };
}

/**
 * The client's way back from an email sent after the submission (issue 16 §1 review invitation,
 * §3 late notice): for a client without an account, `accessLink` is the case page with a fresh
 * access token of this email (server/cases/access-tokens.ts), which opens the case on any device
 * for CASE_ACCESS_TOKEN_DAYS; without one (a client with an account) it is clientLinkBlock.
 */
export function clientAccessBlock(
  t: (id: MessageId, params?: MessageParams) => string,
  caseLink: string,
  clientHasAccount: boolean,
  accessLink: string | undefined,
): Block {
  return accessLink && !clientHasAccount
    ? {
        lines: [
          t("case.openAccessLink"),
          { href: accessLink },
          t("case.openAccessLinkNote", { days: CASE_ACCESS_TOKEN_DAYS }),
        ],
      }
    : clientLinkBlock(t, caseLink, clientHasAccount);
}

/**
 * Issue 19 §5, issue 28 §4: how the address of a listing nobody manages claims it (issue 3's claim
 * flow: a lawyer account with `email`, "Send verification link" under "My listing", then the
 * emailed /claim-listing link), with the sign-up page's address.
 */
export interface ClaimSteps {
  signupLink: string;
  email: string;
}

/** The claim's three steps as two blocks (the introduction, the steps with the sign-up link). */
export function claimBlocks(
  t: (id: MessageId, params?: MessageParams) => string,
  claim: ClaimSteps,
): Block[] {
  return [
    { lines: [t("caseNew.claimIntro")] },
    {
      lines: [
        t("caseNew.claimStep1", { email: claim.email }),
        { href: claim.signupLink },
        t("caseNew.claimStep2"),
        t("caseNew.claimStep3"),
      ],
    },
  ];
}
