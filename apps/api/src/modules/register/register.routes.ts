import type { App } from '../../http/types.ts';
import { registerExcerptRoutes } from './register-excerpts.routes.ts';

/** The token register's shop calls (issue 16); each concern keeps its routes in its own file. */
export async function registerRoutes(app: App) {
  await app.register(registerExcerptRoutes);
}
