import { join } from 'node:path';
import type { AppConfig } from '../config.ts';
import { createCustody } from './custody/create-custody.ts';
import type { CustodyPort } from './custody/port.ts';
import { createMailPort } from './mail/create-mail.ts';
import type { MailPort } from './mail/port.ts';
import { createLocalStorage } from './storage/local.ts';
import type { StoragePort } from './storage/port.ts';

/**
 * Every external partner behind its port (convention 4). Built once per process by `main.ts` (or
 * `createTestApp()`), handed to `buildApp({ partners })` and read by routes as `app.partners`;
 * routes never construct adapters. A new partner (KYC, custody, card payments) is added here.
 */
export type Partners = {
  mail: MailPort;
  storage: StoragePort;
  custody: CustodyPort;
};

type Logger = { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };

/** The adapters the configuration asks for: SMTP mail when `SMTP_URL` is set, else the outbox; local storage. */
export function createPartners(opts: { config: AppConfig; logger?: Logger }): Partners {
  const { config, logger } = opts;
  return {
    mail: createMailPort({ smtpUrl: config.smtpUrl, ...(logger ? { logger } : {}) }),
    storage: createLocalStorage(join(config.dataDir, 'storage')),
    custody: createCustody({ config, ...(logger ? { logger } : {}) }),
  };
}
