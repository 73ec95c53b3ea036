import type { App } from '../http/types.ts';
import { sandboxBankRoutes } from './bank/sandbox/sandbox-bank.routes.ts';
import { sandboxCardRoutes } from './card/sandbox/sandbox-card.routes.ts';
import { sandboxCustodyRoutes } from './custody/sandbox/sandbox-custody.routes.ts';
import { sandboxIdentificationRoutes } from './identification/sandbox/sandbox-identification.routes.ts';
import { sandboxRegistrarRoutes } from './registrar/sandbox/sandbox-registrar.routes.ts';
import { acceptSandboxForms } from './sandbox-pages.ts';

/**
 * Every sandbox partner's pages under `/sandbox/...`, outside `/api`: the one place that registers
 * them (server.ts registers this plugin). Each partner's plugin adds its routes only while its
 * sandbox is the configured partner; the form parser is set here once, for their form posts only.
 */
export async function sandboxPartnerRoutes(app: App) {
  acceptSandboxForms(app);
  await app.register(sandboxIdentificationRoutes);
  await app.register(sandboxBankRoutes);
  await app.register(sandboxCardRoutes);
  await app.register(sandboxCustodyRoutes);
  await app.register(sandboxRegistrarRoutes);
}
