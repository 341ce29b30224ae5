/**
 * Profile: how one lawyer is shown (spec §2 "Lawyer profile", issue 2): the profile page's helpers
 * (working hours, the LegalService JSON-LD; phones are written for the visitor by the loaders with app/i18n/phone.server.ts) and the pieces every lawyer card reuses,
 * the avatar, the rating stars and the badges. Search, the assessment's matches and the
 * owner's listing show lawyers with these.
 */
export { BadgeRow, ExperienceBadge, PracticeAreaBadge, VerifiedBadge } from "./badges";
export { FeeBadges, FeesSection } from "./FeesSection";
export { LanguagesLine } from "./LanguagesLine";
export { initials, LawyerAvatar } from "./LawyerAvatar";
export {
  countryName,
  formatRating,
  legalServiceJsonLd,
  practiceAreaLabel,
  profileMeta,
  profileView,
  ratingPhrase,
  timeZoneName,
  workingHoursText,
} from "./profile";
export { ResponseTimeLine } from "./ResponseTimeLine";
export { NO_REVIEWS, Stars } from "./Stars";
export { UnmanagedListingNotice } from "./UnmanagedListingNotice";
export { LicenceLine, WhatWeChecked } from "./VerificationPanel";
