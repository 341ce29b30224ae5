/**
 * Send Message on a lawyer profile (spec §2 "Lawyer profile", §3 "CustomerMessage"; issue 4
 * "Tracking and messages"): a link that, once the page is hydrated, opens a form (name, email, optional phone, subject,
 * message) stored as a CustomerMessage for the lawyer's inbox.
 *
 * The dialog (SendMessageModal.tsx) is a separate chunk, fetched when the pointer or focus
 * reaches the button and shown when it is pressed, so the profile's JavaScript does not grow by
 * the form (Lighthouse budget, issue 2 §5). The control is a link to the profile's in-page form
 * (SendMessageInPage.tsx), so Send Message works before hydration and without JavaScript (issue
 * 13 §4).
 */
import { IconMail } from "@tabler/icons-react";
import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { useLocalizePath } from "../../i18n/locale";
import { LazyDialogButton } from "../../ui/LazyDialogButton";
import { cachedLoader } from "../../ui/lazy-dialog";

/** The lawyer the message goes to, and the signed-in user's name and email to prefill. */
export interface SendMessageButtonProps {
  lawyerId: number;
  lawyerName: string;
  prefill?: { name: string; email: string } | null;
  /** The in-page message form is shown (`?form=message`): the link scrolls to it, no dialog. */
  inPage?: boolean;
}

const loadModal = cachedLoader(() => import("./SendMessageModal"));
const SendMessageModal = lazy(loadModal);

/**
 * The Send Message link and, once pressed, its dialog. The link goes to the profile's in-page
 * form (`?form=message#send-message`, issue 13 §4), which works before hydration and without
 * JavaScript; once hydrated a click opens the dialog instead, unless the in-page form is already
 * shown (`inPage`: the link then just scrolls to it).
 */
export function SendMessageButton({ lawyerId, lawyerName, prefill, inPage }: SendMessageButtonProps) {
  const { t } = useTranslation("messages");
  const localize = useLocalizePath();
  return (
    <LazyDialogButton
      to={localize(`/lawyer/${lawyerId}?form=message#send-message`)}
      icon={<IconMail size={18} aria-hidden />}
      load={loadModal}
      failureTitle={t("openFailure")}
      inPage={inPage}
      testId="send-message"
      contactClick="message"
      renderDialog={(dialog) => (
        <SendMessageModal {...dialog} lawyerId={lawyerId} lawyerName={lawyerName} prefill={prefill ?? null} />
      )}
    >
      {t("button")}
    </LazyDialogButton>
  );
}
