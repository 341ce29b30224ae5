/** Props shared by the toasts of the contact form, the case form and the Send Message dialog (issue 4). */
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/**
 * Accessible toasts: the close button has a name, and the text has the page's text colour (the
 * default dimmed description fails the contrast check on the light background). English only:
 * components use `useToastA11y()`, which names the button in the page's language.
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

/**
 * TOAST_A11Y with the close button named in the page's language (catalog "ui",
 * "toast.close"; issue 14 §1): `notifications.show({ ...toastA11y, title, message })`.
 */
export function useToastA11y() {
  const { t } = useTranslation("ui");
  const close = t("toast.close");
  return useMemo(
    () => ({
      closeButtonProps: { "aria-label": close },
      styles: TOAST_A11Y.styles,
    }),
    [close],
  );
}
