/**
 * Demo engagements and their reviews (issue 16 §1 "Demo reviews are created through the same
 * path from demo engagements and say they are demo"): for each generated listing a small,
 * deterministic set of reviews drawn from its own PRNG (mulberry32 per row, so the generator's
 * main stream and every other field stay as they were), with a realistic spread — about 30 % of
 * listings without reviews, most reviews 4–5 stars, some 1–3 — and texts from a small pool of
 * English templates by rating band (the brief allows English; they are marked "Demo review" on
 * the profile). insertBatches (insert.ts) writes each as a closed, engaged demo case and its
 * review after checking it with the review service's own rules (lib/review-input.ts), then runs
 * the one rating recompute (server/reviews/recompute.ts). Sources: FTC 16 CFR 465 (no fake
 * reviews presented as real: every demo review says so), EU Omnibus 2019/2161.
 */
import { REVIEW_MIN_DAYS_AFTER_ENGAGEMENT, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from "../../lib/reviews.ts";
import { mulberry32 } from "./prng.ts";

/** One demo review of a demo engagement; dates are days relative to the seeding day. */
export interface DemoReview {
  rating: number;
  communication: number;
  responsiveness: number;
  outcome: number;
  title: string;
  text: string;
  /** Days before the seeding day the lawyer marked the demo case engaged. */
  engagedDaysAgo: number;
  /** Days after the engagement the review was written (≥ REVIEW_MIN_DAYS_AFTER_ENGAGEMENT). */
  writtenDaysAfter: number;
}

/** Titles and texts by band: 4–5 stars, 3 stars, 1–2 stars. `{area}` is the listing's first practice area. */
const POOL = {
  good: [
    [
      "Clear advice from day one",
      "Explained every step of my {area} claim in plain words and kept me informed until it settled.",
    ],
    [
      "Patient and thorough",
      "Took the time to answer all my questions about the {area} case and never rushed me into a decision.",
    ],
    [
      "Fought hard for a fair result",
      "The insurer's first offer was low; my lawyer pushed back with evidence and got a much better outcome.",
    ],
    [
      "Responsive and kind",
      "Replies came within a day, and the whole team treated my family with respect during a hard time.",
    ],
    [
      "Would hire again",
      "Organised, honest about the risks and realistic about the timeline of my {area} matter.",
    ],
  ],
  mixed: [
    [
      "Good result, slow updates",
      "The outcome of my {area} case was fair, but I often had to chase for news about the next steps.",
    ],
    [
      "Competent but busy",
      "The legal work was solid, although meetings were moved several times and answers took a while.",
    ],
    [
      "Mixed experience",
      "Helpful at the start, less available later; the settlement was acceptable but not what I hoped for.",
    ],
  ],
  bad: [
    [
      "Hard to reach",
      "Weeks passed without a reply to my messages, and I never felt my {area} case was a priority.",
    ],
    [
      "Disappointing outcome",
      "The fees were explained, but the case was closed with a result far below what we had discussed.",
    ],
    [
      "Poor communication",
      "Important deadlines were only mentioned at the last minute, which caused a lot of stress for me.",
    ],
  ],
} as const;

const clamp = (n: number) => Math.max(REVIEW_RATING_MIN, Math.min(REVIEW_RATING_MAX, n));

/** An independent PRNG for row `index` of seed `seed`. */
function rowRandom(seed: number, index: number): () => number {
  return mulberry32((seed ^ Math.imul(index + 1, 0x9e3779b1) ^ 0x5eed_4e71) >>> 0);
}

/**
 * The demo reviews of row `index`: `quality` (3–5, the listing's underlying level) centres the
 * ratings, `volume` (0–1) and `experience` set how many there are (0 for about 30 % of listings,
 * else 1–9). `area` fills the templates. Pure and deterministic.
 */
export function demoReviewPlan(
  seed: number,
  index: number,
  quality: number,
  volume: number,
  experience: number,
  area: string,
): DemoReview[] {
  const r = rowRandom(seed, index);
  if (r() < 0.3) return [];
  const n = Math.min(9, 1 + Math.floor(8 * volume * volume * Math.min(1, 0.4 + experience / 20)));
  const out: DemoReview[] = [];
  for (let k = 0; k < n; k++) {
    const u = r();
    const delta = u < 0.05 ? -3 : u < 0.13 ? -2 : u < 0.3 ? -1 : u < 0.8 ? 0 : 1;
    const rating = clamp(Math.round(quality + delta));
    const band = rating >= 4 ? POOL.good : rating === 3 ? POOL.mixed : POOL.bad;
    const [title, text] = band[Math.floor(r() * band.length)] as readonly [string, string];
    const aspect = () => clamp(rating + (r() < 0.35 ? (r() < 0.5 ? -1 : 1) : 0));
    const writtenDaysAfter = REVIEW_MIN_DAYS_AFTER_ENGAGEMENT + Math.floor(r() * 60);
    out.push({
      rating,
      communication: aspect(),
      responsiveness: aspect(),
      outcome: aspect(),
      title,
      text: text.replaceAll("{area}", area.toLowerCase()),
      engagedDaysAgo: writtenDaysAfter + 1 + Math.floor(r() * 700),
      writtenDaysAfter,
    });
  }
  return out;
}

/**
 * The cached `rating` (average, two decimals, half up: the SQL `round(avg, 2)` of
 * recompute.ts, in exact integer arithmetic) and `reviewCount` of a listing whose published
 * reviews are `reviews`; 0 and 0 for none. Pure.
 */
export function demoRatingCache(reviews: readonly { rating: number }[]): {
  rating: number;
  reviewCount: number;
} {
  const n = reviews.length;
  if (n === 0) return { rating: 0, reviewCount: 0 };
  const sum = reviews.reduce((s, r) => s + r.rating, 0);
  return { rating: Math.floor((200 * sum + n) / (2 * n)) / 100, reviewCount: n };
}
