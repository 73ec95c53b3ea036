import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { complianceAuditLog, registrarInstructions } from '../../db/schema/index.ts';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { isBondPaused } from './bond-pause.service.ts';
import { queueInstruction } from './instructions.service.ts';
import { appendConfirmed } from './register.test-kit.ts';

/*
 * The operator's pause of a bond's token: who may, the stored state the transfer rule reads, the
 * audit rows, the sandbox registrar refusing instructions while paused, and a registrar that fails.
 */

let t: TestApp;
let token: string;
let operatorId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  const op = await operatorWithToken(t.app, t.config.appSecret);
  token = op.token;
  operatorId = op.operator.id;
});
afterAll(() => t.close());

const reason = 'Kapitalmaßnahme der Emittentin';
const auditOf = (customerIds: number[], action: string) =>
  t.app.db
    .select()
    .from(complianceAuditLog)
    .where(and(inArray(complianceAuditLog.customerId, customerIds), eq(complianceAuditLog.action, action)));

describe("the pause of a bond's token", () => {
  it('is for operators only: anonymous 401, a customer 403, nothing changes', async () => {
    const { product } = await seedBond(t.app.db);
    const customer = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const customerToken = await tokenFor(t.app, customer);
    for (const path of ['pause', 'unpause']) {
      const url = `/api/v2/admin/bonds/${product.code}/${path}`;
      expect((await t.app.inject({ method: 'POST', url, payload: { reason } })).statusCode).toBe(401);
      const forbidden = await t.app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${customerToken}` },
        payload: { reason },
      });
      expect(forbidden.statusCode).toBe(403);
    }
    expect(await isBondPaused(t.app.db, product.id)).toBe(false);
  });

  it('pauses and unpauses: stored for the transfer rule, audited per holder, refused by the registrar meanwhile', async () => {
    const { product } = await seedBond(t.app.db, { variant: { totalSupply: 100 } });
    const holder = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    await appendConfirmed(t.app.db, {
      productId: product.id,
      kind: 'mint',
      fromCustomerId: null,
      toCustomerId: holder.id,
      amount: 5,
      cause: { type: 'redemption', reference: 'test' },
    });
    const operator = admin(t.app, token, 'en');
    expect((await operator.get(`/bonds/${product.code}/pause`)).body).toMatchObject({
      product: product.code,
      paused: false,
      changedAt: null,
    });

    const paused = await operator.post(`/bonds/${product.code}/pause`, { reason });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ product: product.code, paused: true, transactionHash: null });
    expect(await isBondPaused(t.app.db, product.id)).toBe(true);
    expect((await operator.get(`/bonds/${product.code}/pause`)).body).toMatchObject({ paused: true });
    expect(await auditOf([holder.id, operatorId], 'register_token_paused')).toHaveLength(2);
    // Pausing again changes nothing and writes no second audit row.
    expect((await operator.post(`/bonds/${product.code}/pause`, { reason })).body).toMatchObject({
      paused: true,
    });
    expect(await auditOf([holder.id, operatorId], 'register_token_paused')).toHaveLength(2);

    // The registrar refuses an instruction on the paused token (the platform's own rule aside).
    const { instruction } = await t.app.db.transaction((tx) =>
      queueInstruction(tx, {
        productId: product.id,
        kind: 'mint',
        fromCustomerId: null,
        toCustomerId: holder.id,
        amount: 1,
        cause: { type: 'redemption', reference: 'while-paused' },
        idempotencyKey: `paused-${product.id}`,
      }),
    );
    await t.jobs.drain({ includeDelayed: true });
    const [refused] = await t.app.db
      .select()
      .from(registrarInstructions)
      .where(eq(registrarInstructions.id, instruction.id));
    expect(refused).toMatchObject({ status: 'refused', refusalReason: 'token_paused' });

    const unpaused = await operator.post(`/bonds/${product.code}/unpause`, { reason: 'Maßnahme beendet' });
    expect(unpaused.status).toBe(200);
    expect(unpaused.body).toMatchObject({ paused: false });
    expect(await isBondPaused(t.app.db, product.id)).toBe(false);
    expect(await auditOf([holder.id, operatorId], 'register_token_unpaused')).toHaveLength(2);
  });

  it('answers 404 for an unknown bond, 422 without a reason', async () => {
    const operator = admin(t.app, token, 'en');
    expect((await operator.post('/bonds/NO_SUCH_BOND/pause', { reason })).status).toBe(404);
    const { product } = await seedBond(t.app.db);
    const bad = await operator.post(`/bonds/${product.code}/pause`, {});
    expect(bad.status).toBe(422);
    expect(await isBondPaused(t.app.db, product.id)).toBe(false);
  });

  it('keeps the platform at least as strict as a registrar it cannot reach', async () => {
    const { product } = await seedBond(t.app.db);
    const operator = admin(t.app, token, 'en');
    const spy = vi
      .spyOn(t.app.partners.registrar, 'setPaused')
      .mockRejectedValue(new Error('connection refused'));
    try {
      // A pause is stored first: transfers are refused although the registrar has not heard of it.
      const pause = await operator.post(`/bonds/${product.code}/pause`, { reason });
      expect(pause.status).toBe(503);
      expect(pause.body.code).toBe('partner_unavailable');
      expect(await isBondPaused(t.app.db, product.id)).toBe(true);
      // An unpause waits for the registrar: the bond stays paused.
      const unpause = await operator.post(`/bonds/${product.code}/unpause`, { reason });
      expect(unpause.status).toBe(503);
      expect(await isBondPaused(t.app.db, product.id)).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect((await operator.post(`/bonds/${product.code}/unpause`, { reason })).body).toMatchObject({
      paused: false,
    });
  });
});
