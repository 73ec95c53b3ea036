import { useRef } from 'react';
import { focusQuietly, pageStart } from './route-focus.tsx';

/*
 * WCAG 2.4.3 (BFSG, issue 22): a dialog that closes gives the focus back to what opened it. Radix's
 * Dialog and AlertDialog trap the focus, focus the first control (or the content, labelled by its
 * title) on open and close on Escape, but on close they focus only a `Dialog.Trigger`; the app's
 * dialogs are opened from their own buttons (controlled `open`), so without this the focus fell
 * to <body> and a keyboard or screen-reader user had to start again from the top of the page.
 */

/** How long a returned focus is watched: an action may remove or disable its opener after the dialog closed. */
const watchMs = 30_000;

let stopWatching: (() => void) | null = null;

/** Whether the focus can go back there: still in the page and not disabled. */
function isUsable(el: Element | null | undefined): el is HTMLElement {
  return (
    el instanceof HTMLElement &&
    el.isConnected &&
    el !== document.body &&
    !(el as HTMLElement & { disabled?: boolean }).disabled
  );
}

/**
 * When the element that has the focus back is removed or disabled a little later (the row of a
 * revoked session, the "Sperren" button once the file reloads), the focus goes to the page's main
 * heading rather than falling to <body>. Ends when the visitor moves on (focus elsewhere, a click).
 */
function watchLoss(el: HTMLElement): void {
  stopWatching?.();
  const observer = new MutationObserver(() => {
    if (isUsable(el)) return;
    stop();
    const focused = document.activeElement;
    if (focused === null || focused === document.body || focused === el) {
      const start = pageStart();
      if (start) focusQuietly(start);
    }
  });
  const onMoved = (event: Event) => {
    if (event.target !== el) stop();
  };
  const timer = setTimeout(() => stop(), watchMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', onMoved, true);
    document.removeEventListener('pointerdown', onMoved, true);
    if (stopWatching === stop) stopWatching = null;
  }
  observer.observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled'],
  });
  document.addEventListener('focusin', onMoved, true);
  document.addEventListener('pointerdown', onMoved, true);
  stopWatching = stop;
}

/**
 * Gives the focus back after a dialog closed: to the first usable of `candidates` (the opener),
 * else to the page's main heading (or `<main>`) when the opener is gone or disabled.
 */
function giveFocusBack(...candidates: (Element | null | undefined)[]): void {
  const opener = candidates.find(isUsable);
  if (opener) {
    opener.focus({ preventScroll: true });
    watchLoss(opener);
    return;
  }
  const start = pageStart();
  if (start) focusQuietly(start);
}

/**
 * The focus handlers for a Radix `Dialog.Content` / `AlertDialog.Content`: on open it remembers the
 * element that had the focus (the opener); on close it gives the focus back to `preferred()` when
 * that returns a usable element, else to the opener, else to the page's main heading. When the
 * dialog's confirm left the page, it leaves the focus to the route's rule (lib/route-focus.tsx).
 * Pass both handlers to the Content (`onOpenAutoFocus`, `onCloseAutoFocus`).
 */
export function useDialogFocus(preferred?: () => HTMLElement | null | undefined) {
  const opener = useRef<Element | null>(null);
  const openedAt = useRef('');
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement;
      openedAt.current = window.location.pathname;
    },
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      // a confirm that left the page: the new page's heading gets the focus (lib/route-focus.tsx)
      if (window.location.pathname !== openedAt.current) return;
      // the caller has already put the focus somewhere (after its own action): leave it there
      const focused = document.activeElement;
      if (focused && focused !== document.body && focused.isConnected) return;
      giveFocusBack(preferred?.(), opener.current);
    },
  };
}
