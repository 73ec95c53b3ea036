import type { App } from '../../http/types.ts';

/** Public media proxy (/media/...) for files in the public bucket. */
export async function mediaRoutes(_app: App) {}
