/**
 * A listing as moderation sees it (issue 15 §3): its visibility, the reason it is hidden and
 * whether a lawyer claimed it; for the public report and removal forms only a visible one.
 */
import { eq } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { isIntegerId } from "../../lib/ids.ts";
import type { HiddenReason } from "../../lib/moderation.ts";
import type { Db } from "../db/client.ts";
import { lawyers, users } from "../db/schema.ts";
import { NotFoundError } from "../errors.ts";
import { MODERATION_TEXT, requireStaff } from "./rules.ts";
import type { ModeratedListing } from "./service.ts";

/** Listing `id` with its moderation state (dates ISO 8601), or null for an unknown id. */
export async function moderatedListing(
  executor: Pick<Db, "select">,
  id: number,
): Promise<ModeratedListing | null> {
  const [row] = await executor
    .select({
      id: lawyers.id,
      name: lawyers.name,
      firm: lawyers.firm,
      hidden: lawyers.hidden,
      hiddenReason: lawyers.hiddenReason,
      hiddenAt: lawyers.hiddenAt,
      owner: users.id,
    })
    .from(lawyers)
    .leftJoin(users, eq(users.lawyerId, lawyers.id))
    .where(eq(lawyers.id, id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    firm: row.firm,
    hidden: row.hidden,
    hiddenReason: row.hiddenReason as HiddenReason | null,
    hiddenAt: row.hiddenAt?.toISOString() ?? null,
    claimed: row.owner !== null,
  };
}

/** A visible listing for a new report or request. @throws NotFoundError unknown, malformed or hidden */
export async function visibleListing(
  deps: { db: Db },
  input: { lawyerId: number },
): Promise<ModeratedListing> {
  const found = isIntegerId(input.lawyerId) ? await moderatedListing(deps.db, input.lawyerId) : null;
  if (!found || found.hidden) throw new NotFoundError(MODERATION_TEXT.listingGone);
  return found;
}

/** A visible listing's name and whether a lawyer claimed it (the public forms), or null (unknown or hidden). */
export async function publicListing(
  deps: { db: Db },
  input: { lawyerId: number },
): Promise<{ id: number; name: string; claimed: boolean } | null> {
  const found = await visibleListing(deps, input).catch((err) => {
    if (err instanceof NotFoundError) return null;
    throw err;
  });
  return found ? { id: found.id, name: found.name, claimed: found.claimed } : null;
}

/** One listing's moderation state for staff, or null for an unknown id. @throws ForbiddenError not staff */
export async function staffListing(
  deps: { db: Db },
  input: { actor: PublicUser; lawyerId: number },
): Promise<ModeratedListing | null> {
  requireStaff(input.actor);
  if (!isIntegerId(input.lawyerId)) return null;
  return moderatedListing(deps.db, input.lawyerId);
}
