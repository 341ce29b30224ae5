/**
 * Contact: the contact page and its message form (spec §2 "Contact", issue 4), validated in the
 * browser and answered by the page's action (./contact-action.server.ts, server-only, so not here).
 */
export { type ContactActionResult, ContactForm, EMPTY_CONTACT } from "./ContactForm";
export { ContactPage } from "./ContactPage";
