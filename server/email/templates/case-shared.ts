/** What the case emails share (issue 4 "Cases"): the client's way back to the case, one-line fields. */
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
