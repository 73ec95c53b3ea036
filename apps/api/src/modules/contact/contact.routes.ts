import type { App } from '../../http/types.ts';

/** Contact form: stores the message and mails the operator. */
export async function contactRoutes(_app: App) {}
