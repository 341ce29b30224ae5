/**
 * Demo engagements and their reviews (issue 16 §1 "Demo reviews are created through the same
 * path from demo engagements and say they are demo"): for each generated listing a small,
 * deterministic set of reviews drawn from its own PRNG (mulberry32 per row, so the generator's
 * main stream and every other field stay as they were), with a realistic spread — about 30 % of
 * listings without reviews, most reviews 4–5 stars, some 1–3 — and texts written in the listing's
 * language (issue 28 §2; demo-review-texts.ts, reviewLanguage): a title and a text by rating
 * band, often after a sentence saying what happened in the listing's practice area, with the
 * words that refer to the lawyer agreeing with the lawyer's gender; all are marked "Demo review"
 * on the profile. insertBatches (insert.ts) writes each as a closed, engaged demo case and its
 * review after checking it with the review service's own rules (lib/review-input.ts), then runs
 * the one rating recompute (server/reviews/recompute.ts). Sources: FTC 16 CFR 465 (no fake
 * reviews presented as real: every demo review says so), EU Omnibus 2019/2161.
 */

import { hasContactData } from "../../lib/contact-details.ts";
import { type ReviewInput, ReviewInputSchema } from "../../lib/review-input.ts";
import { REVIEW_MIN_DAYS_AFTER_ENGAGEMENT, REVIEW_RATING_MAX, REVIEW_RATING_MIN } from "../../lib/reviews.ts";
import { REVIEW_TEXTS, type ReviewLang, type ReviewPair } from "./demo-review-texts.ts";
import { mulberry32 } from "./prng.ts";

/** The languages the demo reviews were written in before issue 28 (their draw is kept, see demoReviewPlan). */
const LEGACY_LOCAL_LANGS: ReadonlySet<string> = new Set(["de", "fr", "es", "pt", "nl", "ja", "ar"]);

/**
 * The language of a demo listing's reviews (issue 28 §2): the language of its bio, which is its
 * office's (`lang`, ISO 639-1) when that is one of the site's eight languages, European
 * Portuguese for Portugal, else English. A country whose language is not one of the eight
 * (Italy, Korea, Poland, Greece…) gets English reviews as it gets an English bio: the site offers
 * no page in that language and nobody on the team can proofread it (docs/demo-data.md "Reviews").
 */
export function reviewLanguage(lang: string, countryCode: string): ReviewLang {
  if (lang === "pt") return countryCode === "PT" ? "pt-PT" : "pt";
  return LEGACY_LOCAL_LANGS.has(lang) ? (lang as ReviewLang) : "en";
}

/** `text` with every `{g:masculine|feminine}` replaced by the form for the lawyer (`female`). */
export function withLawyerGender(text: string, female: boolean): string {
  return text.replace(/\{g:([^|}]*)\|([^}]*)\}/g, (_, m: string, f: string) => (female ? f : m));
}

/** A second stream of row `index` for the texts, so the ratings, aspects and dates keep their draws. */
function textRandom(seed: number, index: number): () => number {
  return mulberry32((seed ^ Math.imul(index + 1, 0x68e31da4) ^ 0x7e47_2ee5) >>> 0);
}

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

const clamp = (n: number) => Math.max(REVIEW_RATING_MIN, Math.min(REVIEW_RATING_MAX, n));

/** An independent PRNG for row `index` of seed `seed`. */
function rowRandom(seed: number, index: number): () => number {
  return mulberry32((seed ^ Math.imul(index + 1, 0x9e3779b1) ^ 0x5eed_4e71) >>> 0);
}

/**
 * The demo reviews of row `index`: `quality` (3–5, the listing's underlying level) centres the
 * ratings, `volume` (0–1) and `experience` set how many there are (0 for about 30 % of listings,
 * else 1–9). The texts (issue 28 §2) are in `lang` (reviewLanguage), each about one of the
 * listing's practice areas `areas` (what happened is told at most once per area, and no text is
 * repeated while the band has another), with the lawyer's gender (`female`) where the language
 * marks it. Pure and deterministic; the ratings, their aspects and their dates are the draws they
 * were before.
 */
export function demoReviewPlan(
  seed: number,
  index: number,
  quality: number,
  volume: number,
  experience: number,
  areas: readonly string[],
  lang: ReviewLang = "en",
  female = false,
): DemoReview[] {
  const r = rowRandom(seed, index);
  if (r() < 0.3) return [];
  const w = textRandom(seed, index);
  const texts = REVIEW_TEXTS[lang];
  const intros = texts.intros as Record<string, string>;
  const told = new Set<string>();
  const used = new Set<ReviewPair>();
  // Before issue 28 the texts were drawn from this stream: one draw, two where the listing's
  // language had a local template; the same draws are made (and not used) so that every rating
  // stays as it was.
  const legacyDraws = LEGACY_LOCAL_LANGS.has(lang === "pt-PT" ? "pt" : lang);
  const n = Math.min(9, 1 + Math.floor(8 * volume * volume * Math.min(1, 0.4 + experience / 20)));
  const out: DemoReview[] = [];
  for (let k = 0; k < n; k++) {
    const u = r();
    const delta = u < 0.05 ? -3 : u < 0.13 ? -2 : u < 0.3 ? -1 : u < 0.8 ? 0 : 1;
    const rating = clamp(Math.round(quality + delta));
    if (legacyDraws) {
      if (!(r() < 0.5)) r();
    } else r();
    const band: readonly ReviewPair[] = rating >= 4 ? texts.good : rating === 3 ? texts.mixed : texts.bad;
    const fresh = band.filter((p) => !used.has(p));
    const pair = (fresh.length > 0 ? fresh : band)[
      Math.floor(w() * (fresh.length || band.length))
    ] as ReviewPair;
    used.add(pair);
    const [title, body] = pair;
    const area = areas[Math.floor(w() * areas.length)] ?? "";
    const intro = w() < 0.7 && !told.has(area) ? intros[area] : undefined;
    if (intro) told.add(area);
    const text = intro ? `${intro}${lang === "ja" ? "" : " "}${body}` : body;
    const aspect = () => clamp(rating + (r() < 0.35 ? (r() < 0.5 ? -1 : 1) : 0));
    const writtenDaysAfter = REVIEW_MIN_DAYS_AFTER_ENGAGEMENT + Math.floor(r() * 60);
    out.push({
      rating,
      communication: aspect(),
      responsiveness: aspect(),
      outcome: aspect(),
      title: withLawyerGender(title, female),
      text: withLawyerGender(text, female),
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

/**
 * A demo review as the review rules read it (lib/review-input.ts ReviewInputSchema, issue 16 §1),
 * and whether moderation would hold it for third-party personal data (`held`). The demo seed and
 * seed:scale store it the same way. `isPersonal` defaults to hasContactData (lib/contact-details.ts) (seed:scale
 * passes a remembering copy). Throws when a demo text breaks the rules: a bug of the generator.
 */
export function checkedDemoReview(
  review: DemoReview,
  isPersonal: (text: string) => boolean = hasContactData,
): { input: ReviewInput; held: boolean } {
  const parsed = ReviewInputSchema.safeParse({
    rating: review.rating,
    ratings: {
      communication: review.communication,
      responsiveness: review.responsiveness,
      outcome: review.outcome,
    },
    title: review.title,
    text: review.text,
  });
  if (!parsed.success) throw new Error(`demo review breaks the review rules: ${review.title}`);
  return { input: parsed.data, held: isPersonal(`${review.title}\n${review.text}`) };
}

/**
 * The stored `reviews` columns of a demo engagement's review (issue 16 §1): its ratings and
 * words as checkedDemoReview reads them, `pending` with the policy reason
 * `third_party_personal_data` when moderation would hold it, else `published`; the engagement's
 * day (`engaged`, an instant) and the writing instant `writtenDaysAfter` days later. The one row
 * shape of the demo seed (server/seed/insert.ts) and seed:scale (scale-rows.ts). `isPersonal` as
 * in checkedDemoReview. Throws as checkedDemoReview.
 */
export function demoReviewColumns(
  review: DemoReview,
  engaged: Date,
  isPersonal: (text: string) => boolean = hasContactData,
) {
  const { input, held } = checkedDemoReview(review, isPersonal);
  const at = new Date(engaged.getTime() + review.writtenDaysAfter * 86_400_000);
  return {
    rating: input.rating,
    communication: input.ratings.communication,
    responsiveness: input.ratings.responsiveness,
    outcome: input.ratings.outcome,
    title: input.title,
    text: input.text,
    status: held ? ("pending" as const) : ("published" as const),
    moderationReason: held ? ("third_party_personal_data" as const) : null,
    engagedOn: engaged.toISOString().slice(0, 10),
    demo: true,
    createdAt: at,
    updatedAt: at,
  };
}
