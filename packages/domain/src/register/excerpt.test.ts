import { describe, expect, it } from 'vitest';
import {
  excerptNumber,
  formatExcerptNumber,
  parseExcerptNumber,
  type RegisterExcerptDocument,
  type RegisterExcerptInput,
  registerExcerptDocument,
} from './index.ts';

function input(language: 'de' | 'en', change: Partial<RegisterExcerptInput> = {}): RegisterExcerptInput {
  return {
    number: 'RA-2026-000007',
    type: 'after_transaction',
    createdAt: '2026-03-02T10:15:00.000Z',
    language,
    register: {
      registrarName: 'Muster Registerführung GmbH',
      registerName: 'Muster-Kryptowertpapierregister',
    },
    bond: {
      name: 'Solaranleihe 2031',
      uniqueIdentifier: 'REG-SOLAR-2031',
      isin: 'DE000A3E5XY1',
      issueVolumeCents: 500_000_000,
      totalSupply: 5_000_000,
      nominalPerTokenCents: 100,
      issuer: { name: 'Sonnenfeld Energie GmbH', seat: 'Berlin' },
      entryType: 'single',
      disposalRestrictions: null,
      thirdPartyRights: { de: 'Verpfändet an die Musterbank AG', en: 'Pledged to Musterbank AG' },
      terms: {
        kind: 'details',
        issueDate: '2026-01-01',
        maturityDate: '2031-06-30',
        interest: { ratePercent: '5.50', type: 'fixed', dayCount: 'act_act_icma' },
        paymentDates: ['2026-12-31', '2031-06-30'],
        terminationRights: { de: 'Keine ordentliche Kündigung', en: 'No ordinary termination' },
        subordination: { de: 'Nicht nachrangig', en: 'Not subordinated' },
      },
    },
    holder: {
      type: 'natural',
      holderId: '42',
      name: 'Anna Beispiel',
      birthDate: '1980-05-17',
      residence: 'Köln',
    },
    position: { balance: 1500 },
    entries: [
      {
        sequence: 3,
        kind: 'mint',
        amount: 2000,
        direction: 'in',
        recordedAt: '2026-03-01T09:00:00.000Z',
        counterparty: null,
        transactionHash: '0xabc',
      },
      {
        sequence: 9,
        kind: 'transfer',
        amount: 500,
        direction: 'out',
        recordedAt: '2026-03-02T10:00:00.000Z',
        counterparty: '0x529…9EE7',
        transactionHash: null,
      },
    ],
    previousExcerpt: null,
    ...change,
  };
}

// Intl writes a no-break space before € and %; the tests read it as a space.
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');
const allText = (doc: RegisterExcerptDocument) => JSON.stringify(doc);
const fieldsOf = (doc: RegisterExcerptDocument, id: string) => {
  const section = doc.sections.find((s) => s.id === id);
  if (section?.kind !== 'fields') throw new Error(`no section ${id}`);
  return Object.fromEntries(section.fields.map((f) => [f.key, plain(`${f.label}: ${f.value}`)]));
};

describe('register excerpt content', () => {
  it.each(['de', 'en'] as const)('holds the eWpG § 17 content in %s', (language) => {
    const doc = registerExcerptDocument(input(language));
    const security = fieldsOf(doc, 'security');
    // the word "Wertpapier", the unique identifier and the ISIN, volume, nominal, issuer, type of entry
    expect(security.designation).toContain('Wertpapier');
    expect(security.uniqueIdentifier).toContain('REG-SOLAR-2031');
    expect(security.isin).toContain('DE000A3E5XY1');
    expect(security.issueVolume).toMatch(language === 'de' ? /5\.000\.000 €/ : /€5,000,000/);
    expect(security.nominal).toMatch(language === 'de' ? /1 €/ : /€1/);
    expect(security.issuer).toContain('Sonnenfeld Energie GmbH, Berlin');
    expect(security.entryType).toContain(language === 'de' ? 'Einzeleintragung' : 'Single entry');
    expect(security.disposalRestrictions).toContain(language === 'de' ? 'keine' : 'none');
    expect(security.thirdPartyRights).toContain(language === 'de' ? 'Verpfändet' : 'Pledged');
    // the holder (§ 17, identified as § 8 eWpRV says) and the register's identity
    const holder = fieldsOf(doc, 'holder');
    expect(holder.name).toContain('Anna Beispiel');
    expect(holder.birthDate).toContain(language === 'de' ? '17.05.1980' : '17/05/1980');
    expect(holder.residence).toContain('Köln');
    expect(holder.holderId).toContain('42');
    expect(allText(doc)).toContain('Muster Registerführung GmbH');
    expect(allText(doc)).toContain('Muster-Kryptowertpapierregister');
    expect(doc.title).toBe(`${language === 'de' ? 'Registerauszug' : 'Register excerpt'} RA-2026-000007`);
    expect(doc.footer).toContain('19');
  });

  it.each(['de', 'en'] as const)('gives the eWpRV § 7 terms in %s', (language) => {
    const terms = fieldsOf(registerExcerptDocument(input(language)), 'terms');
    expect(terms.term).toContain(language === 'de' ? '01.01.2026 – 30.06.2031' : '01/01/2026 – 30/06/2031');
    expect(terms.interestRate).toContain(language === 'de' ? '5,50 %' : '5.50%');
    expect(terms.interestAmount).toContain(language === 'de' ? '0,06 €' : '€0.06');
    expect(terms.interestType).toContain(language === 'de' ? 'Festverzinslich' : 'Fixed rate');
    expect(terms.dayCount).toContain('ACT/ACT');
    expect(terms.paymentDates).toContain(
      language === 'de' ? '31.12.2026, 30.06.2031' : '31/12/2026, 30/06/2031',
    );
    expect(terms.terminationRights).toContain(language === 'de' ? 'Kündigung' : 'termination');
    expect(terms.subordination).toContain(language === 'de' ? 'Nicht nachrangig' : 'Not subordinated');
  });

  it('may refer to the bond terms instead (eWpRV § 7)', () => {
    const base = input('en');
    const doc = registerExcerptDocument({
      ...base,
      bond: {
        ...base.bond,
        terms: { kind: 'reference', reference: 'Bond terms of 1 January 2026, section 3' },
      },
    });
    expect(fieldsOf(doc, 'terms')).toEqual({
      termsReference: 'Reference to the bond terms: Bond terms of 1 January 2026, section 3',
    });
  });

  it('identifies a legal person by name and seat or LEI (eWpRV § 8)', () => {
    const doc = registerExcerptDocument(
      input('de', {
        holder: {
          type: 'legal',
          holderId: '43',
          name: 'Beispiel AG',
          seat: 'München',
          lei: '529900T8BM49AURSDO55',
        },
      }),
    );
    expect(fieldsOf(doc, 'holder')).toEqual({
      name: 'Name: Beispiel AG',
      seat: 'Sitz: München',
      lei: 'LEI: 529900T8BM49AURSDO55',
      holderId: 'Inhaber-Kennung: 43',
    });
  });

  it('shows the position and the entries since the last excerpt', () => {
    const doc = registerExcerptDocument(
      input('de', { previousExcerpt: { number: 'RA-2026-000003', createdAt: '2026-02-01T08:00:00.000Z' } }),
    );
    expect(fieldsOf(doc, 'position')).toEqual({ tokens: 'Token: 1.500', nominalValue: 'Nennwert: 1.500 €' });
    expect(fieldsOf(doc, 'excerpt').previous).toBe('Vorheriger Auszug: RA-2026-000003, 01.02.2026, 09:00');
    const table = doc.sections.find((s) => s.id === 'entries');
    expect(table?.kind === 'table' && table.rows).toEqual([
      {
        sequence: '3',
        recordedAt: '01.03.2026, 10:00',
        kind: 'Ausgabe (Minting)',
        amount: '+2.000',
        counterparty: '–',
        transactionHash: '0xabc',
      },
      {
        sequence: '9',
        recordedAt: '02.03.2026, 11:00',
        kind: 'Übertragung',
        amount: '−500',
        counterparty: '0x529…9EE7',
        transactionHash: '–',
      },
    ]);
    const empty = registerExcerptDocument(input('en', { entries: [], type: 'cron_job' }));
    const emptyTable = empty.sections.find((s) => s.id === 'entries');
    expect(emptyTable?.kind === 'table' && [emptyTable.rows, emptyTable.emptyText]).toEqual([
      [],
      'No new entries.',
    ]);
    expect(fieldsOf(empty, 'excerpt').type).toBe('Occasion: Annual excerpt');
  });
});

describe('excerpt numbers', () => {
  it('numbers per year of the Berlin day, like invoices', () => {
    expect(formatExcerptNumber(2026, 42)).toBe('RA-2026-000042');
    // 23:30 UTC on 31 December is already 1 January in Berlin.
    expect(excerptNumber(new Date('2026-12-31T23:30:00Z'), 1)).toBe('RA-2027-000001');
    expect(excerptNumber(new Date('2026-12-31T22:30:00Z'), 9)).toBe('RA-2026-000009');
    expect(parseExcerptNumber('RA-2026-000042')).toEqual({ year: 2026, sequence: 42 });
    expect(parseExcerptNumber('2026-000042')).toBeNull();
    // past six digits the series goes on, and the number still reads back
    expect(formatExcerptNumber(2026, 1_000_000)).toBe('RA-2026-1000000');
    expect(parseExcerptNumber('RA-2026-1000000')).toEqual({ year: 2026, sequence: 1_000_000 });
    expect(parseExcerptNumber('RA-2026-00042')).toBeNull();
    expect(() => formatExcerptNumber(2026, 0)).toThrow(RangeError);
  });
});
