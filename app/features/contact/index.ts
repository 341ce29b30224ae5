/**
 * Contact: the site's contact form (spec §2 "Contact", issue 4), validated in the browser and
 * answered by the contact page's action.
 */
export { type ContactActionResult, ContactForm, EMPTY_CONTACT } from "./ContactForm";
