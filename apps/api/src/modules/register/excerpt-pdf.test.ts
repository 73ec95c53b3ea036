import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type ExcerptEntryLine,
  type RegisterExcerptInput,
  registerExcerptDocument,
} from '@token/domain/register';
import { describe, expect, it } from 'vitest';
import { hasPoppler } from '../../test/poppler.ts';
import { renderExcerptPdf, winAnsi } from './excerpt-pdf.ts';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const hash = (n: number) => `0x${n.toString(16).padStart(4, '0').repeat(16)}`;

function entries(n: number): ExcerptEntryLine[] {
  return Array.from({ length: n }, (_, i) => ({
    sequence: i + 1,
    kind: i === 0 ? 'mint' : 'transfer',
    amount: i === 0 ? 5000 : 100,
    direction: i === 0 ? 'in' : 'out',
    recordedAt: new Date(Date.UTC(2026, 2, 1, 9, i)).toISOString(),
    counterparty: i === 0 ? null : '0x5aA…9f3E',
    transactionHash: hash(i + 1),
  }));
}

function input(language: 'de' | 'en', change: Partial<RegisterExcerptInput> = {}): RegisterExcerptInput {
  return {
    number: 'RA-2026-000042',
    type: 'after_transaction',
    createdAt: '2026-03-02T10:15:00.000Z',
    language,
    register: {
      registrarName: 'Tokenwerk Emissionen GmbH',
      registerName: 'Kryptowertpapierregister der Tokenwerk Emissionen GmbH',
    },
    bond: {
      name: 'Solarpark Brandenburg 2031',
      uniqueIdentifier: 'SOLAR_BRANDENBURG_2031',
      isin: 'DE000A383J95',
      issueVolumeCents: 500_000_000,
      totalSupply: 5_000_000,
      nominalPerTokenCents: 100,
      issuer: { name: 'Sonnenfeld Brandenburg Energie GmbH', seat: 'Cottbus' },
      entryType: 'single',
      disposalRestrictions: null,
      thirdPartyRights: null,
      terms: {
        kind: 'reference',
        reference: {
          de: 'Anleihebedingungen der Anleihe „Solarpark Brandenburg 2031“ (Laufzeit, Verzinsung, Zahlungstermine, Kündigungsrechte und Rang).',
          en: 'Bond terms ("Anleihebedingungen") of the bond “Solar Park Brandenburg 2031”.',
        },
      },
    },
    holder: {
      type: 'natural',
      holderId: '42',
      name: 'Erika Mustermann',
      birthDate: '1980-05-17',
      residence: '51147 Köln, DE',
    },
    position: { balance: 4700 },
    entries: entries(4),
    previousExcerpt: { number: 'RA-2026-000017', createdAt: '2026-02-01T08:00:00.000Z' },
    ...change,
  };
}

function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'excerpt-'));
  const file = join(dir, 'excerpt.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Renders the pages as PNG into /tmp/excerpt-shots (to look at) and returns how many there are. */
function shots(pdf: Buffer, name: string): number {
  const dir = '/tmp/excerpt-shots';
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.pdf`), pdf);
  execFileSync('pdftoppm', ['-png', '-r', '60', join(dir, `${name}.pdf`), join(dir, name)]);
  const page = new RegExp(`^${name}-\\d+\\.png$`);
  return readdirSync(dir).filter((f) => page.test(f)).length;
}

const render = (i: RegisterExcerptInput) =>
  bytesOf(renderExcerptPdf(registerExcerptDocument(i), { createdAt: new Date(i.createdAt) }));

describe('the register excerpt PDF', () => {
  it('is a PDF whose metadata names the excerpt, the same bytes every time', async () => {
    const a = await render(input('de'));
    const b = await render(input('de'));
    expect(a.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(a.toString('latin1')).toContain('Registerauszug RA-2026-000042');
    expect(a.equals(b)).toBe(true);
  });

  it('draws only what the standard fonts hold: the minus sign becomes a hyphen', () => {
    expect(winAnsi('−100 € „ä“ … ✓')).toBe('-100 € „ä“ … ?');
  });

  it.runIf(hasPoppler)('German: the § 17 content, the holder, the position and the entries', async () => {
    const pdf = await render(input('de'));
    expect(shots(pdf, 'de')).toBe(1);
    const text = textOf(pdf);
    expect(text).toMatch(/Nennbetrag je Token\s+1\s?€/);
    for (const expected of [
      'Registerauszug RA-2026-000042',
      'Kryptowertpapierregister der Tokenwerk Emissionen GmbH',
      'Wertpapier',
      'DE000A383J95',
      'Emissionsvolumen',
      '5.000.000 € (5.000.000 Token)',
      'Nennbetrag je Token',
      'Sonnenfeld Brandenburg Energie GmbH, Cottbus',
      'Einzeleintragung',
      'Anleihebedingungen',
      'Erika Mustermann',
      '17.05.1980',
      '51147 Köln, DE',
      '4.700',
      'Eintragungen seit dem letzten Auszug',
      'Ausgabe (Minting)',
      '+5.000',
      '-100',
      '0x5aA…9f3E',
      'RA-2026-000017',
      '§ 19 eWpG',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it.runIf(hasPoppler)('English: the same content, keeping the word "Wertpapier"', async () => {
    const pdf = await render(
      input('en', {
        holder: {
          type: 'legal',
          holderId: '7',
          name: 'Beispiel Invest GmbH',
          seat: '10117 Berlin, DE',
          lei: null,
        },
        previousExcerpt: null,
      }),
    );
    const text = textOf(pdf);
    for (const expected of [
      'Register excerpt RA-2026-000042',
      'Wertpapier (security',
      'ISIN',
      'DE000A383J95',
      'Issue volume',
      '€5,000,000 (5,000,000 tokens)',
      'Nominal amount per token',
      'Issuer',
      'Single entry',
      'Beispiel Invest GmbH',
      'Registered seat',
      '4,700',
      'Issue (minting)',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(shots(pdf, 'en')).toBe(1);
  });

  it.runIf(hasPoppler)(
    'many entries run onto further pages, the table header and page numbers on each',
    async () => {
      const pdf = await render(input('de', { entries: entries(60) }));
      const text = textOf(pdf);
      const pages = shots(pdf, 'long-de');
      expect(pages).toBeGreaterThan(1);
      expect(text).toContain(`Seite ${pages} von ${pages}`);
      // the table's header again on the page it continues on
      expect(text.match(/Gegenseite/g)?.length).toBeGreaterThanOrEqual(2);
    },
  );

  it.runIf(hasPoppler)('no new entries: the empty text instead of a table', async () => {
    const text = textOf(await render(input('en', { entries: [], type: 'manual' })));
    expect(text).toContain('No new entries.');
    expect(text).toContain('On request');
  });
});
