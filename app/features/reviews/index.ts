/**
 * Reviews (issue 16 §1 "Engagement-verified reviews"): the review card (ReviewItem), the
 * profile's reviews section, the case page's "Review your lawyer" section, the lawyer's
 * dashboard page (reply, report) and the back office's review screen. Server work is in
 * server/reviews; the forms' action step in review-action.server.ts.
 */
export { AdminReviewScreen } from "./AdminReviewScreen";
export {
  CaseReviewSection,
  formFieldOf,
  REVIEW_FORM_FIELDS,
  type ReviewFormFailure,
  reviewBodyOf,
} from "./CaseReviewSection";
export { type ReviewActionFailure, reviewFailureOf } from "./forms";
export { LawyerReviewsPage, ReviewsLink } from "./LawyerReviewsPage";
export { ProfileReviews, type ProfileReviewsData, profileReviewQuery } from "./ProfileReviews";
export { engagedMonth, ReviewItem } from "./ReviewItem";
