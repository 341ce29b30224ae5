/** Props shared by the toasts of the contact form and the Send Message dialog (issue 4). */

/**
 * Accessible toasts: the close button has a name, and the text has the page's text colour (the
 * default dimmed description fails the contrast check on the light background).
 */
export const TOAST_A11Y = {
  closeButtonProps: { "aria-label": "Close notification" },
  styles: { description: { color: "var(--mantine-color-text)" } },
} as const;
