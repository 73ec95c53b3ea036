import type { App } from '../../http/types.ts';

/** Catalogue: taxons, products, variants, payment methods and configurations, legal documents. */
export async function catalogRoutes(_app: App) {}
