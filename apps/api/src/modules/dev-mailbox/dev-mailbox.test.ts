import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { createPartners } from '../../partners/create-partners.ts';
import { createOutboxMail } from '../../partners/mail/outbox.ts';
import { buildApp } from '../../server.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const mail = createOutboxMail();
  for (const [to, template] of [
    ['anna@example.com', 'verify_email'],
    ['Kontakt@Tokenwerk.example', 'contact_form'],
    ['anna@example.com', 'reset_password'],
  ] as const) {
    await mail.queue(t.app.db, {
      to,
      from: 'noreply@tokenwerk.example',
      subject: `${template} mail`,
      text: 'Hallo',
      template,
    });
  }
});
afterAll(async () => {
  await t.close();
});

describe('dev mailbox', () => {
  it('lists outbox mails newest first as JSON', async () => {
    const res = await t.app.inject({ url: '/api/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((m: { template: string }) => m.template)).toEqual([
      'reset_password',
      'contact_form',
      'verify_email',
    ]);
  });

  it('filters by recipient (case-insensitive) and template, and limits', async () => {
    const to = await t.app.inject({ url: '/api/dev/mailbox?to=kontakt@tokenwerk.example' });
    expect(to.json()).toHaveLength(1);
    const tpl = await t.app.inject({ url: '/api/dev/mailbox?to=anna@example.com&template=verify_email' });
    expect(tpl.json()).toEqual([
      expect.objectContaining({ subject: 'verify_email mail', status: 'captured' }),
    ]);
    const limited = await t.app.inject({ url: '/api/dev/mailbox?limit=1' });
    expect(limited.json()).toHaveLength(1);
    const bad = await t.app.inject({ url: '/api/dev/mailbox?limit=0&foo=1' });
    expect(bad.statusCode).toBe(400);
  });

  it('shows the mails as an HTML page', async () => {
    const res = await t.app.inject({ url: '/dev/mailbox?to=anna@example.com' });
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('reset_password mail');
    expect(res.body).not.toContain('contact_form mail');
  });
});

describe('in production', () => {
  it('has no mailbox at all', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'token-prod-'));
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
    });
    const db = await openDatabase({ dataDir: 'memory://' });
    await migrateDatabase(db);
    const app = await buildApp({ config, db, partners: createPartners({ config }) });
    try {
      expect((await app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/dev/mailbox' })).statusCode).toBe(404);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
