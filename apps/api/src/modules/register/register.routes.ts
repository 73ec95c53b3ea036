import type { App } from '../../http/types.ts';
import { registerExcerptRoutes } from './register-excerpts.routes.ts';
import { registerShopRoutes } from './register-shop.routes.ts';
import { registrarWebhookRoutes } from './registrar-webhook.routes.ts';

/**
 * The register module's routes under the shop API (issue 16): each route file is its own plugin
 * (the registrar's webhook keeps the raw body in its own scope).
 */
export async function registerRoutes(app: App) {
  await app.register(registerShopRoutes);
  await app.register(registerExcerptRoutes);
  await app.register(registrarWebhookRoutes);
}
