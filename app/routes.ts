import { route as plainRoute, type RouteConfig } from "@react-router/dev/routes";

/**
 * Every page exists in every locale (issue 14 §1): English keeps the spec's routes, the others
 * live under an optional locale prefix ("/de/browse-lawyers", "/ar/lawyer/12"). The root loader
 * answers 404 for a prefix that is not a supported locale and moves "/en/…" to "/…".
 */
const route = (path: string, file: string) => plainRoute(path ? `:lang?/${path}` : ":lang?", file);

/**
 * Route table (spec §2). Every screen is one module under ./routes.
 * /sitemap.xml and /robots.txt are served by the Hono server (server/api/seo.ts).
 */
export default [
  route("", "routes/home.tsx"),
  // The language switcher's target: remembers the choice and returns to the same page (issue 14).
  plainRoute("language", "routes/language.tsx"),
  route("browse-lawyers", "routes/browse-lawyers.tsx"),
  route("lawyer/:id", "routes/lawyer.tsx"),
  // Report a listing, and ask for the removal of an unclaimed one (issue 15 §3).
  route("lawyer/:id/report", "routes/lawyer.report.tsx"),
  route("lawyer/:id/removal", "routes/lawyer.removal.tsx"),
  route("about", "routes/about.tsx"),
  // What each verification check is, its sources and how to report an error (issue 15 §2).
  route("how-we-verify", "routes/how-we-verify.tsx"),
  // How results and matches are ordered, and the reviews policy (issue 16 §2, §1).
  route("how-ranking-works", "routes/how-ranking-works.tsx"),
  route("reviews-policy", "routes/reviews-policy.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-of-service", "routes/terms-of-service.tsx"),
  // Accounts (issue 3): sign-in, sign-up, password reset, logout (action only) and the dashboard.
  route("login", "routes/login.tsx"),
  // Staff sign-in's second factor (issue 15 §1): enrolment and code after the password.
  route("login/second-factor", "routes/login.second-factor.tsx"),
  route("signup", "routes/signup.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  // Issue 27 §2: change one's password; where a password the policy no longer accepts must go first.
  route("change-password", "routes/change-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  // Lawyer onboarding (issue 3): the emailed claim link, and the action of the "My listing" forms.
  route("claim-listing", "routes/claim-listing.tsx"),
  route("dashboard/listing", "routes/dashboard.listing.tsx"),
  // Personality assessment and matches (issue 5).
  route("personality-assessment", "routes/personality-assessment.tsx"),
  route("personality-matches/:sessionId", "routes/personality-matches.tsx"),
  // Cases, messages and the contact form (issue 4): the case page (also opened by a tracking link)
  // and the actions of the dashboard's inbox.
  // Issue 17 §4: where a withdrawn (deleted) case's page sends its client.
  route("cases/withdrawn", "routes/case-withdrawn.tsx"),
  route("cases/:id", "routes/case.tsx"),
  route("dashboard/messages", "routes/dashboard.messages.tsx"),
  // Billing (issue 6): subscribe and cancel actions, and the test-payments provider's checkout page.
  route("dashboard/billing", "routes/dashboard.billing.tsx"),
  // Verification requests (issue 15 §2): the owner's admissions, checks, requests and proofs.
  route("dashboard/verification", "routes/dashboard.verification.tsx"),
  // A lawyer's correction requests about their own listing (issue 15 §3).
  route("dashboard/corrections", "routes/dashboard.corrections.tsx"),
  // The lawyer's reviews: one public reply each, and reports to the moderators (issue 16 §1).
  route("dashboard/reviews", "routes/dashboard.reviews.tsx"),
  // "Your data": export and account deletion with its grace period (issue 17 §4).
  route("dashboard/data", "routes/dashboard.data.tsx"),
  route("test-checkout/:sessionId", "routes/test-checkout.tsx"),
  // The staff back office (issue 15 §1): queues, contact inbox, audit log. Staff only.
  route("admin", "routes/admin.tsx"),
  route("admin/contact", "routes/admin.contact.tsx"),
  route("admin/contact/:id", "routes/admin.contact-message.tsx"),
  route("admin/audit", "routes/admin.audit.tsx"),
  // One verification request: proofs, admissions, approve or reject (issue 15 §2).
  route("admin/verification/:id", "routes/admin.verification.tsx"),
  // A check due or lapsed, re-confirmed or marked lapsed by a moderator (issue 15 §2 "Ongoing monitoring").
  route("admin/rechecks/:checkId", "routes/admin.rechecks.tsx"),
  // Moderation (issue 15 §3): a report, a correction or removal request, a listing's visibility.
  route("admin/reports/:id", "routes/admin.report.tsx"),
  route("admin/corrections/:id", "routes/admin.correction.tsx"),
  route("admin/listings/:id", "routes/admin.listing.tsx"),
  // A review held for moderation or reported: publish, reject or remove (issue 16 §1).
  route("admin/reviews/:id", "routes/admin.review.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
