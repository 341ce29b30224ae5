/**
 * The case thread (issue 4 "messages"): a party writes to the other, who is emailed in their
 * language; a listing nobody manages is told only that something waits (issue 28 §4).
 */

import { eq } from "drizzle-orm";
import { CaseMessageSchema } from "../../lib/cases.ts";
import { msg } from "../../lib/i18n/message.ts";
import { zodIssueMessage } from "../../lib/zod-issue-message.ts";
import { caseMessages, cases } from "../db/schema.ts";
import {
  caseMessageToClientEmail,
  caseMessageToLawyerEmail,
  caseMessageWaitingEmail,
} from "../email/templates/index.ts";
import { NotFoundError, ValidationError } from "../errors.ts";
import { consumeLimit } from "../security/rate-limit.ts";
import { CASE_MESSAGES, type CasesDeps, caseLink, localeOf, notify } from "./context.ts";
import { claimStepsFor } from "./emails.ts";
import { messageInfo } from "./reads.ts";
import type { CaseMessageInfo, CaseViewer } from "./service.ts";
import { caseAsLawyerSeesIt } from "./visibility.ts";

/**
 * Adds `body` (validated by CaseMessageSchema, trimmed) to the thread of case `id` by the viewer's
 * party, counted under 'message-ip' for `ip`, touches the case's updated time and emails the other
 * party: the client with the message; the lawyer of a managed listing with the case as the lawyer
 * may see it (issue 27 §2); an unmanaged listing's address only that a message waits and how to
 * claim the listing (issue 28 §4). The author's account is recorded when it is a party's.
 * @throws NotFoundError not a party, ValidationError on `body`, RateLimitedError
 */
export async function addCaseMessage(
  deps: CasesDeps,
  input: { id: string; viewer: CaseViewer; body: string; ip: string },
): Promise<CaseMessageInfo> {
  const { db, clock, reads } = deps;
  const { viewer } = input;
  const row = await reads.loadCase(input.id);
  const role = row ? await reads.roleOf(row, viewer) : null;
  if (!row || !role) throw new NotFoundError(CASE_MESSAGES.notFound);
  const parsed = CaseMessageSchema.safeParse({ body: input.body });
  if (!parsed.success)
    throw new ValidationError(
      parsed.error.issues[0] ? zodIssueMessage(parsed.error.issues[0]) : msg("validation:case.messageBody"),
      "body",
    );
  await consumeLimit(deps.rateLimits, "message-ip", input.ip, CASE_MESSAGES.tooManyMessages);
  const writtenAt = clock.now();
  const [message] = await db
    .insert(caseMessages)
    .values({
      caseId: row.id,
      authorRole: role,
      authorUserId:
        viewer.user && (role === "lawyer" || row.userId === viewer.user.id) ? viewer.user.id : null,
      body: parsed.data.body,
      createdAt: writtenAt,
    })
    .returning();
  if (!message) throw new Error("message insert returned nothing");
  await db.update(cases).set({ updatedAt: writtenAt }).where(eq(cases.id, row.id));
  const listing = await reads.listingOf(row.lawyerId);
  if (role === "lawyer") {
    notify(
      deps,
      row.clientEmail,
      caseMessageToClientEmail(
        {
          clientName: row.clientName,
          caseTitle: row.caseTitle,
          lawyerName: listing?.name ?? null,
          body: parsed.data.body,
          caseLink: caseLink(deps, row.id, localeOf(row.locale)),
          clientHasAccount: row.userId !== null,
        },
        localeOf(row.locale),
      ),
    );
  } else if (listing) {
    // Issue 27 §2: the lawyer's email names the case as the lawyer may see it.
    const seen = caseAsLawyerSeesIt(row);
    const lawyerLocale = localeOf(listing.locale);
    const lawyerLink = caseLink(deps, row.id, lawyerLocale);
    notify(
      deps,
      listing.email,
      listing.managed
        ? caseMessageToLawyerEmail(
            {
              clientName: seen.clientName,
              caseTitle: seen.caseTitle,
              body: parsed.data.body,
              caseLink: lawyerLink,
            },
            lawyerLocale,
          )
        : // Issue 28 §4: nobody has confirmed a listing's address until it is managed: no message,
          // no name, only that something waits and how to claim the listing.
          caseMessageWaitingEmail(
            {
              listingName: listing.name,
              caseLink: lawyerLink,
              claim: claimStepsFor(listing.email, lawyerLink, lawyerLocale),
            },
            lawyerLocale,
          ),
    );
  }
  return messageInfo(message);
}
