/**
 * Demo engagements and their reviews (issue 16 §1 "Demo reviews are created through the same
 * path from demo engagements and say they are demo"): for each generated listing a small,
 * deterministic set of reviews drawn from its own PRNG (mulberry32 per row, so the generator's
 * main stream and every other field stay as they were), with a realistic spread — about 30 % of
 * listings without reviews, most reviews 4–5 stars, some 1–3 — and texts from a small pool of
 * templates by rating band: English, and for about half of the reviews of a listing in a country
 * of another site language, one template per band in that language (LOCAL_POOL); all are marked
 * "Demo review" on the profile. insertBatches (insert.ts) writes each as a closed, engaged demo case and its
 * review after checking it with the review service's own rules (lib/review-input.ts), then runs
 * the one rating recompute (server/reviews/recompute.ts). Sources: FTC 16 CFR 465 (no fake
 * reviews presented as real: every demo review says so), EU Omnibus 2019/2161.
 */

import { hasContactData } from "../../lib/contact-details.ts";
import { type ReviewInput, ReviewInputSchema } from "../../lib/review-input.ts";
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

/**
 * A few templates in the languages of the site besides English (one per band), used for about
 * half of the reviews of a listing whose country speaks that language (`lang` of its plan).
 */
const LOCAL_POOL: Record<
  string,
  { good: readonly [string, string]; mixed: readonly [string, string]; bad: readonly [string, string] }
> = {
  de: {
    good: [
      "Klare Beratung von Anfang an",
      "Jeder Schritt wurde verständlich erklärt, und ich war bis zum Vergleich immer informiert.",
    ],
    mixed: [
      "Gutes Ergebnis, langsame Rückmeldungen",
      "Das Ergebnis war fair, aber ich musste oft selbst nach dem Stand der Dinge fragen.",
    ],
    bad: [
      "Schwer erreichbar",
      "Wochenlang kam keine Antwort auf meine Nachrichten, mein Fall schien keine Priorität zu haben.",
    ],
  },
  fr: {
    good: [
      "Des conseils clairs dès le début",
      "Chaque étape a été expliquée simplement et j’ai été tenu informé jusqu’à la transaction.",
    ],
    mixed: [
      "Bon résultat, suivi lent",
      "Le résultat est correct, mais je devais souvent relancer pour avoir des nouvelles du dossier.",
    ],
    bad: [
      "Difficile à joindre",
      "Des semaines sans réponse à mes messages ; mon dossier ne semblait pas être une priorité.",
    ],
  },
  es: {
    good: [
      "Asesoramiento claro desde el principio",
      "Me explicó cada paso con palabras sencillas y me mantuvo informado hasta el acuerdo.",
    ],
    mixed: [
      "Buen resultado, pocas noticias",
      "El resultado fue justo, pero a menudo tuve que insistir para saber cómo iba el caso.",
    ],
    bad: [
      "Difícil de contactar",
      "Pasaron semanas sin respuesta a mis mensajes y sentí que mi caso no era una prioridad.",
    ],
  },
  pt: {
    good: [
      "Orientação clara desde o início",
      "Explicou cada etapa com palavras simples e me manteve informado até o acordo final.",
    ],
    mixed: [
      "Bom resultado, poucas notícias",
      "O resultado foi justo, mas muitas vezes precisei cobrar notícias sobre o andamento do caso.",
    ],
    bad: [
      "Difícil de contatar",
      "Semanas sem resposta às minhas mensagens; senti que meu caso não era prioridade.",
    ],
  },
  nl: {
    good: [
      "Heldere uitleg vanaf het begin",
      "Elke stap werd duidelijk uitgelegd en ik werd tot aan de schikking goed op de hoogte gehouden.",
    ],
    mixed: [
      "Goed resultaat, trage updates",
      "De uitkomst was redelijk, maar ik moest vaak zelf vragen hoe het met mijn zaak stond.",
    ],
    bad: [
      "Slecht bereikbaar",
      "Wekenlang geen antwoord op mijn berichten; mijn zaak leek geen prioriteit te hebben.",
    ],
  },
  ja: {
    good: [
      "最初から説明がわかりやすい",
      "手続きの一つひとつをわかりやすく説明してくださり、示談が成立するまで毎回きちんと状況を知らせてくれました。",
    ],
    mixed: [
      "結果は良いが連絡が遅い",
      "結果には納得していますが、進み具合を知るためにこちらから何度も問い合わせる必要がありました。",
    ],
    bad: [
      "連絡がつきにくい",
      "メッセージへの返事が何週間もなく、私の案件は後回しにされているように感じました。とても不安でした。",
    ],
  },
  ar: {
    good: ["نصيحة واضحة منذ البداية", "شرح كل خطوة بكلمات بسيطة وأبقاني على اطلاع حتى الوصول إلى التسوية."],
    mixed: [
      "نتيجة جيدة وتواصل بطيء",
      "كانت النتيجة عادلة، لكنني اضطررت كثيرًا إلى السؤال عن سير القضية بنفسي.",
    ],
    bad: ["يصعب التواصل معه", "مرّت أسابيع دون رد على رسائلي، وشعرت أن قضيتي ليست من أولوياته."],
  },
};

const clamp = (n: number) => Math.max(REVIEW_RATING_MIN, Math.min(REVIEW_RATING_MAX, n));

/** An independent PRNG for row `index` of seed `seed`. */
function rowRandom(seed: number, index: number): () => number {
  return mulberry32((seed ^ Math.imul(index + 1, 0x9e3779b1) ^ 0x5eed_4e71) >>> 0);
}

/**
 * The demo reviews of row `index`: `quality` (3–5, the listing's underlying level) centres the
 * ratings, `volume` (0–1) and `experience` set how many there are (0 for about 30 % of listings,
 * else 1–9). `area` fills the English templates; `lang` (ISO 639-1) picks LOCAL_POOL. Pure and
 * deterministic.
 */
export function demoReviewPlan(
  seed: number,
  index: number,
  quality: number,
  volume: number,
  experience: number,
  area: string,
  lang?: string,
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
    const local = lang ? LOCAL_POOL[lang] : undefined;
    const bandName = rating >= 4 ? "good" : rating === 3 ? "mixed" : "bad";
    const [title, text] =
      local && r() < 0.5
        ? local[bandName]
        : (band[Math.floor(r() * band.length)] as readonly [string, string]);
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
