import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError } from '@token/domain/errors';
import { describe, expect, it } from 'vitest';
import { camtMaxBytes, parseCamt } from './camt.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));

function codeOf(run: () => unknown): string | null {
  try {
    run();
    return null;
  } catch (err) {
    return err instanceof AppError ? `${err.code}:${err.status}` : `other:${(err as Error).message}`;
  }
}

describe('camt.053 / camt.054 statements', () => {
  it('camt.053.001.02: booked credits only, a batch split into its transactions, amounts to the cent', () => {
    const s = parseCamt(fixture('camt053-v02-batch.xml'));
    expect(s).toMatchObject({
      type: 'camt.053',
      version: '001.02',
      messageId: '053D2026-11-24T06:12:01.0N261124000001',
    });
    expect(s.skipped).toEqual({ debits: 1, reversals: 1, notBooked: 1 });
    expect(s.credits.map((c) => [c.amountCents, c.entryReference, c.debtorName])).toEqual([
      [250_000, '2026112300017001', 'Erika Mustermann'],
      [100_000, '2026112300017003/1', 'Max Muster'],
      [90_028, '2026112300017003/2', 'Müller & Söhne GmbH'],
      [1, '2026112300017003/3', 'Test'],
    ]);
    // The batch's parts add up to the entry.
    expect(s.credits.slice(1).reduce((sum, c) => sum + c.amountCents, 0)).toBe(190_029);
    expect(s.credits[0]).toMatchObject({
      currency: 'EUR',
      remittanceText: 'Zeichnung Solarpark rf45 tw00 0123',
      structuredReference: null,
      debtorIban: 'DE02120300000000202051',
      bookingDate: '2026-11-23',
      valueDate: '2026-11-23',
      statementId: '0352C5320261124000001',
      accountIban: 'DE89370400440532013000',
      endToEndId: 'NOTPROVIDED',
    });
    expect(s.credits[2]?.structuredReference).toBe('RF18539007547034');
    expect(s.credits[2]?.valueDate).toBe('2026-11-24');
  });

  it('camt.054.001.08: status as <Cd>, debtor under Pty, transaction amount and reference', () => {
    const s = parseCamt(fixture('camt054-v08.xml'));
    expect(s).toMatchObject({ type: 'camt.054', version: '001.08' });
    expect(s.credits).toEqual([
      {
        amountCents: 123_456,
        currency: 'EUR',
        remittanceText: null,
        structuredReference: 'RF88TW000125',
        debtorName: 'Jürgen Beispiel',
        debtorIban: 'DE44500105175407324931',
        bookingDate: '2026-11-24',
        valueDate: '2026-11-24',
        entryReference: 'INST-8f3c2a91-TX',
        statementId: 'NTF-20261124-000311',
        accountIban: 'DE89370400440532013000',
        endToEndId: 'ORDER-TW000125',
      },
    ]);
  });

  it('reads every version from .02 to .08 and refuses .09', () => {
    const xml = fixture('camt054-v08.xml').toString('utf8');
    for (const v of ['02', '03', '04', '05', '06', '07', '08']) {
      expect(parseCamt(xml.replace('camt.054.001.08', `camt.054.001.${v}`)).version).toBe(`001.${v}`);
    }
    expect(codeOf(() => parseCamt(xml.replace('camt.054.001.08', 'camt.054.001.09')))).toBe(
      'bank_statement_invalid:422',
    );
  });

  it('gives credits without any bank reference a stable id (the same file twice, the same ids)', () => {
    const xml = fixture('camt054-v08.xml')
      .toString('utf8')
      .replace(/<AcctSvcrRef>[^<]*<\/AcctSvcrRef>/g, '')
      .replace(/<NtryRef>[^<]*<\/NtryRef>/, '');
    const a = parseCamt(xml).credits[0]?.entryReference;
    expect(a).toMatch(/^SYN-[0-9a-f]{24}$/);
    expect(parseCamt(xml).credits[0]?.entryReference).toBe(a);
  });

  it.each<[string, string | Buffer, string]>([
    ['an XXE attempt', fixture('xxe.xml'), 'bank_statement_unsafe:422'],
    [
      'an internal entity (billion laughs)',
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY a "aaaa">]><a>&a;</a>',
      'bank_statement_unsafe:422',
    ],
    ['another ISO 20022 message', fixture('pain001.xml'), 'bank_statement_invalid:422'],
    ['not XML', 'Buchungstag;Betrag\n23.11.2026;2500,00', 'bank_statement_invalid:422'],
    [
      'malformed XML',
      '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>',
      'bank_statement_invalid:422',
    ],
    ['an empty file', '', 'bank_statement_invalid:422'],
    ['more than the cap', Buffer.alloc(camtMaxBytes + 1, 0x20), 'bank_statement_too_large:413'],
    [
      'an unreadable amount',
      fixture('camt054-v08.xml').toString('utf8').replaceAll('1234.56', '1.234,56'),
      'bank_statement_invalid:422',
    ],
    [
      'fractions of a cent',
      fixture('camt054-v08.xml').toString('utf8').replaceAll('1234.56', '1234.565'),
      'bank_statement_invalid:422',
    ],
    [
      'a statement without entries indicator',
      fixture('camt054-v08.xml').toString('utf8').replace('<CdtDbtInd>CRDT</CdtDbtInd>', ''),
      'bank_statement_invalid:422',
    ],
  ])('refuses %s', (_name, input, code) => {
    expect(codeOf(() => parseCamt(input))).toBe(code);
  });

  it('reads trailing zero decimals of five-digit amounts', () => {
    const xml = fixture('camt054-v08.xml').toString('utf8').replaceAll('1234.56', '1234.56000');
    expect(parseCamt(xml).credits[0]?.amountCents).toBe(123_456);
  });
});

describe('camt.054 debit notices (payouts, issue 17)', () => {
  const notice = `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>DBT-1</MsgId><CreDtTm>2021-03-31T18:00:00Z</CreDtTm></GrpHdr>
    <Ntfctn>
      <Id>N1</Id>
      <Acct><Id><IBAN>DE89370400440532013000</IBAN></Id></Acct>
      <Ntry>
        <NtryRef>E1</NtryRef><Amt Ccy="EUR">165.00</Amt><CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2021-03-31</Dt></BookgDt>
        <NtryDtls><TxDtls>
          <Refs><AcctSvcrRef>E1</AcctSvcrRef><EndToEndId>CPN-R1-P5</EndToEndId></Refs>
          <Amt Ccy="EUR">165.00</Amt>
          <RltdPties><Cdtr><Pty><Nm>Juergen Muessig</Nm></Pty></Cdtr><CdtrAcct><Id><IBAN>DE02120300000000202051</IBAN></Id></CdtrAcct></RltdPties>
        </TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <NtryRef>E2</NtryRef><Amt Ccy="EUR">385.01</Amt><CdtDbtInd>DBIT</CdtDbtInd>
        <Sts><Cd>PDNG</Cd></Sts><BookgDt><Dt>2021-03-31</Dt></BookgDt>
        <NtryDtls><TxDtls><Refs><EndToEndId>CPN-R1-P6</EndToEndId></Refs></TxDtls></NtryDtls>
      </Ntry>
      <Ntry>
        <NtryRef>E3</NtryRef><Amt Ccy="EUR">0.10</Amt><CdtDbtInd>CRDT</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2021-04-02</Dt></BookgDt>
        <NtryDtls><TxDtls>
          <Refs><EndToEndId>CPN-R1-P7</EndToEndId></Refs>
          <RtrInf><Rsn><Cd>AC04</Cd></Rsn></RtrInf>
        </TxDtls></NtryDtls>
      </Ntry>
    </Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;

  it('reads booked debits with their end-to-end ids, and returns with their reason; credits as before', () => {
    const s = parseCamt(notice);
    expect(s.debits).toEqual([
      expect.objectContaining({
        amountCents: 16_500,
        currency: 'EUR',
        endToEndId: 'CPN-R1-P5',
        bookingDate: '2021-03-31',
        entryReference: 'E1',
        creditorName: 'Juergen Muessig',
        creditorIban: 'DE02120300000000202051',
        accountIban: 'DE89370400440532013000',
      }),
    ]);
    expect(s.returns).toEqual([
      expect.objectContaining({
        amountCents: 10,
        endToEndId: 'CPN-R1-P7',
        reasonCode: 'AC04',
        indicator: 'CRDT',
      }),
    ]);
    // The bank-statement import sees what it saw before: the return's credit, the debits skipped.
    expect(s.credits.map((c) => c.amountCents)).toEqual([10]);
    expect(s.skipped.debits).toBe(2);
  });

  it('the existing fixtures hold no payout debits or returns beyond their debit entries', () => {
    const s = parseCamt(fixture('camt054-v08.xml'));
    expect(s.returns).toEqual([]);
  });
});

describe('statements laid out as German banks export them (issue 21)', () => {
  // Each file is read for its namespace and its content: the credit below must come out of it.
  const layouts = [
    {
      file: 'camt053-v02-xsi-first-crlf.xml',
      layout: 'xmlns:xsi before xmlns, xsi:schemaLocation, CRLF (Sparkasse export)',
      type: 'camt.053',
      version: '001.02',
      credit: {
        amountCents: 500_000,
        debtorName: 'Jörg Weißmüller',
        remittanceText: 'TW000211 Zeichnung Windpark',
        entryReference: '2026112405374811000',
        bookingDate: '2026-11-24',
      },
    },
    {
      file: 'camt053-v08-bom-single-quotes.xml',
      layout: 'byte order mark, single quotes, one attribute a line, xmlns last (Deutsche Bank export)',
      type: 'camt.053',
      version: '001.08',
      credit: {
        amountCents: 75_025,
        debtorName: 'Ärzteversorgung Süd & Co. KG',
        structuredReference: 'RF71TW000212',
        entryReference: 'DB24112600017-1',
        valueDate: '2026-11-25',
      },
    },
    {
      file: 'camt053-v04-prefixed.xml',
      layout: 'every element prefixed (ns2:), no default namespace, standalone (Commerzbank, JAXB)',
      type: 'camt.053',
      version: '001.04',
      credit: {
        amountCents: 120_000,
        debtorName: 'Özlem Çelik',
        remittanceText: 'Zeichnung TW000213',
        entryReference: 'COBA0731000042',
      },
    },
    {
      file: 'camt054-v06-comment-multiline-crlf.xml',
      layout: 'a comment before the root, tabs, one attribute a line, CRLF (DKB Sammelbuchung)',
      type: 'camt.054',
      version: '001.06',
      credit: {
        amountCents: 10_000,
        debtorName: 'Hans-Jürgen Groß',
        endToEndId: 'TW000214',
        entryReference: 'DKB-SAMMLER-7741/1',
      },
    },
  ] as const;

  it.each(layouts)('reads $file: $layout', ({ file, type, version, credit }) => {
    const s = parseCamt(fixture(file));
    expect(s).toMatchObject({ type, version });
    expect(s.credits[0]).toMatchObject({ ...credit, accountIban: 'DE89370400440532013000', currency: 'EUR' });
  });

  it('keeps the layouts the fixtures claim (CRLF, byte order mark, xmlns:xsi first)', () => {
    expect(fixture('camt053-v02-xsi-first-crlf.xml').toString('utf8')).toContain(
      '"?>\r\n<Document xmlns:xsi=',
    );
    expect(fixture('camt054-v06-comment-multiline-crlf.xml').toString('utf8')).toContain('\r\n\txmlns:xsi=');
    expect([...fixture('camt053-v08-bom-single-quotes.xml').subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it.each(layouts)('reads $file in every version from .02 to .08', ({ file, type }) => {
    const xml = fixture(file).toString('utf8');
    const current = new RegExp(`${type.replace('.', '\\.')}\\.001\\.0\\d`, 'g');
    for (const v of ['02', '03', '04', '05', '06', '07', '08']) {
      const s = parseCamt(xml.replace(current, `${type}.001.${v}`));
      expect(s).toMatchObject({ type, version: `001.${v}` });
      expect(s.credits.length).toBeGreaterThan(0);
    }
  });

  it('reads the encoding the file declares: ISO-8859-1 and UTF-16 as well as UTF-8', () => {
    const utf8 = fixture('camt053-v02-xsi-first-crlf.xml').toString('utf8');
    expect(utf8).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>/);
    const latin1 = Buffer.from(utf8.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"'), 'latin1');
    expect(latin1.includes(Buffer.from('Jörg', 'utf8'))).toBe(false);
    expect(parseCamt(latin1).credits[0]?.debtorName).toBe('Jörg Weißmüller');
    const windows = Buffer.from(utf8.replace('encoding="UTF-8"', "encoding='windows-1252'"), 'latin1');
    expect(parseCamt(windows).credits[0]?.debtorName).toBe('Jörg Weißmüller');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(utf8, 'utf16le')]);
    expect(parseCamt(utf16).credits[0]?.debtorName).toBe('Jörg Weißmüller');
  });

  it('refuses bytes that are not in the declared encoding, and encodings it does not read', () => {
    const utf8 = fixture('camt053-v02-xsi-first-crlf.xml').toString('utf8');
    // ISO-8859-1 bytes under a UTF-8 (or no) declaration would read the debtor's name wrongly
    expect(codeOf(() => parseCamt(Buffer.from(utf8, 'latin1')))).toBe('bank_statement_invalid:422');
    expect(
      codeOf(() => parseCamt(Buffer.from(utf8.replace('encoding="UTF-8"', 'encoding="Shift_JIS"'), 'utf8'))),
    ).toBe('bank_statement_invalid:422');
  });

  it('reads the same file alike whichever quotes and attribute order it uses', () => {
    const base = fixture('camt054-v08.xml').toString('utf8');
    const ns = 'urn:iso:std:iso:20022:tech:xsd:camt.054.001.08';
    const xsi = 'http://www.w3.org/2001/XMLSchema-instance';
    const expected = parseCamt(base).credits;
    for (const root of [
      `<Document xmlns:xsi="${xsi}" xmlns="${ns}">`,
      `<Document xmlns='${ns}' xmlns:xsi='${xsi}'>`,
      `<Document xsi:schemaLocation='${ns} camt.054.001.08.xsd' xmlns:xsi="${xsi}" xmlns = '${ns}' >`,
      `<Document xmlns:camt="${ns}" xmlns:xsi="${xsi}" xmlns="${ns}">`,
    ]) {
      const xml = base.replace(`<Document xmlns="${ns}">`, root);
      expect(xml).not.toBe(base);
      expect(parseCamt(xml).credits).toEqual(expected);
    }
    // A prefixed root: the prefix's declaration counts, wherever it stands.
    const prefixed = base
      .replace(`<Document xmlns="${ns}">`, `<c:Document xmlns:xsi="${xsi}" xmlns:c="${ns}">`)
      .replace(/<(\/?)([A-Z][A-Za-z]*)/g, (tag, slash, name) =>
        name === 'Document' ? tag : `<${slash}c:${name}`,
      )
      .replace('</Document>', '</c:Document>');
    expect(parseCamt(prefixed).credits).toEqual(expected);
  });

  it.each<[string, string, string]>([
    [
      'the camt namespace declared for a prefix the root does not use',
      '<Document xmlns:camt="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08" xmlns="urn:example:other">',
      '</Document>',
    ],
    [
      'a prefixed root whose prefix names another namespace',
      '<x:Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08" xmlns:x="urn:example:other">',
      '</x:Document>',
    ],
    [
      'no namespace of its own',
      '<Document xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
      '</Document>',
    ],
  ])('refuses a Document with %s', (_name, open, close) => {
    const xml = fixture('camt054-v08.xml')
      .toString('utf8')
      .replace('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08">', open)
      .replace('</Document>', close);
    expect(codeOf(() => parseCamt(xml))).toBe('bank_statement_invalid:422');
  });
});
