/**
 * Submit Case on a lawyer profile (spec §2 "Lawyer profile": "Submit Case (opens a dialog titled
 * Legal Case Management)"; §2 "Case form dialog", §4, §5, §8, §9; issue 4 "Case submission"): a
 * link to the in-page case form (issue 13 §4, works without JavaScript) that, once the page is
 * hydrated, opens the case form dialog instead.
 *
 * The dialog (CaseFormModal.tsx: stepper, fields, Dropzone and its styles) is a separate chunk,
 * fetched when the pointer or focus reaches the button and shown when it is pressed, so the
 * profile page's JavaScript does not grow by the form (Lighthouse budget, issue 2 §5).
 */
import { Button, Loader } from "@mantine/core";
import { IconFileUpload } from "@tabler/icons-react";
import { lazy, Suspense, useEffect } from "react";
import { Link } from "react-router";
import { SUBMIT_CASE_FRAGMENT } from "../../../lib/cases.ts";
import { useLazyDialog } from "../../ui/lazy-dialog";

/** The lawyer the case goes to, and the signed-in client's name and email to prefill. */
export interface SubmitCaseButtonProps {
  lawyerId: number;
  lawyerName: string;
  prefill?: { clientName: string; clientEmail: string } | null;
  /** The in-page case form is shown (`?form=case`): the link scrolls to it, no dialog. */
  inPage?: boolean;
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
 * The Submit Case link and, once pressed, the dialog titled Legal Case Management. The link goes
 * to the profile's in-page form (`?form=case#submit-case`, issue 13 §4), which works before
 * hydration and without JavaScript; once hydrated a click opens the dialog instead, unless the
 * in-page form is already shown (`inPage`: the link then just scrolls to it). The dialog stays
 * mounted after it closes so that a closed draft is still there when it is reopened.
 */
export function SubmitCaseButton({ lawyerId, lawyerName, prefill, inPage }: SubmitCaseButtonProps) {
  const { opened, mounted, loading, hydrated, buttonRef, open, onLinkClick, close, exited, preload } =
    useLazyDialog(loadModal, "Could not open the case form");
  // Opened from a link ending in #submit-case: open once, and drop the fragment so that a reload
  // or Back does not open it again. Not when the in-page form is shown: the fragment is its own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (inPage || window.location.hash !== SUBMIT_CASE_FRAGMENT) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    buttonRef.current?.scrollIntoView({ block: "center" });
    open();
  }, []);
  return (
    <>
      <Button
        component={Link}
        to={`/lawyer/${lawyerId}?form=case${SUBMIT_CASE_FRAGMENT}`}
        ref={buttonRef}
        variant="light"
        // Not `loading`: that disables the control, which drops its focus, and the dialog returns
        // focus to the element that had it when it opened.
        leftSection={loading ? <Loader size={18} aria-hidden /> : <IconFileUpload size={18} aria-hidden />}
        aria-busy={loading || undefined}
        onClick={inPage ? undefined : onLinkClick}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup={hydrated && !inPage ? "dialog" : undefined}
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
