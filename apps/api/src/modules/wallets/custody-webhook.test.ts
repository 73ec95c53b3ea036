import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complianceAuditLog,
  customers,
  mailOutbox,
  partnerEvents,
  sandboxCustodyWallets,
  wallets,
} from '../../db/schema/index.ts';
import { seedIdentifiedInvestor } from '../../db/seed/factories.ts';
import {
  type CustodyTestApp,
  createCustodyTestApp,
} from '../../partners/custody/sandbox/sandbox-custody.test-kit.ts';
import { sandboxCustodyProvider } from '../../partners/custody/sandbox/sandbox-custody.ts';
import { signWebhook } from '../../partners/webhook-signatures.ts';
import { loginAs, shop, testPassword } from '../../test/accounts.ts';
import { listQueuedJobs } from '../../test/job-queue.ts';
import { applyRegistrarEvent } from './registrar.service.ts';

let t: CustodyTestApp;
beforeAll(async () => {
  t = await createCustodyTestApp({ delaySeconds: 5 });
});
afterAll(async () => {
  await t.close();
});

const webhookUrl = '/api/v2/shop/wallets/webhook/sandbox';

/** A logged-in investor with a fresh custody wallet (the sandbox's first report not yet delivered). */
async function investorWithWallet(locale: 'de' | 'en' = 'de') {
  const row = await seedIdentifiedInvestor(t.app.db, {
    appSecret: t.config.appSecret,
    locale,
    firstName: 'Erika',
    lastName: 'Muster',
  });
  const { token } = await loginAs(t.app, { email: row.email, password: testPassword });
  const api = shop(t.app, token);
  const res = await api.post('/wallets', { type: 'custody', defaultWallet: true, name: 'Depot' });
  expect(res.status).toBe(201);
  const [wallet] = await t.app.db.select().from(wallets).where(eq(wallets.customerId, row.id));
  return { row, api, wallet: wallet!, sandboxId: wallet!.externalId! };
}

async function customerRow(id: number) {
  const [row] = await t.app.db.select().from(customers).where(eq(customers.id, id));
  return row!;
}

async function auditOf(customerId: number) {
  return t.app.db
    .select()
    .from(complianceAuditLog)
    .where(eq(complianceAuditLog.customerId, customerId))
    .orderBy(complianceAuditLog.id);
}

async function mailsTo(email: string) {
  return t.app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, email))
    .orderBy(desc(mailOutbox.id));
}

async function eventCount() {
  const [row] = await t.app.db.select({ n: count() }).from(partnerEvents);
  return row?.n ?? 0;
}

/** A webhook body as the sandbox custodian writes it. */
function reportBody(opts: {
  id: string;
  wallet: string;
  status: string;
  message?: string | null;
  type?: string;
  created?: Date;
}) {
  return JSON.stringify({
    id: opts.id,
    type: opts.type ?? 'wallet.registrar_status',
    created: (opts.created ?? new Date()).toISOString(),
    data: {
      wallet: opts.wallet,
      reference: 'ref',
      address: '0x0000000000000000000000000000000000000000',
      registrarStatus: opts.status,
      message: opts.message ?? null,
    },
  });
}

function post(body: string, signature: string | undefined, locale = 'en') {
  return t.app.inject({
    method: 'POST',
    url: webhookUrl,
    headers: {
      'content-type': 'application/json',
      'accept-language': locale,
      ...(signature ? { 'webhook-signature': signature } : {}),
    },
    payload: body,
  });
}

describe('registrar status reported by the sandbox custodian', () => {
  it('reports approval_required at once and approved after the delay; the customer is told in their language', async () => {
    const { row, sandboxId, wallet } = await investorWithWallet('en');
    // The approval is due CUSTODY_SANDBOX_DELAY_SECONDS after creation.
    const due = (await listQueuedJobs(t.app.db, 'custody.sandbox-auto-approve')).filter(
      (j) => j.data.walletId === sandboxId,
    );
    expect(due).toHaveLength(1);
    expect(due[0]!.dueInSeconds).toBeGreaterThan(2);
    expect(due[0]!.dueInSeconds).toBeLessThanOrEqual(5);

    await t.jobs.drain();
    // approval_required arrived as a signed webhook, was recorded and changed nothing.
    const first = t.delivered.at(-1)!;
    expect(first.status).toBe(200);
    expect(first.headers['webhook-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(JSON.parse(first.body)).toMatchObject({
      type: 'wallet.registrar_status',
      data: { wallet: sandboxId, registrarStatus: 'approval_required', address: wallet.address },
    });
    expect((await customerRow(row.id)).cryptoRegistrarStatus).toBe('approval_required');
    expect(await auditOf(row.id)).toHaveLength(0);

    await t.jobs.drain({ includeDelayed: true });
    const customer = await customerRow(row.id);
    expect(customer.cryptoRegistrarStatus).toBe('approved');
    expect(customer.status).toBeNull(); // the platform's own check is the operator's
    const [audit] = await auditOf(row.id);
    expect(audit).toMatchObject({
      actorId: null,
      action: 'registrar_status',
      details: { from: 'approval_required', to: 'approved', custodian: 'sandbox', walletId: sandboxId },
    });
    const [mail] = await mailsTo(row.email);
    expect(mail).toMatchObject({
      template: 'registrar_approved',
      subject: 'Your custody wallet has been approved',
    });
    expect(mail!.text).toContain('Hello Erika Muster,');
    expect(mail!.text).toContain(`${wallet.address.slice(0, 5)}…${wallet.address.slice(-4)}`);
    expect(mail!.text).toContain('http://localhost:3000/account/custody');
    // Both reports are recorded once and processed.
    const events = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.provider, sandboxCustodyProvider));
    const mine = events.filter((e) => (e.payload as { walletId: string }).walletId === sandboxId);
    expect(mine.map((e) => (e.payload as { status: string }).status).sort()).toEqual([
      'approval_required',
      'approved',
    ]);
    expect(mine.every((e) => e.processedAt !== null && e.error === null)).toBe(true);
  });

  it('follow_up from the sandbox page: customer status follow_up with the message, a German mail, no auto-approval', async () => {
    const { row, sandboxId } = await investorWithWallet('de');
    await t.jobs.drain();
    const page = await t.app.inject({ url: `/sandbox/custody/${sandboxId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('Freigabe erforderlich');
    expect(page.body).toContain('Weitere Angaben anfordern');

    // a decision posted from another site is refused and changes nothing (CSRF)
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/sandbox/custody/${sandboxId}?locale=de`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      payload: new URLSearchParams({ decision: 'approved' }).toString(),
    });
    expect(foreign.statusCode).toBe(403);
    await t.jobs.drain();
    expect((await customerRow(row.id))?.cryptoRegistrarStatus).not.toBe('approved');

    const decided = await t.app.inject({
      method: 'POST',
      url: `/sandbox/custody/${sandboxId}?locale=de`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        decision: 'follow_up',
        message: 'Bitte senden Sie eine Meldebescheinigung.',
      }).toString(),
    });
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe(`/sandbox/custody/${sandboxId}?locale=de&done=follow_up`);
    const shown = await t.app.inject({ url: decided.headers.location as string });
    expect(shown.body).toContain('Entscheidung gespeichert');
    expect(shown.body).toContain('Weitere Angaben nötig');

    await t.jobs.drain();
    let customer = await customerRow(row.id);
    expect(customer).toMatchObject({
      cryptoRegistrarStatus: 'follow_up',
      status: 'follow_up',
      followUpMessage: 'Bitte senden Sie eine Meldebescheinigung.',
      followUpSeenAt: null,
    });
    const [audit] = await auditOf(row.id);
    expect(audit).toMatchObject({
      actorId: null,
      action: 'registrar_status',
      reason: 'Bitte senden Sie eine Meldebescheinigung.',
      details: {
        from: 'approval_required',
        to: 'follow_up',
        customerStatus: { from: null, to: 'follow_up' },
      },
    });
    const [mail] = await mailsTo(row.email);
    expect(mail).toMatchObject({
      template: 'registrar_follow_up',
      subject: 'Wir benötigen weitere Angaben zu Ihrem Wallet',
    });
    expect(mail!.text).toContain('Bitte senden Sie eine Meldebescheinigung.');
    expect(mail!.text).toContain('http://localhost:3000/contact');

    // The tester decided first: the registrar's delayed approval does not override it.
    await t.jobs.drain({ includeDelayed: true });
    expect((await customerRow(row.id)).cryptoRegistrarStatus).toBe('follow_up');

    // The tester approves at once: registrar approved; the customer status stays for the operator.
    const approve = await t.app.inject({
      method: 'POST',
      url: `/sandbox/custody/${sandboxId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approved',
    });
    expect(approve.statusCode).toBe(303);
    await t.jobs.drain();
    customer = await customerRow(row.id);
    expect(customer).toMatchObject({ cryptoRegistrarStatus: 'approved', status: 'follow_up' });
    expect((await mailsTo(row.email))[0]!.template).toBe('registrar_approved');
    expect((await auditOf(row.id)).map((a) => (a.details as { to: string }).to)).toEqual([
      'follow_up',
      'approved',
    ]);
  });

  it('rejected bans the customer: mail, audit, and no new custody wallet (403)', async () => {
    const { row, api, sandboxId } = await investorWithWallet('en');
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/sandbox/custody/${sandboxId}?locale=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=rejected',
    });
    expect(rejected.statusCode).toBe(303);
    await t.jobs.drain({ includeDelayed: true });
    const customer = await customerRow(row.id);
    expect(customer.cryptoRegistrarStatus).toBe('rejected');
    expect((await auditOf(row.id)).at(-1)).toMatchObject({ details: { to: 'rejected' } });
    expect((await mailsTo(row.email))[0]).toMatchObject({
      template: 'registrar_rejected',
      subject: 'Your custody wallet was not approved',
    });
    const again = await api.post('/wallets', { type: 'custody' }, { 'accept-language': 'en' });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('customer_banned');
    // A banned customer still sees the wallet they have.
    expect((await api.get('/wallets')).body).toHaveLength(1);

    // No decision leads out of `rejected` on the sandbox page: approving is refused (409), nothing is sent.
    const deliveries = t.delivered.length;
    const refused = await t.app.inject({
      method: 'POST',
      url: `/sandbox/custody/${sandboxId}?locale=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=approved',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('This decision is not possible in the current status.');
    await t.jobs.drain({ includeDelayed: true });
    expect(t.delivered.length).toBe(deliveries);
    expect((await customerRow(row.id)).cryptoRegistrarStatus).toBe('rejected');
  });
});

describe('webhook security', () => {
  it('refuses a forged webhook (wrong secret, no signature, changed body) with 401 and records nothing', async () => {
    const { row, sandboxId } = await investorWithWallet();
    await t.jobs.drain();
    const before = await eventCount();
    const body = reportBody({ id: 'evt_forged_1', wallet: sandboxId, status: 'approved' });
    const forged = await post(body, signWebhook('not-the-secret', body));
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['content-type']).toContain('application/problem+json');
    expect(forged.json()).toMatchObject({
      code: 'webhook_signature_invalid',
      title: 'The notification signature is invalid.',
    });
    const german = await post(body, undefined, 'de');
    expect(german.statusCode).toBe(401);
    expect(german.json().title).toBe('Die Signatur der Benachrichtigung ist ungültig.');
    const changed = await post(body.replace('approved', 'rejected'), signWebhook(t.webhookSecret, body));
    expect(changed.statusCode).toBe(401);
    expect(await eventCount()).toBe(before);
    await t.jobs.drain({ includeDelayed: false });
    expect((await customerRow(row.id)).cryptoRegistrarStatus).toBe('approval_required');
  });

  it('refuses a replayed (expired) delivery and answers a repeated one 200 without acting twice', async () => {
    const { row, sandboxId } = await investorWithWallet();
    await t.jobs.drain();
    const body = reportBody({ id: 'evt_replay_1', wallet: sandboxId, status: 'approved' });
    const old = Math.floor(Date.now() / 1000) - 301;
    const expired = await post(body, signWebhook(t.webhookSecret, body, old));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('webhook_signature_invalid');

    const first = await post(body, signWebhook(t.webhookSecret, body));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    await t.jobs.drain();
    expect((await customerRow(row.id)).cryptoRegistrarStatus).toBe('approved');
    const mails = (await mailsTo(row.email)).length;
    const audits = (await auditOf(row.id)).length;

    const repeated = await post(body, signWebhook(t.webhookSecret, body));
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({ received: true, duplicate: true });
    await t.jobs.drain();
    expect((await mailsTo(row.email)).length).toBe(mails);
    expect((await auditOf(row.id)).length).toBe(audits);
    const [recorded] = await t.app.db
      .select({ n: count() })
      .from(partnerEvents)
      .where(
        and(eq(partnerEvents.provider, sandboxCustodyProvider), eq(partnerEvents.eventId, 'evt_replay_1')),
      );
    expect(recorded!.n).toBe(1);
  });

  it('records an unknown event type without acting, and refuses a malformed report (400)', async () => {
    const { row, sandboxId } = await investorWithWallet();
    await t.jobs.drain();
    const unknown = reportBody({
      id: 'evt_unknown_1',
      wallet: sandboxId,
      status: 'approved',
      type: 'wallet.balance_changed',
    });
    const res = await post(unknown, signWebhook(t.webhookSecret, unknown));
    expect(res.statusCode).toBe(200);
    const [event] = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, 'evt_unknown_1'));
    expect(event).toMatchObject({
      type: 'wallet.balance_changed',
      error: 'unknown event type wallet.balance_changed',
    });
    expect(event!.processedAt).not.toBeNull();

    const before = await eventCount();
    const malformed = reportBody({ id: 'evt_bad_1', wallet: sandboxId, status: 'maybe' });
    const bad = await post(malformed, signWebhook(t.webhookSecret, malformed));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('invalid_body');
    const notJson = 'not json';
    expect((await post(notJson, signWebhook(t.webhookSecret, notJson))).statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
    await t.jobs.drain();
    expect((await customerRow(row.id)).cryptoRegistrarStatus).toBe('approval_required');
  });

  it('keeps a stale report (a transition the lifecycle forbids) with its reason, changing nothing', async () => {
    const { row, sandboxId } = await investorWithWallet();
    await t.jobs.drain({ includeDelayed: true });
    expect((await customerRow(row.id)).cryptoRegistrarStatus).toBe('approved');
    const stale = reportBody({ id: 'evt_stale_1', wallet: sandboxId, status: 'approval_required' });
    expect((await post(stale, signWebhook(t.webhookSecret, stale))).statusCode).toBe(200);
    await t.jobs.drain();
    expect((await customerRow(row.id)).cryptoRegistrarStatus).toBe('approved');
    const [event] = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, 'evt_stale_1'));
    expect(event!.error).toBe('invalid transition approved -> approval_required');
  });

  it('never lets an older report overtake a newer one (an early approval_required cannot lift a ban)', async () => {
    const { row, sandboxId } = await investorWithWallet();
    await t.jobs.drain();
    const later = reportBody({
      id: 'evt_order_2',
      wallet: sandboxId,
      status: 'rejected',
      created: new Date(),
    });
    const earlier = reportBody({
      id: 'evt_order_1',
      wallet: sandboxId,
      status: 'approval_required',
      created: new Date(Date.now() - 60_000),
    });
    expect((await post(later, signWebhook(t.webhookSecret, later))).statusCode).toBe(200);
    await t.jobs.drain();
    expect((await customerRow(row.id)).cryptoRegistrarStatus).toBe('rejected');
    // rejected -> approval_required is a transition the lifecycle allows (a ban lifted), but not from an older report.
    expect((await post(earlier, signWebhook(t.webhookSecret, earlier))).statusCode).toBe(200);
    await t.jobs.drain();
    expect((await customerRow(row.id)).cryptoRegistrarStatus).toBe('rejected');
    const [event] = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, 'evt_order_1'));
    expect(event!.error).toBe('stale report');
  });

  it('waits for a wallet the platform has not stored yet, and gives up on the last attempt', async () => {
    const body = reportBody({
      id: 'evt_early_1',
      wallet: 'a3c1e7f0-0000-4000-8000-000000000001',
      status: 'approved',
    });
    expect((await post(body, signWebhook(t.webhookSecret, body))).statusCode).toBe(200);
    const [event] = await t.app.db
      .select()
      .from(partnerEvents)
      .where(eq(partnerEvents.eventId, 'evt_early_1'));
    const apply = (isLastAttempt: boolean) =>
      applyRegistrarEvent({
        db: t.app.db,
        mail: t.partners.mail,
        partnerEventId: event!.id,
        publicUrl: t.config.publicUrl,
        isLastAttempt,
      });
    await expect(apply(false)).rejects.toThrow(/wallet not stored/);
    expect(await apply(true)).toBe('refused');
    const [after] = await t.app.db.select().from(partnerEvents).where(eq(partnerEvents.id, event!.id));
    expect(after).toMatchObject({ error: 'unknown wallet' });
    expect(await apply(true)).toBe('already_processed');
  });

  it('refuses unknown query parameters and other content types', async () => {
    const body = '{}';
    const query = await t.app.inject({
      method: 'POST',
      url: `${webhookUrl}?x=1`,
      headers: {
        'content-type': 'application/json',
        'webhook-signature': signWebhook(t.webhookSecret, body),
      },
      payload: body,
    });
    expect(query.statusCode).toBe(400);
    const xml = await t.app.inject({
      method: 'POST',
      url: webhookUrl,
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
  });
});

describe('sandbox custodian page', () => {
  it('speaks English on request, lists wallets, and answers unknown or invalid ids and decisions', async () => {
    const { sandboxId, wallet } = await investorWithWallet();
    const en = await t.app.inject({ url: `/sandbox/custody/${sandboxId}?locale=en` });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Sandbox custodian');
    expect(en.body).toContain(wallet.address);
    const list = await t.app.inject({ url: '/sandbox/custody' });
    expect(list.body).toContain(`/sandbox/custody/${sandboxId}`);

    const unknown = await t.app.inject({
      url: '/sandbox/custody/00000000-0000-4000-8000-000000000000?locale=en',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('The sandbox custodian does not know this wallet.');
    expect((await t.app.inject({ url: '/sandbox/custody/not-a-uuid' })).statusCode).toBe(400);

    const invalid = await t.app.inject({
      method: 'POST',
      url: `/sandbox/custody/${sandboxId}?locale=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'decision=maybe',
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.body).toContain('Please choose a decision');
    const [sandboxRow] = await t.app.db
      .select()
      .from(sandboxCustodyWallets)
      .where(eq(sandboxCustodyWallets.id, sandboxId));
    expect(sandboxRow!.registrarStatus).toBe('approval_required');
  });
});
