/**
 * Review rows for tests that read review figures (the about page's satisfaction, the premium
 * analytics' review figures; issue 16 §1): each review gets its own closed engagement (a `cases`
 * row, since a review belongs to exactly one case) and is written straight into `reviews` with the
 * status the test needs. Tests of the review service's own rules go through the service instead
 * (server/reviews/reviews.test.ts). Does not recompute lawyers.rating/review_count.
 */
import type { Db } from "../../server/db/client.ts";
import { cases, reviews } from "../../server/db/schema.ts";

/** What a test review may set; everything else gets a plain default. */
export interface TestReview {
  /** Overall rating 1-5 (default 5). */
  rating?: number;
  /** Aspect ratings 1-5 (default: the overall rating). */
  communication?: number;
  responsiveness?: number;
  outcome?: number;
  /** pending | published | rejected | removed (default published). */
  status?: string;
  /** When it was written (default now). */
  createdAt?: Date;
  /** The lawyer's public reply, if any. */
  reply?: string | null;
}

/**
 * Inserts one review of `lawyerId` (and its closed engagement, engaged 20 days before the review).
 * @returns the review's id
 */
export async function insertTestReview(db: Db, lawyerId: number, review: TestReview = {}): Promise<string> {
  const at = review.createdAt ?? new Date();
  const engaged = new Date(at.getTime() - 20 * 86_400_000);
  const rating = review.rating ?? 5;
  const [c] = await db
    .insert(cases)
    .values({
      lawyerId,
      caseTitle: "Test engagement",
      caseType: "Car Accident",
      description: "A test engagement.",
      clientName: "Test Client",
      clientEmail: "client@example.org",
      clientPhone: "+14165550199",
      status: "closed",
      engagedAt: engaged,
      createdAt: engaged,
      updatedAt: engaged,
    })
    .returning({ id: cases.id });
  const [r] = await db
    .insert(reviews)
    .values({
      caseId: c?.id as string,
      lawyerId,
      rating,
      communication: review.communication ?? rating,
      responsiveness: review.responsiveness ?? rating,
      outcome: review.outcome ?? rating,
      title: "A test review",
      text: "The lawyer handled the claim and kept me informed throughout.",
      status: review.status ?? "published",
      reply: review.reply ?? null,
      repliedAt: review.reply ? at : null,
      engagedOn: engaged.toISOString().slice(0, 10),
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: reviews.id });
  return r?.id as string;
}
