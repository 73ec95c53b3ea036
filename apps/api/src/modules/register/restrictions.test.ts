import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceAuditLog, customers, registerHoldings, wallets } from '../../db/schema/index.ts';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { hasPoppler } from '../../test/poppler.ts';
import { admin, operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { createExcerpt, excerptPdf } from './excerpts.service.ts';
import { anyCode, appendConfirmed, paidOrder } from './register.test-kit.ts';
import { placeTransfer } from './transfers.service.ts';

/*
 * Disposal restrictions (eWpG § 17 (1) Nr. 6) entered and lifted by the operator: who may, what the
 * register and the audit log keep, that a restricted position cannot be transferred, and that an
 * excerpt made meanwhile states the restriction and the third party's right.
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
afterAll(async () => {
  await t.close();
});

const pledge = {
  kind: 'pledge',
  reason: 'Verpfändung zur Sicherung eines Lombardkredits',
  beneficiary: 'Sparkasse Köln',
};

/** A bond with a holder of 100 minted tokens. */
async function holderOfBond() {
  const { product, variant } = await seedBond(t.app.db);
  const { buyer, order } = await paidOrder(t, { variant, quantity: 100 });
  await appendConfirmed(t.app.db, {
    productId: product.id,
    kind: 'mint',
    fromCustomerId: null,
    toCustomerId: buyer.id,
    amount: 100,
    cause: { type: 'order', orderId: String(order.id) },
  });
  return { product, variant, buyer };
}

async function holdingText(productId: number, customerId: number) {
  const [h] = await t.app.db
    .select({ text: registerHoldings.disposalRestriction })
    .from(registerHoldings)
    .where(and(eq(registerHoldings.productId, productId), eq(registerHoldings.customerId, customerId)));
  return h?.text;
}

type Holder = { customer: { uuid: string }; restrictions: { id: string; kind: string }[] };

async function registerHolder(code: string, uuid: string) {
  const view = await admin(t.app, token).get(`/bonds/${code}/register`);
  return (view.body.holders as Holder[]).find((h) => h.customer.uuid === uuid)!;
}

describe('disposal restrictions (POST …/register/holders/{uuid}/restrictions, …/restrictions/{id}/lift)', () => {
  it('answers only operators: anonymous 401, a customer 403, and changes nothing', async () => {
    const { product, buyer } = await holderOfBond();
    const customerToken = await tokenFor(t.app, buyer);
    const calls = [
      (tk?: string) =>
        admin(t.app, tk).post(`/bonds/${product.code}/register/holders/${buyer.uuid}/restrictions`, pledge),
      (tk?: string) =>
        admin(t.app, tk).post(`/bonds/${product.code}/register/restrictions/${buyer.uuid}/lift`, {
          reason: 'Kredit getilgt',
        }),
    ];
    for (const call of calls) {
      expect((await call()).status).toBe(401);
      const forbidden = await call(customerToken);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.code).toBe('forbidden');
    }
    expect(await holdingText(product.id, buyer.id)).toBeNull();
  });

  it('enters a restriction: shown on the holder in the register, kept on the holding, in the audit log', async () => {
    const { product, buyer } = await holderOfBond();
    const res = await admin(t.app, token).post(
      `/bonds/${product.code}/register/holders/${buyer.uuid}/restrictions`,
      pledge,
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      holder: buyer.uuid,
      kind: 'pledge',
      reason: pledge.reason,
      beneficiary: 'Sparkasse Köln',
      liftedAt: null,
      liftedBy: null,
      setBy: { email: expect.any(String) },
    });
    const holder = await registerHolder(product.code, buyer.uuid);
    expect(holder.restrictions).toEqual([expect.objectContaining({ id: res.body.id, kind: 'pledge' })]);
    expect(await holdingText(product.id, buyer.id)).toContain(pledge.reason);
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        and(
          eq(complianceAuditLog.customerId, buyer.id),
          eq(complianceAuditLog.action, 'register_disposal_restriction_set'),
        ),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: operatorId, reason: pledge.reason });
    expect(audit[0]!.details).toMatchObject({
      product: product.code,
      kind: 'pledge',
      restriction: res.body.id,
    });
  });

  it('refuses the holder’s transfer while in force, and lets it pass once lifted', async () => {
    const { product, buyer } = await holderOfBond();
    const receiver = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    await t.app.db.update(customers).set({ twoFactorEnabled: true }).where(eq(customers.id, buyer.id));
    const [wallet] = await t.app.db
      .select({ id: wallets.id })
      .from(wallets)
      .where(and(eq(wallets.customerId, buyer.id), eq(wallets.type, 'custody')));
    const transfer = () =>
      placeTransfer({
        db: t.app.db,
        customerId: buyer.id,
        input: {
          fromWalletId: wallet!.id,
          product: product.code,
          amount: 10,
          beneficiary: receiver.email,
          code: '1',
        },
        judgeCode: anyCode,
      });
    const set = await admin(t.app, token).post(
      `/bonds/${product.code}/register/holders/${buyer.uuid}/restrictions`,
      { kind: 'attachment', reason: 'Pfändungs- und Überweisungsbeschluss AG Köln 12 M 345/26' },
    );
    expect(set.status).toBe(201);
    await expect(transfer()).rejects.toMatchObject({ code: 'disposal_restricted' });

    const lifted = await admin(t.app, token).post(
      `/bonds/${product.code}/register/restrictions/${set.body.id}/lift`,
      { reason: 'Pfändung aufgehoben' },
    );
    expect(lifted.status).toBe(200);
    expect(lifted.body).toMatchObject({ liftReason: 'Pfändung aufgehoben', liftedAt: expect.any(String) });
    expect(await holdingText(product.id, buyer.id)).toBeNull();
    expect((await registerHolder(product.code, buyer.uuid)).restrictions).toEqual([]);
    await expect(transfer()).resolves.toMatchObject({ status: 'pending', amount: 10 });
  });

  it('keeps the position restricted while another restriction is in force', async () => {
    const { product, buyer } = await holderOfBond();
    const path = `/bonds/${product.code}/register/holders/${buyer.uuid}/restrictions`;
    const first = await admin(t.app, token).post(path, pledge);
    const second = await admin(t.app, token).post(path, { kind: 'insolvency', reason: 'Insolvenzeröffnung' });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect((await registerHolder(product.code, buyer.uuid)).restrictions.map((r) => r.kind)).toEqual([
      'pledge',
      'insolvency',
    ]);
    await admin(t.app, token).post(`/bonds/${product.code}/register/restrictions/${first.body.id}/lift`, {
      reason: 'Pfand freigegeben',
    });
    expect(await holdingText(product.id, buyer.id)).toBe('Insolvenzvermerk: Insolvenzeröffnung');
  });

  it('answers bad input, a non-holder, unknown and lifted restrictions with catalogue codes', async () => {
    const { product, buyer } = await holderOfBond();
    const other = await holderOfBond();
    const path = `/bonds/${product.code}/register/holders/${buyer.uuid}/restrictions`;
    for (const body of [
      { kind: 'seizure', reason: 'Unbekannte Art' },
      { kind: 'pledge', reason: 'x' },
      { kind: 'pledge', reason: 'x'.repeat(1001) },
      { kind: 'pledge', reason: 'Verpfändung', beneficiary: '' },
    ]) {
      const res = await admin(t.app, token).post(path, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.code).toBe('validation_failed');
    }
    const unknownField = await admin(t.app, token).post(path, { ...pledge, until: '2030-01-01' });
    expect(unknownField.status).toBeGreaterThanOrEqual(400);
    expect(unknownField.status).toBeLessThan(500);

    const stranger = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    for (const uuid of [stranger.uuid, crypto.randomUUID()]) {
      const res = await admin(t.app, token, 'en').post(
        `/bonds/${product.code}/register/holders/${uuid}/restrictions`,
        pledge,
      );
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'disposal_restriction_not_holder',
        detail:
          'This investor holds no tokens of this bond; a disposal restriction is only entered on a position.',
      });
    }
    expect(
      (
        await admin(t.app, token).post(
          `/bonds/NO_SUCH_BOND/register/holders/${buyer.uuid}/restrictions`,
          pledge,
        )
      ).status,
    ).toBe(404);

    const set = await admin(t.app, token).post(path, pledge);
    const lift = (code: string, id: string) =>
      admin(t.app, token).post(`/bonds/${code}/register/restrictions/${id}/lift`, { reason: 'Freigabe' });
    const unknown = await lift(product.code, crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('disposal_restriction_not_found');
    // Another bond's path does not reach it.
    expect((await lift(other.product.code, set.body.id as string)).body.code).toBe(
      'disposal_restriction_not_found',
    );
    expect((await lift(product.code, set.body.id as string)).status).toBe(200);
    const again = await lift(product.code, set.body.id as string);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('disposal_restriction_already_lifted');
    const noReason = await admin(t.app, token).post(
      `/bonds/${product.code}/register/restrictions/${set.body.id}/lift`,
      {},
    );
    expect(noReason.status).toBe(422);
  });

  it.runIf(hasPoppler)(
    'is stated by an excerpt made while in force (restriction and third party), not by one made after the lift',
    async () => {
      const { product, buyer } = await holderOfBond();
      const set = await admin(t.app, token).post(
        `/bonds/${product.code}/register/holders/${buyer.uuid}/restrictions`,
        pledge,
      );
      const textOf = async (id: number) => {
        const { stream } = await excerptPdf({ db: t.app.db, customerId: buyer.id, id });
        const chunks: Buffer[] = [];
        for await (const c of stream) chunks.push(c as Buffer);
        const dir = mkdtempSync(join(tmpdir(), 'restriction-'));
        writeFileSync(join(dir, 'e.pdf'), Buffer.concat(chunks));
        return execFileSync('pdftotext', [join(dir, 'e.pdf'), '-'], { encoding: 'utf8' }).replace(
          /\s+/g,
          ' ',
        );
      };
      const during = await createExcerpt({
        db: t.app.db,
        customerId: buyer.id,
        productId: product.id,
        type: 'manual',
      });
      const text = await textOf(during.excerpt.id);
      expect(text).toContain('Verpfändung (seit');
      expect(text).toContain(pledge.reason);
      expect(text).toContain('Pfandrecht zugunsten von Sparkasse Köln');

      await admin(t.app, token).post(`/bonds/${product.code}/register/restrictions/${set.body.id}/lift`, {
        reason: 'Kredit getilgt',
      });
      const after = await createExcerpt({
        db: t.app.db,
        customerId: buyer.id,
        productId: product.id,
        type: 'manual',
      });
      expect(await textOf(after.excerpt.id)).not.toContain(pledge.reason);
      // The earlier excerpt still states what the register held when it was made.
      expect(await textOf(during.excerpt.id)).toContain(pledge.reason);
    },
  );
});
