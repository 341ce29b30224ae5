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
import { Button, Loader } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { MESSAGE_TEXTS } from "../../../lib/messages.ts";
import { useLazyDialog } from "../../ui/lazy-dialog";

/** The lawyer the message goes to, and the signed-in user's name and email to prefill. */
export interface SendMessageButtonProps {
  lawyerId: number;
  lawyerName: string;
  prefill?: { name: string; email: string } | null;
  /** The in-page message form is shown (`?form=message`): the link scrolls to it, no dialog. */
  inPage?: boolean;
}

type ModalModule = typeof import("./SendMessageModal");
let modalModule: Promise<ModalModule> | null = null;
/** Loads the dialog's chunk once; a failed load (offline) may be retried by the next press. */
function loadModal(): Promise<ModalModule> {
  modalModule ??= import("./SendMessageModal").catch((error: unknown) => {
    modalModule = null;
    throw error;
  });
  return modalModule;
}
const SendMessageModal = lazy(loadModal);

/**
 * The Send Message link and, once pressed, its dialog. The link goes to the profile's in-page
 * form (`?form=message#send-message`, issue 13 §4), which works before hydration and without
 * JavaScript; once hydrated a click opens the dialog instead, unless the in-page form is already
 * shown (`inPage`: the link then just scrolls to it). The dialog stays mounted after it closes,
 * so a closed draft is still there when it is reopened.
 */
export function SendMessageButton({ lawyerId, lawyerName, prefill, inPage }: SendMessageButtonProps) {
  const { opened, mounted, loading, hydrated, buttonRef, onLinkClick, close, exited, preload } =
    useLazyDialog(loadModal, "Could not open the message form");
  return (
    <>
      <Button
        component={Link}
        to={`/lawyer/${lawyerId}?form=message#send-message`}
        ref={buttonRef}
        variant="light"
        // Not `loading`: that disables the control, which drops its focus, and the dialog returns
        // focus to the element that had it when it opened.
        leftSection={loading ? <Loader size={18} aria-hidden /> : <IconMail size={18} aria-hidden />}
        aria-busy={loading || undefined}
        onClick={inPage ? undefined : onLinkClick}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup={hydrated && !inPage ? "dialog" : undefined}
        data-testid="send-message"
        data-contact-click="message"
      >
        {MESSAGE_TEXTS.button}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <SendMessageModal
            opened={opened}
            onClose={close}
            onExited={exited}
            lawyerId={lawyerId}
            lawyerName={lawyerName}
            prefill={prefill ?? null}
          />
        </Suspense>
      )}
    </>
  );
}
