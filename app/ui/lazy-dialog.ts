/**
 * The state of a control that opens a dialog kept in its own chunk (Submit Case, Send Message;
 * issue 4): the chunk is fetched when the pointer or focus reaches the control and the dialog
 * shows when it is pressed, so a page's JavaScript does not grow by the form. The dialog stays
 * mounted after it closes, so a closed draft is still there when it is reopened, and focus goes
 * back to the control (WCAG 2.4.3).
 *
 * The control is a link to the page's in-page form (issue 13 §4: it works before hydration and
 * without JavaScript); once hydrated, `onLinkClick` opens the dialog instead of following it.
 */
import { notifications } from "@mantine/notifications";
import { type MouseEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * True for a click the browser should handle itself: another button than the main one, or with
 * a modifier key (open in a new tab or window, download).
 */
export function isModifiedClick(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/**
 * Puts the focus on `button` when a dialog that just closed left it nowhere (on the page's body,
 * or on an element that is no longer shown), so keyboard and screen-reader users continue from
 * the button that opened it (WCAG 2.4.3).
 */
export function restoreFocusIfLost(button: HTMLElement | null): void {
  if (!button) return;
  const active = document.activeElement as HTMLElement | null;
  const lost =
    !active ||
    active === document.body ||
    !active.isConnected ||
    active.closest("[role=dialog]") !== null ||
    active.offsetParent === null;
  if (lost) button.focus({ preventScroll: true });
}

/**
 * Wraps a chunk's `import()` so that it is fetched once and shared; a failed fetch (offline) is
 * forgotten, so the next call tries again.
 */
export function cachedLoader<T>(importer: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    pending ??= importer().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

/**
 * `load` fetches the dialog's chunk (cached by the caller; a failed load may be retried);
 * `failureTitle` is the toast's title when it cannot be fetched (offline). Answers the state and
 * the handlers to wire: `preload` on pointer enter and focus, `onLinkClick` (or `open`) on click,
 * `close` and `exited` to the dialog; `hydrated` turns true once React runs the page (the control
 * then announces the dialog with aria-haspopup).
 */
export function useLazyDialog(load: () => Promise<unknown>, failureTitle: string) {
  const { t } = useTranslation("ui");
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [loading, setLoading] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const buttonRef = useRef<HTMLAnchorElement>(null);
  // Mantine's return of focus misses the first opening (the dialog mounts already open): the
  // button takes the focus back itself once the dialog has closed, and again after the closing
  // transition if the focus was lost meanwhile (e.g. Escape pressed inside a date field).
  const close = () => {
    setOpened(false);
    requestAnimationFrame(() => buttonRef.current?.focus({ preventScroll: true }));
  };
  const exited = () => restoreFocusIfLost(buttonRef.current);
  const preload = () => {
    load().catch(() => {});
  };
  const open = () => {
    setLoading(true);
    load().then(
      () => {
        setLoading(false);
        setMounted(true);
        setOpened(true);
      },
      () => {
        setLoading(false);
        notifications.show({
          color: "red",
          title: failureTitle,
          message: t("lazyDialog.offline"),
        });
      },
    );
  };
  /** The link's click: opens the dialog, unless the browser should handle the click itself. */
  const onLinkClick = (event: MouseEvent) => {
    if (isModifiedClick(event)) return;
    event.preventDefault();
    open();
  };
  return { opened, mounted, loading, hydrated, buttonRef, open, onLinkClick, close, exited, preload };
}
