/**
 * Submit Case on a lawyer profile (spec §2 "Lawyer profile": "Submit Case (opens a dialog titled
 * Legal Case Management)"; §2 "Case form dialog", §4, §5, §8, §9; issue 4 "Case submission"): a
 * button that opens the case form dialog.
 *
 * The dialog (CaseFormModal.tsx: stepper, fields, Dropzone and its styles) is a separate chunk,
 * fetched when the pointer or focus reaches the button and shown when it is pressed, so the
 * profile page's JavaScript does not grow by the form (Lighthouse budget, issue 2 §5).
 */
import { Button, Loader } from "@mantine/core";
import { IconFileUpload } from "@tabler/icons-react";
import { lazy, Suspense, useEffect } from "react";
import { SUBMIT_CASE_FRAGMENT } from "../../../lib/cases.ts";
import { useLazyDialog } from "../../ui/lazy-dialog";

/** The lawyer the case goes to, and the signed-in client's name and email to prefill. */
export interface SubmitCaseButtonProps {
  lawyerId: number;
  lawyerName: string;
  prefill?: { clientName: string; clientEmail: string } | null;
}

type ModalModule = typeof import("./CaseFormModal");
let modalModule: Promise<ModalModule> | null = null;
/** Loads the dialog's chunk once; a failed load (offline) may be retried by the next press. */
function loadModal(): Promise<ModalModule> {
  modalModule ??= import("./CaseFormModal").catch((error: unknown) => {
    modalModule = null;
    throw error;
  });
  return modalModule;
}
const CaseFormModal = lazy(loadModal);

/**
 * The Submit Case button and, once pressed, the dialog titled Legal Case Management. The dialog
 * stays mounted after it closes so that a closed draft is still there when it is reopened.
 */
export function SubmitCaseButton({ lawyerId, lawyerName, prefill }: SubmitCaseButtonProps) {
  const { opened, mounted, loading, buttonRef, open, close, exited, preload } = useLazyDialog(
    loadModal,
    "Could not open the case form",
  );
  // Opened from a link ending in #submit-case: open once, and drop the fragment so that a reload
  // or Back does not open it again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (window.location.hash !== SUBMIT_CASE_FRAGMENT) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    buttonRef.current?.scrollIntoView({ block: "center" });
    open();
  }, []);
  return (
    <>
      <Button
        ref={buttonRef}
        variant="light"
        // Not `loading`: that disables the button, which drops its focus, and the dialog returns
        // focus to the element that had it when it opened.
        leftSection={loading ? <Loader size={18} aria-hidden /> : <IconFileUpload size={18} aria-hidden />}
        aria-busy={loading || undefined}
        onClick={open}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup="dialog"
        data-testid="submit-case"
        data-contact-click="case"
      >
        Submit Case
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <CaseFormModal
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
