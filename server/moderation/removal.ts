/**
 * Removal requests (issue 15 §3; GDPR Art. 17 for removal of data about oneself): anyone, signed
 * in or by email, asks for the removal of an UNCLAIMED visible listing about them; a moderator
 * answers it (decide.ts answerCorrection), and accepting hides the listing.
 */

import { RemovalSchema } from "../../lib/moderation.ts";
import { listingCorrections } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { ConflictError } from "../errors.ts";
import { visibleListing } from "./listings.ts";
import { invalid, limit, localeOf, MODERATION_TEXT } from "./rules.ts";
import type { RequestMeta } from "./service.ts";

/**
 * Stores a removal request (details, email) for listing `lawyerId` in listing_corrections, where
 * the `corrections` queue finds it. Counts 'correction-ip' after validation.
 * @throws ValidationError per field, NotFoundError unknown or hidden listing, ConflictError claimed listing, RateLimitedError
 */
export async function submitRemoval(
  deps: Pick<DomainDeps, "db" | "clock" | "rateLimits">,
  input: { lawyerId: number; form: Record<string, unknown>; meta: RequestMeta },
): Promise<{ id: string }> {
  const { lawyerId, meta } = input;
  const parsed = RemovalSchema.safeParse(input.form);
  if (!parsed.success) throw invalid(parsed.error);
  const listing = await visibleListing(deps, { lawyerId });
  if (listing.claimed) throw new ConflictError(MODERATION_TEXT.claimed);
  await limit(deps.rateLimits, "correction-ip", meta.ip);
  const [row] = await deps.db
    .insert(listingCorrections)
    .values({
      lawyerId,
      kind: "removal",
      field: null,
      details: parsed.data.details,
      email: parsed.data.email,
      locale: localeOf(meta.locale),
      requesterUserId: meta.userId ?? null,
      createdAt: deps.clock.now(),
    })
    .returning({ id: listingCorrections.id });
  return { id: String(row?.id) };
}
