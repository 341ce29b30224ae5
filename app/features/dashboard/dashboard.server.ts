/**
 * The dashboard's data (/dashboard; spec §2 "Dashboard", §4, §6, §9; issue 3), gathered on the
 * server for app/routes/dashboard.tsx: each panel's data from its domain service. Server-only:
 * the listing's phone is written for its edit field with the server's phone metadata (issue 14 §2).
 */
import { isStaffRole } from "../../../lib/account.ts";
import { languageOptions } from "../../../lib/languages.ts";
import { mapTilesOf } from "../../../lib/map-tiles.ts";
import { isPremium } from "../../../lib/subscription.ts";
import { requestLocale } from "../../i18n/locale";
import { editablePhone } from "../../i18n/phone.server";
import { type PageArgs, requireUserServices } from "../../session.server";

/**
 * Requires sign-in (docs/design.md §3: the loader's own guard). Answers the user (their own record;
 * PublicUser carries no secrets), whether the upgrade view is open (`?view=upgrade`, only for
 * non-premium users), and each panel's data from its domain service: the cases (a client's own or
 * those sent to a lawyer's listing), a lawyer's listing and message inbox, and a premium user's
 * analytics; a lawyer's listing history (the audit log of their own listing) and, for staff, a
 * link to the back office (issue 15 §1), and "Your data" (issue 17 §4: a pending deletion, the
 * latest background export).
 */
export async function loadDashboard({ request, context }: PageArgs) {
  const { user, services } = await requireUserServices({ request, context });
  const premium = isPremium(user.subscriptionTier);
  const upgrade = new URL(request.url).searchParams.get("view") === "upgrade" && !premium;
  const lawyer = user.role === "lawyer";
  const [listing, cases, inbox, analytics, history, pendingDeletion, latestExport] = await Promise.all([
    lawyer ? services.listings.ownerView(user) : null,
    services.cases.dashboardView(user),
    lawyer ? services.messages.inboxView(user) : null,
    // Issue 19 §5: analytics are the lawyers' plan; a client has none.
    premium && lawyer ? services.analytics.dashboardView(user) : null,
    lawyer && user.lawyerId !== null ? services.staff.listingHistory(user) : null,
    // Issue 17 §4: "Your data" — a pending deletion and the latest background export.
    services.rights.pendingErasure(user.id),
    services.rights.latestExport({ kind: "user", userId: user.id }),
  ]);
  // The listing's phone is stored as E.164; its edit field shows the international form (issue 14 §2).
  const view =
    listing?.kind === "linked"
      ? { ...listing, listing: { ...listing.listing, phone: editablePhone(listing.listing.phone) } }
      : listing;
  return {
    user,
    upgrade,
    listing: view,
    // Issue 19 §1: the edit form's position picker draws these tiles.
    mapTiles: view?.kind === "linked" ? mapTilesOf(services.config) : null,
    // Issue 28 §5: "Find on map from my address" needs a geocoder (GEOCODER_URL).
    locate: view?.kind === "linked" && Boolean(services.config.GEOCODER_URL),
    // Issue 28 §5: the language picker's names, made here (a browser's ICU may lack some).
    languageOptions:
      view?.kind === "linked" || view?.kind === "create" ? languageOptions(requestLocale(request)) : null,
    cases,
    inbox,
    analytics,
    history,
    staff: isStaffRole(user.role),
    paymentsMode: services.billing.mode,
    dataRights: { pendingDeletion, latestExport, staff: isStaffRole(user.role) },
  };
}

/** What the dashboard shows: the loader's answer (see loadDashboard). */
export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
