/**
 * Send Message on a lawyer profile (spec §2 "Lawyer profile", §3 "CustomerMessage"; issue 4
 * "Tracking and messages"): a button that opens a form (name, email, optional phone, subject,
 * message) stored as a CustomerMessage for the lawyer's inbox.
 *
 * The dialog (SendMessageModal.tsx) is a separate chunk, fetched when the pointer or focus
 * reaches the button and shown when it is pressed, so the profile's JavaScript does not grow by
 * the form (Lighthouse budget, issue 2 §5). Without JavaScript the button cannot open anything;
 * the profile's Contact Information (email, phone) remains.
 */
import { Button } from "@mantine/core";
import { IconMail } from "@tabler/icons-react";
import { lazy, Suspense } from "react";
import { MESSAGE_TEXTS } from "../../../lib/messages.ts";
import { useLazyDialog } from "../../ui/lazy-dialog";

/** The lawyer the message goes to, and the signed-in user's name and email to prefill. */
export interface SendMessageButtonProps {
  lawyerId: number;
  lawyerName: string;
  prefill?: { name: string; email: string } | null;
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
 * The Send Message button and, once pressed, its dialog. The dialog stays mounted after it
 * closes, so a closed draft is still there when it is reopened.
 */
export function SendMessageButton({ lawyerId, lawyerName, prefill }: SendMessageButtonProps) {
  const { opened, mounted, loading, buttonRef, open, close, exited, preload } = useLazyDialog(
    loadModal,
    "Could not open the message form",
  );
  return (
    <>
      <Button
        ref={buttonRef}
        variant="light"
        leftSection={<IconMail size={18} aria-hidden />}
        onClick={open}
        onPointerEnter={preload}
        onFocus={preload}
        loading={loading}
        aria-haspopup="dialog"
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
