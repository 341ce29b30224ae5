/**
 * LexAtlas's email templates (issue 13 §4): one module per email, the shared Layout and renderer
 * (layout.ts) and the catalog of every string (catalog.ts). Each `…Email(params, locale = "en")`
 * resolves to `{ subject, html, text }`; the services add `to` (and `replyTo`) and hand it to the
 * mailer. Each `…Content` gives the blocks the two parts are made of, for tests.
 */
export * from "./case-message-client.ts";
export * from "./case-message-lawyer.ts";
export * from "./case-new.ts";
export * from "./case-sent.ts";
export * from "./case-status.ts";
export { CATALOGS, type Catalog, EN, type Locale, type MessageId, message, translator } from "./catalog.ts";
export * from "./contact.ts";
export * from "./data-rights.ts";
export * from "./email-verification.ts";
export { type EmailContent, oneLine, type RenderedEmail, renderEmail, textOf } from "./layout.ts";
export * from "./listing-claim.ts";
export type { LinkEmailParams } from "./listing-link.ts";
export * from "./message-reply.ts";
export * from "./moderation-answer.ts";
export * from "./new-message.ts";
export * from "./password-reset.ts";
export * from "./response-late.ts";
export * from "./response-reminder.ts";
export * from "./verification-decision.ts";
export * from "./verification-reminder.ts";
