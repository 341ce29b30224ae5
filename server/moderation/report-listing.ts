/**
 * Reports of a listing (issue 15 §3 "Reports and corrections"): a visitor reports a visible
 * listing (reason, details, optional email) and staff open one report, with the links and
 * contact details found in its text (issue 27 §2).
 */
import { eq } from "drizzle-orm";
import type { PublicUser } from "../../lib/account.ts";
import { findContactDetails } from "../../lib/contact-details.ts";
import { isUuid } from "../../lib/ids.ts";
import { type ReportReason, ReportSchema, type ReportStatus } from "../../lib/moderation.ts";
import { listingReports } from "../db/schema.ts";
import type { DomainDeps } from "../deps.ts";
import { moderatedListing, visibleListing } from "./listings.ts";
import { invalid, limit, localeOf, requireStaff } from "./rules.ts";
import type { ReportView, RequestMeta } from "./service.ts";

/**
 * Stores a visitor's report of listing `lawyerId` in listing_reports, where the `reports` queue
 * finds it; counts 'report-ip' after validation and logs the report.
 * @throws ValidationError per field, NotFoundError unknown or hidden listing, RateLimitedError past 'report-ip'
 */
export async function submitReport(
  deps: Pick<DomainDeps, "db" | "clock" | "rateLimits" | "logger">,
  input: { lawyerId: number; form: Record<string, unknown>; meta: RequestMeta },
): Promise<{ id: string }> {
  const { lawyerId, meta } = input;
  const parsed = ReportSchema.safeParse(input.form);
  if (!parsed.success) throw invalid(parsed.error);
  await visibleListing(deps, { lawyerId });
  await limit(deps.rateLimits, "report-ip", meta.ip);
  const [row] = await deps.db
    .insert(listingReports)
    .values({
      lawyerId,
      reason: parsed.data.reason,
      details: parsed.data.details,
      email: parsed.data.email ?? null,
      locale: localeOf(meta.locale),
      reporterUserId: meta.userId ?? null,
      createdAt: deps.clock.now(),
    })
    .returning({ id: listingReports.id });
  deps.logger.info({ reportId: row?.id, lawyerId, reason: parsed.data.reason }, "listing reported");
  return { id: String(row?.id) };
}

/** One report for staff (dates ISO 8601), or null (unknown or malformed id). @throws ForbiddenError not staff */
export async function staffReport(
  deps: Pick<DomainDeps, "db">,
  input: { actor: PublicUser; id: string },
): Promise<ReportView | null> {
  requireStaff(input.actor);
  if (!isUuid(input.id)) return null;
  const [row] = await deps.db.select().from(listingReports).where(eq(listingReports.id, input.id)).limit(1);
  if (!row) return null;
  const listing = await moderatedListing(deps.db, row.lawyerId);
  if (!listing) return null;
  return {
    id: row.id,
    listing,
    reason: row.reason as ReportReason,
    details: row.details,
    contactDetails: findContactDetails(row.details),
    email: row.email,
    status: row.status as ReportStatus,
    resolution: row.resolution,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
