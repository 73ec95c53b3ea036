import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../crypto/secrets.ts';
import {
  customers,
  mailOutbox,
  partnerEvents,
  sandboxCustodyWallets,
  wallets,
} from '../../db/schema/index.ts';
import { seedIdentifiedInvestor } from '../../db/seed/factories.ts';
import type { App } from '../../http/types.ts';
import { bossSchema } from '../../jobs/pg-boss-db.ts';
import { createJobRunner, type JobRunner } from '../../jobs/runner.ts';
import { sandboxCustodyWebhookPath } from '../../partners/custody/create-custody.ts';
import { createSandboxCustody, sandboxKeyPurpose } from '../../partners/custody/sandbox/sandbox-custody.ts';
import { httpWebhookTransport } from '../../partners/sandbox-webhooks.ts';
import { buildApp } from '../../server.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

/*
 * The sandbox custodian's private keys never leave its table: not in an API answer, not in a log
 * line (the app's, the job runner's or the partner's own, at trace level), not in a webhook, a
 * mail, a recorded partner event or a queued job. The webhooks travel over real HTTP here.
 */

const logLines: string[] = [];
const stream = { write: (line: string) => void logLines.push(line) };
const secret = randomBytes(32).toString('hex');
let port = 0;
let t: TestApp;
let app: App;
let jobs: JobRunner;
const answers: string[] = [];

beforeAll(async () => {
  const logger = pino({ level: 'trace' }, stream);
  const custody = createSandboxCustody({
    secret,
    webhookUrl: `http://localhost:3000${sandboxCustodyWebhookPath}`,
    delaySeconds: 5,
    // Over HTTP to this test's server (its port is known once it listens).
    deliver: (request) =>
      httpWebhookTransport({ ...request, url: `http://127.0.0.1:${port}${new URL(request.url).pathname}` }),
    logger,
  });
  t = await createTestApp({ seed: 'reference', partners: { custody } });
  // The same application on the same database, logging everything at trace level into `logLines`.
  app = await buildApp({
    ...t.buildOptions,
    db: { ...t.buildOptions.db, close: async () => {} },
    logger: { level: 'trace', stream },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  jobs = createJobRunner({
    dbHandle: t.buildOptions.db,
    log: logger,
    partners: t.partners,
    config: t.config,
  });
  await jobs.init();
});
afterAll(async () => {
  await jobs.stop();
  await app.close();
  await t.close();
});

async function call(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const res = await app.inject({
    method,
    url,
    headers: { accept: 'application/ld+json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
  answers.push(JSON.stringify(res.headers), res.body);
  return res;
}

describe('the sandbox custodian’s private key', () => {
  it('appears in no answer, log line, webhook, mail, partner event or job', async () => {
    const row = await seedIdentifiedInvestor(app.db, { appSecret: t.config.appSecret });
    const { token } = await loginAs(app, { email: row.email, password: testPassword });
    const created = await call('POST', '/api/v2/shop/wallets', token, { type: 'custody', name: 'Depot' });
    expect(created.statusCode).toBe(201);
    await call('GET', '/api/v2/shop/wallets?itemsPerPage=400', token);
    await call('GET', `/api/v2/shop/wallets/${created.json().id}`, token);
    const [wallet] = await app.db.select().from(wallets).where(eq(wallets.customerId, row.id));
    await call('GET', `/sandbox/custody/${wallet!.externalId}`);
    await call('GET', '/sandbox/custody');

    // approval_required, then approved, both over HTTP through the webhook route.
    await jobs.drain({ includeDelayed: true });
    const [customer] = await app.db.select().from(customers).where(eq(customers.id, row.id));
    expect(customer!.cryptoRegistrarStatus).toBe('approved');
    await call('GET', `/api/v2/shop/customers/${row.uuid}`, token);

    const [sealed] = await app.db
      .select()
      .from(sandboxCustodyWallets)
      .where(eq(sandboxCustodyWallets.id, wallet!.externalId!));
    const privateKey = createSecretBox(secret, sandboxKeyPurpose).open(sealed!.encryptedPrivateKey);
    expect(privateKeyToAccount(privateKey as `0x${string}`).address).toBe(wallet!.address);
    const keyHex = privateKey.slice(2).toLowerCase();

    // The logs were written (the request, the webhook deliveries, the jobs and the partner), and hold no key.
    const logs = logLines.join('\n');
    expect(logs).toContain('sandbox custody: wallet opened');
    expect(logs).toContain('custody webhook received');
    expect(logs).toContain('/api/v2/shop/wallets/webhook/sandbox');
    expect(logs.toLowerCase()).not.toContain(keyHex);

    expect(answers.join('\n').toLowerCase()).not.toContain(keyHex);
    const events = await app.db.select().from(partnerEvents);
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(events).toLowerCase()).not.toContain(keyHex);
    const mails = await app.db.select().from(mailOutbox);
    expect(JSON.stringify(mails).toLowerCase()).not.toContain(keyHex);
    const queued = await app.db.execute(sql`select data from ${sql.identifier(bossSchema)}.job`);
    expect(JSON.stringify(queued).toLowerCase()).not.toContain(keyHex);
    // At rest it is sealed (AES-256-GCM), not stored in the clear.
    expect(sealed!.encryptedPrivateKey.toLowerCase()).not.toContain(keyHex);
    expect(() =>
      createSecretBox(randomBytes(32).toString('hex'), sandboxKeyPurpose).open(sealed!.encryptedPrivateKey),
    ).toThrow();
  });

  it('is not readable through the API in any form (no route answers the sealed key)', async () => {
    const row = await seedIdentifiedInvestor(app.db, { appSecret: t.config.appSecret });
    const { token } = await loginAs(app, { email: row.email, password: testPassword });
    const created = await call('POST', '/api/v2/shop/wallets', token, { type: 'custody' });
    const [sealed] = await app.db
      .select({ encrypted: sandboxCustodyWallets.encryptedPrivateKey })
      .from(sandboxCustodyWallets)
      .where(eq(sandboxCustodyWallets.address, created.json().address));
    const list = await shop(app, token).get('/wallets');
    expect(JSON.stringify(list.body)).not.toContain(sealed!.encrypted);
    expect(answers.join('\n')).not.toContain(sealed!.encrypted);
  });
});
