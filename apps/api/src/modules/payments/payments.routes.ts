import type { App } from '../../http/types.ts';

/** Payment methods and product payment configurations. */
export async function paymentRoutes(_app: App) {}
