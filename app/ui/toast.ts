/** Props shared by the toasts of the contact form, the case form and the Send Message dialog (issue 4). */

/**
 * Accessible toasts: the close button has a name, and the text has the page's text colour (the
 * default dimmed description fails the contrast check on the light background).
 */
export const TOAST_A11Y = {
  closeButtonProps: { "aria-label": "Close notification" },
  styles: { description: { color: "var(--mantine-color-text)" } },
} as const;

/**
 * Ids of the failure toasts of the contact form, the Send Message dialog and the case form. A new
 * attempt hides its form's failure toast, so that a retry that succeeds does not leave 'Error' (or
 * 'Submission Failed') on screen, with the success toast queued behind it (one toast at a time,
 * spec §9).
 */
export const FAILURE_TOAST_IDS = {
  contact: "contact-failure",
  message: "message-failure",
  case: "case-failure",
} as const;
