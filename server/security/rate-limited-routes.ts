/**
 * Where each rate limit of server/security/rate-limit.ts answers 429 with `Retry-After` (issue 27
 * §2): the table server/security/rate-limited-routes.test.ts drives route by route.
 */
import type { RateLimitName } from "./rate-limit.ts";

/**
 * Where each limit answers 429 with `Retry-After` (issue 27 §2 "a test walks every rate-limited
 * route"): its API routes (`METHOD /path` as in the route table, `{param}` for parameters; a few
 * download routes outside /api too) and its pages (paths of app/routes.ts without the locale
 * prefix, `:param` for parameters) whose forms count it. A limit that never answers 429 says why in
 * `silent`; a page that answers its limit differently says so in `note`. Typed by RateLimitName,
 * so a new limit cannot be added without its routes, and server/security/rate-limited-routes.test.ts
 * drives every route listed here past its limit (a listed route without a driver fails there).
 */
export const RATE_LIMITED_ROUTES: Record<
  RateLimitName,
  { api: readonly string[]; pages: readonly string[]; silent?: string; note?: string }
> = {
  "login-ip": { api: ["POST /api/auth/login"], pages: ["/login"] },
  "login-account": { api: ["POST /api/auth/login"], pages: ["/login"] },
  "signup-ip": { api: ["POST /api/auth/signup"], pages: ["/signup"] },
  "forgot-ip": { api: ["POST /api/auth/forgot-password"], pages: ["/forgot-password"] },
  "reset-ip": { api: ["POST /api/auth/reset-password"], pages: ["/reset-password"] },
  "password-change-user": { api: ["POST /api/auth/change-password"], pages: ["/change-password"] },
  "claim-ip": {
    api: ["POST /api/listing/claim", "POST /api/listing/verify-email"],
    pages: ["/dashboard/listing"],
  },
  "case-ip": {
    api: ["POST /api/cases", "POST /api/cases/{id}/resend"],
    pages: ["/lawyer/:id", "/cases/:id"],
  },
  "message-ip": {
    api: ["POST /api/lawyers/{id}/messages", "POST /api/cases/{id}/messages"],
    pages: ["/lawyer/:id", "/cases/:id"],
  },
  "contact-ip": { api: ["POST /api/contact"], pages: ["/contact"] },
  "analytics-ip": { api: ["POST /api/analytics/events"], pages: [] },
  "analytics-visitors-ip": {
    api: [],
    pages: [],
    silent:
      "counts new visitors of one listing from one network a day (issue 6): past it a view or a click is not counted, and the page or beacon answers as usual",
  },
  "reply-user": { api: ["POST /api/messages/{id}/replies"], pages: ["/dashboard/messages"] },
  "checkout-user": {
    api: ["POST /api/stripe/create-subscription"],
    pages: [],
    note: "the dashboard's Subscribe form posts to /dashboard/billing, which always redirects back to the dashboard with a notice (issue 6)",
  },
  "location-ip": { api: ["GET /api/location"], pages: [] },
  "listing-write": {
    api: [
      "POST /api/listing",
      "PUT /api/listing",
      "PUT /api/listing/logo",
      "PUT /api/listing/fees",
      "PUT /api/listing/specialist-titles",
    ],
    pages: ["/dashboard/listing"],
  },
  "second-factor-user": { api: [], pages: ["/login/second-factor"] },
  "staff-write": {
    api: [],
    pages: [
      "/admin/contact/:id",
      "/admin/rechecks/:checkId",
      "/admin/verification/:id",
      "/admin/reports/:id",
      "/admin/corrections/:id",
      "/admin/listings/:id",
      "/admin/reviews/:id",
    ],
  },
  "verification-user": { api: [], pages: ["/dashboard/verification"] },
  "report-ip": { api: [], pages: ["/lawyer/:id/report"] },
  "correction-ip": { api: [], pages: ["/lawyer/:id/removal", "/dashboard/corrections"] },
  "review-write": {
    api: [
      "POST /api/cases/{id}/review",
      "PATCH /api/cases/{id}/review",
      "POST /api/reviews/{id}/reply",
      "POST /api/reviews/{id}/report",
    ],
    pages: ["/cases/:id", "/dashboard/reviews"],
  },
  "case-withdraw-ip": { api: ["DELETE /api/cases/{id}"], pages: ["/cases/:id"] },
  "case-decision-user": {
    api: ["POST /api/cases/{id}/accept", "POST /api/cases/{id}/decline"],
    pages: ["/cases/:id"],
  },
  "document-download": {
    api: [
      "GET /api/cases/{id}/documents/{docId}",
      "GET /cases/{id}/documents/{docId}",
      "GET /verification/proofs/{id}",
    ],
    pages: [],
  },
  "export-user": { api: ["GET /api/account/export", "GET /cases/{id}/export"], pages: [] },
  "erasure-user": {
    api: ["DELETE /api/account", "DELETE /api/account/deletion"],
    pages: ["/dashboard/data"],
  },
};
