import type { ProcessName } from '@token/domain/navigation';
import { useEffect, useId, useRef } from 'react';

/*
 * State the app-wide navigation guard (app/navigation-guard.tsx) reads: which pages hold unsaved
 * input, and what cancelling each process means. Features register here; they never block
 * navigation themselves (the router supports one blocker, and the guard is it).
 */

const dirtyPages = new Set<string>();

/** True when some mounted page holds input that leaving would lose. */
export function hasUnsavedChanges(): boolean {
  return dirtyPages.size > 0;
}

/** Forget all unsaved-input marks (after the user agreed to leave). */
export function discardUnsavedChanges(): void {
  dirtyPages.clear();
}

/**
 * spec 2: leaving a page with entered data asks for confirmation. A page calls this with its
 * form's dirty state; in-app navigation then asks, and closing the tab gets the browser's prompt.
 */
export function useUnsavedChanges(isDirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!isDirty) {
      dirtyPages.delete(id);
      return;
    }
    dirtyPages.add(id);
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyPages.has(id)) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyPages.delete(id);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [id, isDirty]);
}

/**
 * The navigation state of a move the app makes itself, not the user: an entry gate's redirect, or
 * the next step after a process step was saved on the server. Nothing prepared is lost by it, so the
 * navigation guard lets it through: `navigate(to, { state: appRedirectState })`.
 */
export const appRedirectState = { appRedirect: true } as const;

/** Whether a location's state marks a move the app makes itself (see `appRedirectState`). */
export function isAppRedirect(state: unknown): boolean {
  return (
    typeof state === 'object' && state !== null && (state as { appRedirect?: unknown }).appRedirect === true
  );
}

type CancelAction = () => Promise<void> | void;
const cancelActions = new Map<ProcessName, CancelAction>();

/** Runs the cancel action of a process (e.g. delete the in-progress order); failures are the caller's. */
export async function cancelProcess(process: ProcessName): Promise<void> {
  await cancelActions.get(process)?.();
}

/**
 * Registers what confirming 'All prepared information will be lost' does for a process while the
 * calling component is mounted (the order issue plugs in deleting the order and clearing the cart).
 */
export function useProcessCancelAction(process: ProcessName, action: CancelAction): void {
  const ref = useRef(action);
  ref.current = action;
  useEffect(() => {
    const run = () => ref.current();
    cancelActions.set(process, run);
    return () => {
      if (cancelActions.get(process) === run) cancelActions.delete(process);
    };
  }, [process]);
}
