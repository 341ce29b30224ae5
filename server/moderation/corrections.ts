/**
 * Correction requests (issue 15 §3 "Reports and corrections"): a lawyer asks for a correction of
 * the facts of their listing they cannot edit (admissions, discipline statement); staff open one
 * correction or removal request; the lawyer sees their own requests with the answers.
 */
import { and, desc, eq } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { isUuid } from "../../lib/ids.ts";
import {
  type CorrectionField,
  type CorrectionKind,
  CorrectionSchema,
  type CorrectionStatus,
} from "../../lib/moderation.ts";
import { listingCorrections } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { ForbiddenError } from "../errors.ts";
import { moderatedListing } from "./listings.ts";
import { invalid, limit, localeOf, MODERATION_TEXT, requireStaff } from "./rules.ts";
import type { CorrectionView, ModeratedListing, RequestMeta } from "./service.ts";

/** The columns of a correction or removal request every reader selects. */
export const correctionColumns = {
  id: listingCorrections.id,
  lawyerId: listingCorrections.lawyerId,
  kind: listingCorrections.kind,
  field: listingCorrections.field,
  details: listingCorrections.details,
  email: listingCorrections.email,
  locale: listingCorrections.locale,
  status: listingCorrections.status,
  answer: listingCorrections.answer,
  answeredAt: listingCorrections.answeredAt,
  createdAt: listingCorrections.createdAt,
};

/** A row of correctionColumns. */
export interface CorrectionRow {
  id: string;
  lawyerId: number;
  kind: string;
  field: string | null;
  details: string;
  email: string;
  locale: string;
  status: string;
  answer: string | null;
  answeredAt: Date | null;
  createdAt: Date;
}

/** The view of a correction or removal request about `listing` (dates ISO 8601). */
export function correctionView(row: CorrectionRow, listing: ModeratedListing): CorrectionView {
  return {
    id: row.id,
    listing,
    kind: row.kind as CorrectionKind,
    field: row.field as CorrectionField | null,
    details: row.details,
    email: row.email,
    locale: row.locale,
    status: row.status as CorrectionStatus,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Stores a lawyer's correction request about their own listing (field, details); the answer
 * goes to the account's email in the page's locale. Counts 'correction-ip' after validation.
 * @throws ForbiddenError not a lawyer with a listing, ValidationError per field, RateLimitedError
 */
export async function submitCorrection(
  deps: Pick<DomainDeps, "db" | "clock" | "rateLimits">,
  input: { user: PublicUser; form: Record<string, unknown>; meta: RequestMeta },
): Promise<{ id: string }> {
  const { user, meta } = input;
  if (user.role !== "lawyer" || user.lawyerId === null) throw new ForbiddenError(MODERATION_TEXT.noListing);
  const parsed = CorrectionSchema.safeParse(input.form);
  if (!parsed.success) throw invalid(parsed.error);
  await limit(deps.rateLimits, "correction-ip", meta.ip);
  const [row] = await deps.db
    .insert(listingCorrections)
    .values({
      lawyerId: user.lawyerId,
      kind: "correction",
      field: parsed.data.field,
      details: parsed.data.details,
      email: user.email,
      locale: localeOf(meta.locale),
      requesterUserId: user.id,
      createdAt: deps.clock.now(),
    })
    .returning({ id: listingCorrections.id });
  return { id: String(row?.id) };
}

/** One correction or removal request for staff, or null (unknown or malformed id). @throws ForbiddenError not staff */
export async function staffCorrection(
  deps: Pick<DomainDeps, "db">,
  input: { actor: PublicUser; id: string },
): Promise<CorrectionView | null> {
  requireStaff(input.actor);
  if (!isUuid(input.id)) return null;
  const [row] = await deps.db
    .select(correctionColumns)
    .from(listingCorrections)
    .where(eq(listingCorrections.id, input.id))
    .limit(1);
  if (!row) return null;
  const listing = await moderatedListing(deps.db, row.lawyerId);
  return listing ? correctionView(row, listing) : null;
}

/** The signed-in lawyer's own correction requests (at most 50), newest first (no one else's). */
export async function myCorrections(
  deps: Pick<DomainDeps, "db">,
  input: { user: PublicUser },
): Promise<CorrectionView[]> {
  const { user } = input;
  if (user.role !== "lawyer" || user.lawyerId === null) return [];
  const rows = await deps.db
    .select(correctionColumns)
    .from(listingCorrections)
    .where(and(eq(listingCorrections.requesterUserId, user.id), eq(listingCorrections.kind, "correction")))
    .orderBy(desc(listingCorrections.createdAt))
    .limit(50);
  const listing = await moderatedListing(deps.db, user.lawyerId);
  if (!listing) return [];
  return rows.map((r) => correctionView(r, listing));
}
