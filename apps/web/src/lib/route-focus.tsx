import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/*
 * WCAG 2.4.3 / 4.1.3 (BFSG, issue 22): after a client-side move to another page, keyboard and
 * screen-reader users start at the new page's main heading and hear which page it is, as a full
 * page load would have told them. The router keeps the document, so nothing else would.
 */

/** How long a new page may show its loading placeholder (`aria-busy`) before focus goes to `<main>`. */
const maxWaitMs = 10_000;

/** The shell's main landmark (`<main id="main">` of app/root-layout.tsx). */
function mainLandmark(): HTMLElement | null {
  return document.getElementById('main') ?? document.querySelector('main');
}

/** The page's main heading (the first h1 in `<main>`), else `<main>` itself; null outside the shell. */
export function pageStart(): HTMLElement | null {
  const main = mainLandmark();
  return main?.querySelector<HTMLElement>('h1') ?? main;
}

/**
 * Focuses an element without scrolling (the shell scrolls to the top on every navigation). A heading
 * or landmark becomes focusable for this one focus only (tabindex -1 until it loses focus), so a
 * click into its text later does not focus it; the ring shows for keyboard users (`:focus-visible`).
 */
export function focusQuietly(el: HTMLElement): void {
  if (!el.hasAttribute('tabindex') && el.tabIndex < 0) {
    el.setAttribute('tabindex', '-1');
    el.addEventListener('blur', () => el.removeAttribute('tabindex'), { once: true });
  }
  el.focus({ preventScroll: true });
}

/** Runs `fn` after the effects of the commit that is being painted (Preact runs them after the next frame). */
function afterEffects(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Waits until the new page shows its heading (or has rendered without one and without a loading
 * placeholder), then focuses the heading (else `<main>`) and announces the heading's text (else the page's title). It leaves
 * the focus where it is when the page itself put it somewhere inside `<main>` (a form on its first
 * field), or when the visitor acted (pressed a key, clicked) while the page loaded. Returns a
 * function that stops waiting.
 */
function settleNewPage(announce: (text: string) => void, focusedBefore: Element | null): () => void {
  const main = mainLandmark();
  let cancelCheck: (() => void) | null = null;
  let userActed = false;
  const onUserAction = () => {
    userActed = true;
  };
  const observer = new MutationObserver(() => schedule());
  const giveUp = setTimeout(() => check(true), maxWaitMs);

  function schedule() {
    cancelCheck ??= afterEffects(() => {
      cancelCheck = null;
      check();
    });
  }

  /** `late`: the page still shows its placeholder after `maxWaitMs`; focus goes to `<main>`. */
  function check(late = false) {
    if (!main) return finish(null);
    const focused = document.activeElement;
    const placedByPage =
      focused instanceof HTMLElement &&
      focused !== focusedBefore &&
      focused !== main &&
      main.contains(focused);
    if (placedByPage) return finish(null);
    const heading = main.querySelector<HTMLElement>('h1');
    // A page still loading (its placeholder marked aria-busy) is waited for, even when its frame
    // already shows a heading: that heading may still be the frame's stand-in (an operator's
    // customer file says "Compliance-Prüfung" until the customer's name arrives).
    const loading = main.querySelector('[aria-busy="true"]') !== null || main.childElementCount === 0;
    if (loading && !late) return;
    finish(userActed ? null : (heading ?? main));
  }

  function finish(target: HTMLElement | null) {
    stop();
    if (target) focusQuietly(target);
    // The heading names the page as it now stands; the document title may still be the last page's
    // while the new one loads its data (a customer file's name).
    const title = main?.querySelector('h1')?.textContent?.trim() || document.title.trim();
    if (title) announce(title);
  }

  function stop() {
    cancelCheck?.();
    cancelCheck = null;
    clearTimeout(giveUp);
    observer.disconnect();
    document.removeEventListener('keydown', onUserAction, true);
    document.removeEventListener('pointerdown', onUserAction, true);
  }

  if (main) {
    observer.observe(main, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
  }
  document.addEventListener('keydown', onUserAction, true);
  document.addEventListener('pointerdown', onUserAction, true);
  schedule();
  return stop;
}

/**
 * The shell's route announcer: on each client-side change of the path (not the first render, which
 * may be a server-rendered page being hydrated, and not a change of only the query or hash, which
 * the page handles itself: filters, paging, infinite scroll) it moves focus to the new page's main
 * heading and says the page's title in its polite live region (the one of the shell).
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const settledPath = useRef(pathname);
  // Where the focus was before the new page committed, read while rendering it: a page whose effect
  // focuses a field may run before this component's effect, and that focus is the page's choice.
  const focusBefore = useRef<{ pathname: string; element: Element | null }>({ pathname, element: null });
  if (focusBefore.current.pathname !== pathname && typeof document !== 'undefined') {
    focusBefore.current = { pathname, element: document.activeElement };
  }

  useEffect(() => {
    if (settledPath.current === pathname) return;
    settledPath.current = pathname;
    // emptied first, so the same title after another page is heard again
    setMessage('');
    return settleNewPage(setMessage, focusBefore.current.element);
  }, [pathname]);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {message}
    </div>
  );
}
