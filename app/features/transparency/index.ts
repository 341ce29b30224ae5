/**
 * Transparency (issue 16): the pages that state how LexAtlas ranks lawyers (/how-ranking-works,
 * from lib/ranking.ts) and how reviews are earned and moderated (/reviews-policy, from
 * lib/reviews.ts).
 */
export { HowRankingWorks, sortKeyLabelKey } from "./HowRankingWorks";
export { ReviewsPolicy } from "./ReviewsPolicy";
