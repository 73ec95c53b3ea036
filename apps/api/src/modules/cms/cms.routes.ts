import type { App } from '../../http/types.ts';

/** CMS plugin: blocks and pages in de/en. */
export async function cmsRoutes(_app: App) {}
