import type { App } from '../../http/types.ts';

/** Outside production: the mail outbox, readable at /dev/mailbox. */
export async function devMailboxRoutes(_app: App) {}
