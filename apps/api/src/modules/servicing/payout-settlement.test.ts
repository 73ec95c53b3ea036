import { checkLedger, type LedgerPosting } from '@token/domain/servicing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceAuditLog, couponRuns, ledgerPostings, payouts } from '../../db/schema/index.ts';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import { isSandboxBank } from '../../partners/bank/create-bank.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import { approvedRun, multipartBody, payoutFile, withChannel } from './payouts.test-kit.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'reference' });
  await withChannel(t);
  token = (await operatorWithToken(t.app, t.config.appSecret)).token;
});
afterAll(async () => {
  await t.close();
});

function bank() {
  const b = t.app.partners.bank;
  if (!isSandboxBank(b)) throw new Error('the tests run against the sandbox bank');
  return b.sandbox;
}

/** Submits a payout file on the sandbox bank's page (as a tester's browser would) and returns its camt.054. */
async function executeAtBank(xml: string, fields: Record<string, string> = {}) {
  const { body, contentType } = multipartBody({ token: bank().formToken(), ...fields }, xml);
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/bank/payout-files?locale=en',
    headers: { 'content-type': contentType },
    payload: body,
  });
  expect(res.statusCode, res.body.slice(0, 2000)).toBe(303);
  const msgId = new URL(res.headers.location as string, 'http://x').searchParams.get('executed')!;
  const page = await t.app.inject({ url: res.headers.location as string });
  expect(page.body).toContain(msgId);
  const camt = await t.app.inject({
    url: `/sandbox/bank/payouts-camt054.xml?msgId=${encodeURIComponent(msgId)}`,
  });
  expect(camt.statusCode).toBe(200);
  return camt.body;
}

/** Uploads a camt.054 to the run, as multipart (default) or as the raw XML body. */
function uploadNotice(code: string, runId: number, xml: string, opts: { raw?: boolean; as?: string } = {}) {
  const as = opts.as === undefined ? token : opts.as;
  const auth = as ? { authorization: `Bearer ${as}` } : {};
  const url = `/api/v2/admin/bonds/${code}/coupon-runs/${runId}/camt054`;
  if (opts.raw) {
    return t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/xml', accept: 'application/json', ...auth },
      payload: xml,
    });
  }
  const { body, contentType } = multipartBody({}, xml);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, accept: 'application/json', ...auth },
    payload: body,
  });
}

async function postingsOf(ids: number[]) {
  const rows = await t.app.db
    .select()
    .from(ledgerPostings)
    .where(sql`${ledgerPostings.id} like 'payout_paid:%'`);
  return rows.filter((r) => ids.includes(Number(r.id.split(':')[1])));
}

const runStatus = async (runId: number) =>
  (await t.app.db.select({ status: couponRuns.status }).from(couponRuns).where(eq(couponRuns.id, runId)))[0]!
    .status;

describe('who reaches the settlement calls', () => {
  it('answers a visitor 401 and an investor 403', async () => {
    const { product } = await seedBond(t.app.db);
    const investor = await tokenFor(t.app, await seedBuyer(t.app.db, { appSecret: t.config.appSecret }));
    const base = `/api/v2/admin/bonds/${product.code}/coupon-runs/1`;
    for (const as of [undefined, investor]) {
      const expected = as ? 403 : 401;
      expect((await uploadNotice(product.code, 1, '<x/>', { as: as ?? '' })).statusCode).toBe(expected);
      expect((await uploadNotice(product.code, 1, '<x/>', { raw: true, as: as ?? '' })).statusCode).toBe(
        expected,
      );
      const failed = await t.app.inject({
        method: 'POST',
        url: `${base}/payouts/1/failed`,
        headers: as ? { authorization: `Bearer ${as}` } : {},
        payload: { reason: 'closed account' },
      });
      expect(failed.statusCode).toBe(expected);
    }
  });
});

describe('paying a run through the sandbox bank', () => {
  it('camt.054 round trip: every payout paid with one posting each, the run paid; the same file again books nothing', async () => {
    const { code, runId } = await approvedRun(t, token);
    const file = await payoutFile(t, code, runId, token);
    expect(file.statusCode).toBe(200);
    const camt = await executeAtBank(file.body);
    expect(camt).toContain('<CdtDbtInd>DBIT</CdtDbtInd>');

    const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId));
    const first = await uploadNotice(code, runId, camt);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      matched: rows.length,
      alreadyPaid: 0,
      failed: 0,
      unmatched: [],
      run: { id: runId, status: 'paid' },
    });
    const paid = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId));
    expect(paid.every((p) => p.status === 'paid' && p.paidAt !== null)).toBe(true);
    const ids = rows.map((p) => p.id);
    const postings = await postingsOf(ids);
    expect(postings).toHaveLength(rows.length);
    for (const p of rows) {
      const posting = postings.find((x) => x.id === `payout_paid:${p.id}`)!;
      expect(posting.lines).toEqual([
        { account: `holder:${p.customerId}:payable`, side: 'debit', amountCents: p.amountCents },
        { account: 'bank:clearing', side: 'credit', amountCents: p.amountCents },
      ]);
    }

    // Again, as the raw body this time: nothing booked twice.
    const second = await uploadNotice(code, runId, camt, { raw: true });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ matched: 0, alreadyPaid: rows.length, failed: 0, unmatched: [] });
    expect(await postingsOf(ids)).toHaveLength(rows.length);
    const all = await t.app.db.select().from(ledgerPostings);
    const asDomain = (p: (typeof all)[number]): LedgerPosting => ({
      postingId: p.id,
      kind: p.kind,
      bookedOn: p.bookedOn,
      lines: p.lines,
    });
    expect(checkLedger(all.map(asDomain)).ok).toBe(true);
    // The bank executes a file once: the same file resubmitted books no second debit.
    const resubmitted = await bank().executePayoutFile({ db: t.app.db, xml: file.body });
    expect(resubmitted).toMatchObject({ ok: true, booked: 0, duplicates: rows.length });
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        sql`${complianceAuditLog.action} = 'payout_marked_paid' and (${complianceAuditLog.details}->>'runId')::int = ${runId}`,
      );
    expect(audit).toHaveLength(rows.length);
    expect(audit[0]!.details).toMatchObject({ camtMessageId: first.json().messageId });
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'the same notice uploaded four times at once books each payout once',
    async () => {
      const { code, runId } = await approvedRun(t, token);
      const camt = await executeAtBank((await payoutFile(t, code, runId, token)).body);
      const answers = await Promise.all(Array.from({ length: 4 }, () => uploadNotice(code, runId, camt)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId));
      expect(answers.reduce((s, a) => s + (a.json().matched as number), 0)).toBe(rows.length);
      expect(await postingsOf(rows.map((p) => p.id))).toHaveLength(rows.length);
      expect(await runStatus(runId)).toBe('paid');
    },
  );

  it('a transfer the bank returns makes its payout failed and the run partially_failed; the others are paid', async () => {
    const { code, runId } = await approvedRun(t, token);
    const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId)).orderBy(payouts.id);
    const returned = rows[1]!;
    const file = await payoutFile(t, code, runId, token);
    const camt = await executeAtBank(file.body, {
      returnEndToEndId: `CPN-R${runId}-P${returned.id}`,
      returnReason: 'AC04',
    });
    expect(camt).toContain('<RtrInf><Rsn><Cd>AC04</Cd></Rsn></RtrInf>');
    const res = await uploadNotice(code, runId, camt);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      matched: 2,
      failed: 1,
      unmatched: [],
      run: { status: 'partially_failed' },
    });
    const after = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId));
    const failed = after.find((p) => p.id === returned.id)!;
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'bank return AC04', paidAt: null });
    expect(after.filter((p) => p.status === 'paid')).toHaveLength(2);
    expect(await postingsOf([returned.id])).toHaveLength(0);
    expect(await runStatus(runId)).toBe('partially_failed');

    // Nothing is left to send; the failed payout is not marked paid by hand either.
    expect((await payoutFile(t, code, runId, token)).json().code).toBe('payout_file_unavailable');
    const ops = admin(t.app, token);
    const markPaid = await ops.post(`/bonds/${code}/coupon-runs/${runId}/payouts/${returned.id}/paid`);
    expect(markPaid.status).toBe(409);
    expect(markPaid.body.code).toBe('invalid_transition');
    // The same notice again changes nothing.
    const again = await uploadNotice(code, runId, camt);
    expect(again.json()).toMatchObject({ matched: 0, alreadyPaid: 2, failed: 0, alreadyFailed: 1 });
  });

  it('reports entries of other runs, unknown ids and wrong amounts, and changes nothing for them', async () => {
    const a = await approvedRun(t, token);
    const b = await approvedRun(t, token);
    const camtA = await executeAtBank((await payoutFile(t, a.code, a.runId, token)).body);
    const other = await uploadNotice(b.code, b.runId, camtA);
    expect(other.statusCode).toBe(200);
    expect(other.json().matched).toBe(0);
    expect(other.json().unmatched.map((u: { reason: string }) => u.reason)).toEqual([
      'other_run',
      'other_run',
      'other_run',
    ]);
    expect(await runStatus(b.runId)).toBe('approved');

    const [first] = await t.app.db
      .select()
      .from(payouts)
      .where(eq(payouts.runId, a.runId))
      .orderBy(payouts.id);
    const amount = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    const wrong = camtA
      .replaceAll(`>${amount(first!.amountCents)}<`, `>${amount(first!.amountCents + 1)}<`)
      .replace(/<EndToEndId>CPN-R\d+-P\d+<\/EndToEndId>/g, (m) =>
        m.includes(`-P${first!.id}<`) ? m : '<EndToEndId>NOTPROVIDED</EndToEndId>',
      );
    const res = await uploadNotice(a.code, a.runId, wrong);
    expect(res.json()).toMatchObject({ matched: 0, alreadyPaid: 0 });
    expect(
      res
        .json()
        .unmatched.map((u: { reason: string }) => u.reason)
        .sort(),
    ).toEqual(['amount_mismatch', 'unknown_end_to_end_id', 'unknown_end_to_end_id']);
    const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, a.runId));
    expect(rows.every((p) => p.status === 'pending')).toBe(true);
  });

  it('refuses what is no camt.054 (422) and an unsafe file, booking nothing', async () => {
    const { code, runId } = await approvedRun(t, token);
    const bad = await uploadNotice(code, runId, '<Document xmlns="urn:x"/>');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().code).toBe('bank_statement_invalid');
    const unsafe = await uploadNotice(code, runId, '<!DOCTYPE x [<!ENTITY a "b">]><Document/>', {
      raw: true,
    });
    expect(unsafe.statusCode).toBe(422);
    expect(unsafe.json().code).toBe('bank_statement_unsafe');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/v2/admin/bonds/${code}/coupon-runs/${runId}/camt054`,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(422);
    expect(await runStatus(runId)).toBe('approved');
  });

  it('the sandbox bank refuses a file that breaks the SEPA rules, whole', async () => {
    const { code, runId } = await approvedRun(t, token);
    const xml = (await payoutFile(t, code, runId, token)).body.replace(/<CtrlSum>/, '<CtrlSum>1');
    const { body, contentType } = multipartBody({ token: bank().formToken() }, xml);
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/bank/payout-files?locale=de',
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('control_sum');
    expect(
      (await bank().listDebits(t.app.db, 1000)).some((d) => d.endToEndId.startsWith(`CPN-R${runId}-`)),
    ).toBe(false);
  });
});

describe('POST payouts/{id}/failed', () => {
  it('marks a pending payout failed with the reason, once; the run partially_failed when the rest is paid', async () => {
    const { code, runId } = await approvedRun(t, token);
    const ops = admin(t.app, token);
    const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId)).orderBy(payouts.id);
    const [one, two, three] = rows;
    const url = `/bonds/${code}/coupon-runs/${runId}/payouts/${one!.id}/failed`;
    expect((await ops.post(url, { reason: 'x' })).status).toBe(422);
    const failed = await ops.post(url, { reason: 'account closed (holder called)' });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({
      id: one!.id,
      status: 'failed',
      failureReason: 'account closed (holder called)',
      paidAt: null,
    });
    const twice = await ops.post(url, { reason: 'again' });
    expect(twice.status).toBe(200);
    expect(twice.body.failureReason).toBe('account closed (holder called)');
    expect(await runStatus(runId)).toBe('approved');

    await ops.post(`/bonds/${code}/coupon-runs/${runId}/payouts/${two!.id}/paid`);
    expect(await runStatus(runId)).toBe('approved');
    await ops.post(`/bonds/${code}/coupon-runs/${runId}/payouts/${three!.id}/paid`);
    expect(await runStatus(runId)).toBe('partially_failed');

    const paidOne = await ops.post(`/bonds/${code}/coupon-runs/${runId}/payouts/${two!.id}/failed`, {
      reason: 'too late',
    });
    expect(paidOne.status).toBe(409);
    expect(paidOne.body.code).toBe('invalid_transition');
    expect(
      (
        await ops.post(`/bonds/${code}/coupon-runs/${runId + 10_000}/payouts/${two!.id}/failed`, {
          reason: 'none',
        })
      ).status,
    ).toBe(404);
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        sql`${complianceAuditLog.action} = 'payout_marked_failed' and (${complianceAuditLog.details}->>'runId')::int = ${runId}`,
      );
    expect(audit).toHaveLength(1);
    // A paid run is not approved again.
    const reapprove = await ops.post(`/bonds/${code}/coupon-runs/${runId}/approve`);
    expect(reapprove.status).toBe(409);
  });
});
