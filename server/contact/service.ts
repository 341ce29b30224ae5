/**
 * Contract of the contact form (spec §2 "Contact", §3 "Contact form fields", §4; issue 4): each
 * message is stored and emailed to SUPPORT_EMAIL. Implemented in server/contact/index.ts.
 */

/** The contact form as the contact page's action and POST /api/contact use it. */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by issue 4
export interface ContactService {}
