/**
 * Demo accounts (issue 3 "Demo accounts"): a client, a lawyer linked to a listing and a premium
 * lawyer, created together with the fictional demo listings and never in an imported database
 * (server/seed/index.ts calls this only inside the demo-data transaction). Their passwords are
 * listed in the README under "Demo".
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { replayCaseHistory } from "../../lib/case-states.ts";
import { toE164 } from "../../lib/phone.ts";
import { demoAnalyticsRows } from "../analytics/demo.ts";
import type { Db } from "../db/client.ts";
import { businessAnalytics, caseStatusEvents, cases, lawyers, users } from "../db/schema.ts";

/** One demo account: its sign-in and what it shows off. */
export interface DemoAccount {
  email: string;
  password: string;
  role: "user" | "lawyer";
  /** Linked to a demo listing (lawyer accounts). */
  linked: boolean;
  premium: boolean;
  /** Used for clients; lawyers take the name of their listing. */
  firstName: string;
  lastName: string;
}

/** The three demo accounts; the README's "Demo" section lists the same emails and passwords. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    email: "client@demo.lexatlas.example",
    password: "lexatlas-client-demo",
    role: "user",
    linked: false,
    premium: false,
    firstName: "Casey",
    lastName: "Morgan",
  },
  {
    email: "lawyer@demo.lexatlas.example",
    password: "lexatlas-lawyer-demo",
    role: "lawyer",
    linked: true,
    premium: false,
    firstName: "",
    lastName: "",
  },
  {
    email: "premium@demo.lexatlas.example",
    password: "lexatlas-premium-demo",
    role: "lawyer",
    linked: true,
    premium: true,
    firstName: "",
    lastName: "",
  },
];

/**
 * How many more verified United States listings than linked accounts createDemoAccounts looks at,
 * so the premium account can take one with published demo reviews (issue 16 §3: its Analytics tab
 * then shows the review figures; about 70 % of demo listings have reviews).
 */
const DEMO_EXTRA_CANDIDATES = 20;

/** A premium demo period: started 5 days ago, one month long. */
const PREMIUM_STARTED_DAYS_AGO = 5;
const PREMIUM_PERIOD_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Splits a listing name into first and last name at the last space ("Ana María López" → "Ana María", "López"). */
function splitName(name: string): { firstName: string; lastName: string } {
  const at = name.trim().lastIndexOf(" ");
  return at <= 0
    ? { firstName: name.trim() || "Demo", lastName: "Lawyer" }
    : { firstName: name.slice(0, at).trim(), lastName: name.slice(at + 1).trim() };
}

/**
 * Creates the demo accounts in `tx` (the transaction that inserted the demo listings). Lawyer
 * accounts take the first verified United States listings (the premium one the first of them with
 * published demo reviews, for its Analytics tab's review figures), whose contact email becomes the
 * account's (a claimed listing's email is its owner's), and whose business fields the account
 * mirrors. `hashPassword` is the accounts module's
 * argon2id hasher. Returns how many accounts were created. Database errors propagate.
 */
export async function createDemoAccounts(
  tx: Pick<Db, "select" | "insert" | "update">,
  hashPassword: (password: string) => Promise<string>,
  now: Date = new Date(),
): Promise<number> {
  const lawyerAccounts = DEMO_ACCOUNTS.filter((a) => a.linked);
  const listings = await tx
    .select({
      id: lawyers.id,
      name: lawyers.name,
      firm: lawyers.firm,
      bio: lawyers.bio,
      phone: lawyers.phone,
      address: lawyers.businessAddress,
      website: lawyers.website,
      reviewCount: lawyers.reviewCount,
    })
    .from(lawyers)
    .where(and(eq(lawyers.countryCode, "US"), eq(lawyers.verificationStatus, "verified")))
    .orderBy(asc(lawyers.id))
    .limit(lawyerAccounts.length + DEMO_EXTRA_CANDIDATES);
  const taken = new Set<number>();
  /** The first listing not taken yet; for a premium account the first with published demo reviews, if any. */
  const pick = (premium: boolean) => {
    const open = listings.filter((l) => !taken.has(l.id));
    const chosen = (premium ? open.find((l) => l.reviewCount > 0) : undefined) ?? open[0];
    if (chosen) taken.add(chosen.id);
    return chosen;
  };
  let created = 0;
  let clientId: string | undefined;
  let lawyerListing: { id: number; name: string } | undefined;
  for (const account of DEMO_ACCOUNTS) {
    const listing = account.linked ? pick(account.premium) : undefined;
    if (account.linked && !listing) continue;
    const names = listing
      ? splitName(listing.name)
      : { firstName: account.firstName, lastName: account.lastName };
    if (listing) await tx.update(lawyers).set({ email: account.email }).where(eq(lawyers.id, listing.id));
    const start = new Date(now.getTime() - PREMIUM_STARTED_DAYS_AGO * DAY_MS);
    const inserted = await tx
      .insert(users)
      .values({
        email: account.email,
        password: await hashPassword(account.password),
        ...names,
        role: account.role,
        isVerified: true,
        lawyerId: listing?.id ?? null,
        // A linked account mirrors its listing's business fields, as a listing edit does.
        ...(listing
          ? {
              businessName: listing.firm || listing.name,
              businessDescription: listing.bio,
              businessPhone: toE164(listing.phone) ?? listing.phone,
              businessAddress: listing.address,
              businessWebsite: listing.website,
            }
          : {}),
        ...(account.premium
          ? {
              subscriptionTier: "premium",
              subscriptionStatus: "active",
              subscriptionStartDate: start,
              subscriptionEndDate: new Date(start.getTime() + PREMIUM_PERIOD_DAYS * DAY_MS),
            }
          : {}),
      })
      .returning({ id: users.id });
    // Issue 6: the premium lawyer's Analytics tab shows 30 days of figures.
    const userId = inserted[0]?.id;
    if (account.premium && listing && userId)
      await tx.insert(businessAnalytics).values(demoAnalyticsRows(listing.id, userId, now));
    if (account.role === "user") clientId = userId;
    else if (listing && !account.premium) lawyerListing = listing;
    created++;
  }
  if (clientId && lawyerListing) await insertDemoEngagement(tx, clientId, lawyerListing.id, now);
  return created;
}

/** The ids of the listings linked to demo accounts (tests). */
export async function demoLinkedListingIds(db: Pick<Db, "select">): Promise<number[]> {
  const rows = await db
    .select({ lawyerId: users.lawyerId })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  return rows.flatMap((r) => (r.lawyerId === null ? [] : [r.lawyerId]));
}

/** Days before seeding the demo client's engagement with the demo lawyer began (issue 16 §1). */
export const DEMO_ENGAGEMENT_DAYS_AGO = 20;
/** The demo engagement's case title (the client's dashboard lists it). */
export const DEMO_ENGAGEMENT_TITLE = "Rear-end collision on the interstate (demo engagement)";

/**
 * Issue 16 §1: the demo client's closed case with the demo lawyer, engaged
 * DEMO_ENGAGEMENT_DAYS_AGO days before `now` and not reviewed yet, so the demo client can try
 * "Review your lawyer" and the demo lawyer the reply (README "Demo"); the browser journey
 * tests/e2e/reviews.spec.ts writes its review through it.
 */
async function insertDemoEngagement(
  tx: Pick<Db, "insert">,
  clientId: string,
  lawyerId: number,
  now: Date,
): Promise<void> {
  const engagedAt = new Date(now.getTime() - DEMO_ENGAGEMENT_DAYS_AGO * DAY_MS);
  const submittedAt = new Date(engagedAt.getTime() - 3 * DAY_MS);
  const closedAt = new Date(now.getTime() - 2 * DAY_MS);
  // Issue 17 §2: accepted for review (after the conflict check) the day after it was sent; then
  // engaged and closed. Issue 27 §2: the history is replayed through the case state machine.
  const acceptedAt = new Date(submittedAt.getTime() + DAY_MS);
  const { facts, updatedAt, timeline } = replayCaseHistory(submittedAt, [
    { to: "accepted", by: "lawyer", via: "accept", at: acceptedAt },
    { to: "engaged", by: "lawyer", via: "status", at: engagedAt },
    { to: "closed", by: "lawyer", via: "status", at: closedAt },
  ]);
  const [row] = await tx
    .insert(cases)
    .values({
      lawyerId,
      userId: clientId,
      caseTitle: DEMO_ENGAGEMENT_TITLE,
      caseType: "Car Accident",
      description: "A fictional case of the demo data: a rear-end collision with neck and back injuries.",
      clientName: "Casey Morgan",
      clientEmail: "client@demo.lexatlas.example",
      clientPhone: "+12025550143",
      ...facts,
      createdAt: submittedAt,
      updatedAt,
    })
    .returning({ id: cases.id });
  if (!row) return;
  await tx
    .insert(caseStatusEvents)
    .values(timeline.map((step) => ({ caseId: row.id, status: step.status, createdAt: step.at })));
}
