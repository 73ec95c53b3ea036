import { useSyncExternalStore } from 'react';

/** spec 9: notification types. */
export type NotificationType = 'success' | 'error' | 'info';

export type AppNotification = {
  id: number;
  type: NotificationType;
  /** Already translated text. */
  message: string;
  /** Optional technical detail (error code, request id), shown on demand. */
  detail?: string | undefined;
};

let notifications: AppNotification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const l of listeners) l();
}

/**
 * Shows a notification. spec 4: de-duplicated by message plus type, so the same failure from two
 * calls shows once. Every navigation hides all notifications (see the router), so after navigating
 * call this once the navigation has completed (`await navigate(...)`).
 */
export function notify(type: NotificationType, message: string, detail?: string): number {
  const existing = notifications.find((n) => n.type === type && n.message === message);
  if (existing) return existing.id;
  const n: AppNotification = { id: nextId++, type, message, detail };
  notifications = [...notifications, n];
  emit();
  return n.id;
}

export function dismissNotification(id: number) {
  const next = notifications.filter((n) => n.id !== id);
  if (next.length === notifications.length) return;
  notifications = next;
  emit();
}

export function clearNotifications() {
  if (notifications.length === 0) return;
  notifications = [];
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useNotifications(): AppNotification[] {
  return useSyncExternalStore(
    subscribe,
    () => notifications,
    () => notifications,
  );
}
