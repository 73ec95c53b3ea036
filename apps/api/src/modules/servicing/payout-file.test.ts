import { isSepaText } from '@token/domain/servicing';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complianceAuditLog, payouts } from '../../db/schema/index.ts';
import { CHANNEL } from '../../db/seed/content/channel.ts';
import { seedBond, seedBuyer } from '../../db/seed/factories.ts';
import { createTestApp, type TestApp } from '../../test/create-test-app.ts';
import { admin, operatorWithToken, tokenFor } from '../admin/admin.test-kit.ts';
import {
  buildPayoutFile,
  checkPayoutFile,
  type PayoutFileFaultCode,
  type PayoutFileInput,
  painNamespace,
  sepaName,
} from './payout-file.ts';
import { approvedRun, holderIbans, payoutFile, withChannel } from './payouts.test-kit.ts';

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

const input: PayoutFileInput = {
  runId: 12,
  paymentDate: '2021-03-31',
  remittanceText: 'Zinsen DE000A1EWWW0 TEST_BOND Periode 2020-03-31 bis 2021-03-31',
  debtor: { name: 'Tokenwerk GmbH & Co. KG', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' },
  transactions: [
    { payoutId: 5, amountCents: 16_500, creditorName: 'Jürgen Müßig', creditorIban: holderIbans[0]! },
    { payoutId: 6, amountCents: 38_501, creditorName: 'Zoë Lefèvre', creditorIban: holderIbans[1]! },
    { payoutId: 7, amountCents: 10, creditorName: 'Grün AG', creditorIban: 'FR1420041010050500013M02606' },
  ],
  // 23:30 UTC is 00:30 the next day in Berlin (winter time)
  now: new Date('2026-11-27T23:30:00Z'),
};

const faultsOf = (xml: string) => {
  const check = checkPayoutFile(xml);
  return check.ok ? [] : check.faults;
};
const codesOf = (xml: string) => faultsOf(xml).map((f) => f.code);

describe('buildPayoutFile (pain.001.001.09)', () => {
  it('builds one PmtInf with a transaction per payout that passes the EPC check', () => {
    const xml = buildPayoutFile(input);
    const check = checkPayoutFile(xml);
    if (!check.ok) throw new Error(JSON.stringify(check.faults));
    expect(xml).toContain(`xmlns="${painNamespace}"`);
    expect(check).toMatchObject({
      transactionCount: 3,
      controlSumCents: 55_011,
      messageId: 'CPN-R12-20261128003000',
    });
    const [info] = check.paymentInfos;
    expect(info).toMatchObject({
      requestedExecutionDate: '2021-03-31',
      debtorIban: 'DE89370400440532013000',
      debtorName: 'Tokenwerk GmbH + Co. KG',
    });
    expect(info!.transfers).toEqual([
      {
        endToEndId: 'CPN-R12-P5',
        amountCents: 16_500,
        creditorName: 'Juergen Muessig',
        creditorIban: holderIbans[0],
        remittanceText: 'Zinsen DE000A1EWWW0 TEST-BOND Periode 2020-03-31 bis 2021-03-31',
      },
      expect.objectContaining({ endToEndId: 'CPN-R12-P6', creditorName: 'Zoe Lefevre', amountCents: 38_501 }),
      expect.objectContaining({ endToEndId: 'CPN-R12-P7', creditorName: 'Gruen AG', amountCents: 10 }),
    ]);
    expect(xml).toContain('<CtrlSum>550.11</CtrlSum>');
    expect(xml).toContain('<BICFI>COBADEFFXXX</BICFI>');
    expect(xml).toContain('<CreDtTm>2026-11-28T00:30:00</CreDtTm>');
  });

  it('writes the same dates whatever the machine time zone (sepa formats local dates)', () => {
    const before = process.env.TZ;
    const files = new Set<string>();
    try {
      for (const tz of ['Asia/Tokyo', 'America/Los_Angeles', 'UTC', 'Pacific/Kiritimati', 'Europe/Berlin']) {
        process.env.TZ = tz;
        files.add(buildPayoutFile(input));
      }
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
    expect(files.size).toBe(1);
    expect([...files][0]).toContain('<ReqdExctnDt><Dt>2021-03-31</Dt></ReqdExctnDt>');
  });

  it('always builds a file that passes its check for any names, amounts and ids the service lets through', () => {
    const name = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 120 })
      .filter((n) => sepaName(n) !== '');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2_147_483_647 }),
        name,
        fc.uniqueArray(
          fc.record({
            payoutId: fc.integer({ min: 1, max: 2_147_483_647 }),
            amountCents: fc.integer({ min: 1, max: 99_999_999_999 }),
            creditorName: name,
            creditorIban: fc.constantFrom(...holderIbans, 'FR1420041010050500013M02606'),
          }),
          { minLength: 1, maxLength: 20, selector: (p) => p.payoutId },
        ),
        fc.string({ maxLength: 300 }),
        (runId, debtorName, transactions, remittance) => {
          const xml = buildPayoutFile({
            ...input,
            runId,
            remittanceText: `Zinsen ${remittance}`,
            debtor: { ...input.debtor, name: debtorName },
            transactions,
          });
          const check = checkPayoutFile(xml);
          return check.ok && check.controlSumCents === transactions.reduce((s, t) => s + t.amountCents, 0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('leaves out a debtor BIC of another country (IBAN-only: NOTPROVIDED)', () => {
    const xml = buildPayoutFile({ ...input, debtor: { ...input.debtor, bic: 'BNPAFRPPXXX' } });
    expect(xml).toContain('<Othr><Id>NOTPROVIDED</Id></Othr>');
    expect(checkPayoutFile(xml).ok).toBe(true);
  });
});

describe('checkPayoutFile refuses what a bank refuses', () => {
  const good = buildPayoutFile(input);

  const tampered: [string, (xml: string) => string, PayoutFileFaultCode, string][] = [
    [
      'group control sum',
      (x) => x.replace('<CtrlSum>550.11</CtrlSum>', '<CtrlSum>550.12</CtrlSum>'),
      'control_sum',
      'GrpHdr/CtrlSum',
    ],
    [
      'payment information control sum',
      (x) => x.replace(/(<PmtInf>.*?)<CtrlSum>550.11<\/CtrlSum>/, '$1<CtrlSum>550.10</CtrlSum>'),
      'control_sum',
      'PmtInf[1]/CtrlSum',
    ],
    ['an amount (sums no longer match)', (x) => x.replace('>165.00<', '>165.01<'), 'control_sum', 'CtrlSum'],
    [
      'a duplicate end-to-end id',
      (x) => x.replaceAll('CPN-R12-P6', 'CPN-R12-P5'),
      'duplicate_end_to_end_id',
      'EndToEndId',
    ],
    [
      'a name outside the SEPA set',
      (x) => x.replace('Juergen Muessig', 'Jürgen Müßig'),
      'charset',
      'Cdtr/Nm',
    ],
    ['an ampersand in a name', (x) => x.replace('Gruen AG', 'Gruen &amp; Co'), 'charset', 'Cdtr/Nm'],
    ['the charge bearer missing', (x) => x.replace('<ChrgBr>SLEV</ChrgBr>', ''), 'missing', 'ChrgBr'],
    [
      'the debtor name missing',
      (x) => x.replace(/<Dbtr><Nm>[^<]*<\/Nm><\/Dbtr>/, '<Dbtr></Dbtr>'),
      'missing',
      'Dbtr/Nm',
    ],
    [
      'the initiating party missing',
      (x) => x.replace(/<InitgPty>.*?<\/InitgPty>/, ''),
      'missing',
      'InitgPty/Nm',
    ],
    [
      'an end-to-end id missing',
      (x) => x.replace('<EndToEndId>CPN-R12-P7</EndToEndId>', ''),
      'missing',
      'EndToEndId',
    ],
    [
      'the execution date missing',
      (x) => x.replace(/<ReqdExctnDt>.*?<\/ReqdExctnDt>/, ''),
      'missing',
      'ReqdExctnDt/Dt',
    ],
    ['the debtor agent missing', (x) => x.replace(/<DbtrAgt>.*?<\/DbtrAgt>/, ''), 'missing', 'DbtrAgt'],
    ['the service level not SEPA', (x) => x.replace('<Cd>SEPA</Cd>', '<Cd>URGP</Cd>'), 'value', 'SvcLvl/Cd'],
    [
      'the payment method not TRF',
      (x) => x.replace('<PmtMtd>TRF</PmtMtd>', '<PmtMtd>CHK</PmtMtd>'),
      'value',
      'PmtMtd',
    ],
    ['another currency', (x) => x.replace('Ccy="EUR">165.00', 'Ccy="USD">165.00'), 'currency', 'InstdAmt'],
    [
      'a wrong IBAN check digit',
      (x) => x.replace(holderIbans[0]!, 'DE03120300000000202051'),
      'iban',
      'CdtrAcct/Id/IBAN',
    ],
    [
      'a count that does not match',
      (x) => x.replace('<NbOfTxs>3</NbOfTxs>', '<NbOfTxs>4</NbOfTxs>'),
      'count',
      'GrpHdr/NbOfTxs',
    ],
    ['a name over 70 characters', (x) => x.replace('Gruen AG', 'A'.repeat(71)), 'length', 'Cdtr/Nm'],
    [
      'an id over 35 characters',
      (x) => x.replaceAll('CPN-R12-P7', `CPN-R12-P${'7'.repeat(30)}`),
      'length',
      'EndToEndId',
    ],
    [
      'remittance over 140 characters',
      (x) => x.replace('TEST-BOND Periode', `${'X'.repeat(140)} Periode`),
      'length',
      'Ustrd',
    ],
    ['three decimals', (x) => x.replace('>0.10<', '>0.100<'), 'amount', 'InstdAmt'],
    [
      'another namespace',
      (x) => x.replace(`xmlns="${painNamespace}"`, 'xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"'),
      'namespace',
      'Document',
    ],
  ];

  it.each(tampered)('%s', (_name, tamper, code, path) => {
    const xml = tamper(good);
    expect(xml).not.toBe(good);
    const faults = faultsOf(xml);
    expect(faults, JSON.stringify(faults)).toEqual(
      expect.arrayContaining([expect.objectContaining({ code, path: expect.stringContaining(path) })]),
    );
  });

  it('refuses no XML, a DOCTYPE and an empty document', () => {
    expect(checkPayoutFile('not xml <').ok).toBe(false);
    expect(codesOf('<!DOCTYPE x [<!ENTITY a "b">]><Document/>')).toEqual(['not_xml']);
    expect(codesOf(`<Document xmlns="${painNamespace}"><CstmrCdtTrfInitn/></Document>`)).toContain('missing');
  });
});

describe('GET coupon-runs/{id}/payout-file', () => {
  it('answers a visitor 401 and an investor 403', async () => {
    const investor = await seedBuyer(t.app.db, { appSecret: t.config.appSecret });
    const { product } = await seedBond(t.app.db);
    expect((await payoutFile(t, product.code, 1)).statusCode).toBe(401);
    expect((await payoutFile(t, product.code, 1, await tokenFor(t.app, investor))).statusCode).toBe(403);
  });

  it('hands out the checked file of the pending payouts, the same end-to-end ids each time; audit log', async () => {
    const { code, runId } = await approvedRun(t, token);
    const res = await payoutFile(t, code, runId, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="coupon-${code}-2020-03-31-2021-03-31.xml"`,
    );
    const check = checkPayoutFile(res.body);
    if (!check.ok) throw new Error(JSON.stringify(check.faults));
    const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId));
    const [info] = check.paymentInfos;
    expect(info).toMatchObject({
      requestedExecutionDate: '2021-03-31',
      debtorIban: CHANNEL.bankIban.replaceAll(' ', ''),
    });
    expect(check.controlSumCents).toBe(rows.reduce((s, p) => s + p.amountCents, 0));
    expect(info!.transfers.map((x) => x.endToEndId).sort()).toEqual(
      rows.map((p) => `CPN-R${runId}-P${p.id}`).sort(),
    );
    // Umlauts, accents and & in the holders' names come out in the SEPA set.
    expect(info!.transfers.map((x) => x.creditorName).sort()).toEqual([
      expect.stringMatching(/^Gruen AG \d+$/),
      'Juergen Muessig',
      'Zoe Lefevre + Soren AEro',
    ]);
    expect(
      info!.transfers.every(
        (x) => isSepaText(x.remittanceText ?? '') && x.remittanceText?.includes('DE000A1EWWW0'),
      ),
    ).toBe(true);

    const again = checkPayoutFile((await payoutFile(t, code, runId, token)).body);
    expect(again.ok && again.paymentInfos[0]!.transfers.map((x) => x.endToEndId)).toEqual(
      info!.transfers.map((x) => x.endToEndId),
    );
    const audit = await t.app.db
      .select()
      .from(complianceAuditLog)
      .where(
        sql`${complianceAuditLog.action} = 'payout_file_downloaded' and (${complianceAuditLog.details}->>'runId')::int = ${runId}`,
      );
    expect(audit).toHaveLength(2);
  });

  it('answers 409 for a run not approved and for a run without pending payouts', async () => {
    const { code, runId } = await approvedRun(t, token);
    const ops = admin(t.app, token);
    const prepared = await ops.post(`/bonds/${code}/coupon-runs`, { periodIndex: 2 });
    const notApproved = await payoutFile(t, code, prepared.body.id as number, token);
    expect(notApproved.statusCode).toBe(409);
    expect(notApproved.json().code).toBe('payout_file_unavailable');

    const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId));
    for (const p of rows) await ops.post(`/bonds/${code}/coupon-runs/${runId}/payouts/${p.id}/paid`);
    const paid = await payoutFile(t, code, runId, token);
    expect(paid.statusCode).toBe(409);
    expect(paid.json().code).toBe('payout_file_unavailable');
    expect((await payoutFile(t, code, runId + 10_000, token)).statusCode).toBe(404);
  });

  it('refuses holders without a valid IBAN, naming them; once their payouts failed the rest is paid', async () => {
    const { code, runId, buyers } = await approvedRun(t, token, [
      { tokens: 10, firstName: 'Ana', lastName: 'Ohne', iban: null },
      { tokens: 20, firstName: 'Ben', lastName: 'Falsch', iban: 'DE00123456781234567890' },
      { tokens: 30, firstName: 'Cem', lastName: 'Richtig', iban: holderIbans[2] },
    ]);
    const res = await payoutFile(t, code, runId, token);
    expect(res.statusCode).toBe(409);
    const problem = res.json() as { code: string; detail: string };
    expect(problem.code).toBe('payout_bank_details_missing');
    expect(problem.detail).toContain(buyers[0]!.buyer.uuid);
    expect(problem.detail).toContain(buyers[1]!.buyer.uuid);
    expect(problem.detail).not.toContain(buyers[2]!.buyer.uuid);

    const rows = await t.app.db.select().from(payouts).where(eq(payouts.runId, runId));
    for (const p of rows.filter((r) => r.customerId !== buyers[2]!.buyer.id)) {
      const failed = await admin(t.app, token).post(
        `/bonds/${code}/coupon-runs/${runId}/payouts/${p.id}/failed`,
        {
          reason: 'no valid IBAN on file',
        },
      );
      expect(failed.status).toBe(200);
    }
    const file = checkPayoutFile((await payoutFile(t, code, runId, token)).body);
    expect(file.ok && file.paymentInfos[0]!.transfers.map((x) => x.creditorName)).toEqual(['Cem Richtig']);
  });
});
