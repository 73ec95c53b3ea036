import { type MouseEvent, useRef } from 'react';

/**
 * Keeps the element that opened a dialog, so that closing the dialog gives it the focus back, or,
 * when the action removed it (a reversed entry, a removed investor) or disabled it (nothing left to mint), the `fallback` element.
 */
export function useDialogFocus<F extends HTMLElement>() {
  const opener = useRef<HTMLElement | null>(null);
  const fallback = useRef<F | null>(null);
  return {
    fallback,
    /** Call in the opener's click handler. */
    remember: (event: MouseEvent<HTMLElement>) => {
      opener.current = event.currentTarget;
    },
    /** The dialog's `returnFocus`. */
    returnFocus: () => {
      const el = opener.current;
      const usable = el?.isConnected && !(el instanceof HTMLButtonElement && el.disabled);
      return usable ? el : fallback.current;
    },
  };
}
