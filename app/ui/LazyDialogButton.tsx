/**
 * A control that opens a dialog kept in its own chunk (Submit Case and Send Message on a lawyer
 * profile; spec §2 "Lawyer profile", issue 4): a link to the page's in-page form (issue 13 §4:
 * works before hydration and without JavaScript) that, once hydrated, opens the dialog instead.
 * The chunk is fetched when the pointer or focus reaches the control (lazy-dialog.ts), so the
 * page's JavaScript does not grow by the form (Lighthouse budget, issue 2 §5); the dialog stays
 * mounted after it closes, so a closed draft is still there when it is reopened.
 */
import { Button, Loader } from "@mantine/core";
import { type ReactNode, Suspense, useEffect } from "react";
import { LocaleLink as Link } from "./LocaleLink";
import { useLazyDialog } from "./lazy-dialog";

/** What the dialog gets: whether it is open, how to close it, and when its closing has ended. */
export interface LazyDialogState {
  opened: boolean;
  onClose: () => void;
  onExited: () => void;
}

/** Props of LazyDialogButton. */
export interface LazyDialogButtonProps {
  /** The in-page form's address (the link's target before hydration and without JavaScript). */
  to: string;
  /** The control's icon (18 px, aria-hidden); a spinner stands in while the chunk loads. */
  icon: ReactNode;
  /** The control's text (its accessible name). */
  children: ReactNode;
  /** Fetches the dialog's chunk (see `cachedLoader` in lazy-dialog.ts). */
  load: () => Promise<unknown>;
  /** The toast's title when the chunk cannot be fetched (offline). */
  failureTitle: string;
  /** The in-page form is shown: the link then just scrolls to it, no dialog. */
  inPage?: boolean;
  /**
   * Arriving with this fragment in the address opens the dialog once and drops the fragment (so
   * a reload or Back does not open it again).
   */
  openOnFragment?: string;
  /** `data-testid` and `data-contact-click` (the analytics beacon's contact kind) of the control. */
  testId: string;
  contactClick: string;
  /** The lazy dialog, rendered inside Suspense once first opened. */
  renderDialog: (state: LazyDialogState) => ReactNode;
}

/** The link-or-dialog control and, once pressed, its dialog (see the module comment). */
export function LazyDialogButton({
  to,
  icon,
  children,
  load,
  failureTitle,
  inPage,
  openOnFragment,
  testId,
  contactClick,
  renderDialog,
}: LazyDialogButtonProps) {
  const { opened, mounted, loading, hydrated, buttonRef, open, onLinkClick, close, exited, preload } =
    useLazyDialog(load, failureTitle);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival
  useEffect(() => {
    if (inPage || !openOnFragment || window.location.hash !== openOnFragment) return;
    window.history.replaceState(window.history.state, "", window.location.pathname + window.location.search);
    buttonRef.current?.scrollIntoView({ block: "center" });
    open();
  }, []);
  return (
    <>
      <Button
        component={Link}
        to={to}
        ref={buttonRef}
        variant="light"
        // Not `loading`: that disables the control, which drops its focus, and the dialog returns
        // focus to the element that had it when it opened.
        leftSection={loading ? <Loader size={18} aria-hidden /> : icon}
        aria-busy={loading || undefined}
        onClick={inPage ? undefined : onLinkClick}
        onPointerEnter={preload}
        onFocus={preload}
        aria-haspopup={hydrated && !inPage ? "dialog" : undefined}
        data-testid={testId}
        data-contact-click={contactClick}
      >
        {children}
      </Button>
      {mounted && (
        <Suspense fallback={null}>{renderDialog({ opened, onClose: close, onExited: exited })}</Suspense>
      )}
    </>
  );
}
