import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInvoiceDocument, type InvoiceItemInput } from '@token/domain/invoices';
import { describe, expect, it } from 'vitest';
import { hasPoppler } from '../../test/poppler.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

const bond: InvoiceItemInput = {
  name: 'Solarpark Brandenburg 5,5 % 2026/2031',
  isin: 'DE000A383J95',
  quantity: 2500,
  unitPriceCents: 100,
  taxCategory: { code: 'bonds', rateBasisPoints: 0 },
};
const collectible: InvoiceItemInput = {
  name: 'Sammlerstück „Erstausgabe“',
  quantity: 1,
  unitPriceCents: 4999,
  taxCategory: { code: 'standard', rateBasisPoints: 1900 },
};

function invoice(locale: 'de' | 'en', opts: { paid?: boolean; items?: InvoiceItemInput[] } = {}) {
  return buildInvoiceDocument({
    number: '2026-000042',
    locale,
    issueDate: '2026-11-24',
    serviceDate: '2026-11-24',
    orderNumber: '000123',
    issuer: {
      companyName: 'Tokenwerk Emissionen GmbH',
      address: { street: 'Friedrichstraße 100', postcode: '10117', city: 'Berlin', countryCode: 'DE' },
      registry: 'Amtsgericht Charlottenburg, HRB 123456 B',
      vatNumber: 'DE123456789',
      email: 'service@tokenwerk.example',
      bankAccount: {
        holder: 'Tokenwerk Emissionen GmbH',
        iban: 'DE89370400440532013000',
        bic: 'COBADEFFXXX',
        bankName: 'Commerzbank',
      },
    },
    investor: {
      name: 'Erika Mustermann',
      companyName: null,
      address: { street: 'Heidestraße 17', postcode: '51147', city: 'Köln', countryCode: 'DE' },
      customerNumber: 'K-1001',
    },
    addressee: { salutation: 'ms', title: null, firstName: 'Erika', lastName: 'Mustermann' },
    items: opts.items ?? [bond, collectible],
    payment: { method: 'bank_transfer', paid: opts.paid ?? false, reference: 'RF45TW000123' },
  });
}

function textOf(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  const file = join(dir, 'invoice.pdf');
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

describe('the invoice PDF', () => {
  it('is a PDF whose metadata names the invoice', async () => {
    const pdf = await bytesOf(renderInvoicePdf(invoice('de')));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    // The info dictionary is not compressed: the title carries the number.
    expect(pdf.toString('latin1')).toContain('Rechnung 2026-000042');
  });

  it('renders the same bytes twice (a fixed creation date)', async () => {
    const a = await bytesOf(renderInvoicePdf(invoice('de')));
    const b = await bytesOf(renderInvoicePdf(invoice('de')));
    expect(a.equals(b)).toBe(true);
  });

  it.runIf(hasPoppler)('German: German formats, the exemption note, the VAT line, the transfer', async () => {
    const text = textOf(await bytesOf(renderInvoicePdf(invoice('de'))));
    for (const expected of [
      'Rechnung 2026-000042',
      'Sehr geehrte Frau Mustermann,',
      'Erika Mustermann',
      'ISIN DE000A383J95',
      '2.500 Stück',
      '2.500,00 €',
      '19% Mwst.',
      '7,98 €',
      '2.549,99 €',
      '24.11.2026',
      'Zahlbar bis',
      '08.12.2026',
      '§ 4 Nr. 8 Buchst. e UStG',
      'RF45 TW00 0123',
      'DE89 3704 0044 0532 0130 00',
      'HRB 123456 B',
      'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it.runIf(hasPoppler)('English texts with the same figures', async () => {
    const text = textOf(await bytesOf(renderInvoicePdf(invoice('en'))));
    for (const expected of [
      'Invoice 2026-000042',
      'Dear Ms Mustermann,',
      'Invoice total',
      '€2,549.99',
      'Page 1 of 1',
      'section 4 no. 8',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it.runIf(hasPoppler)('paid: no transfer block and no due date', async () => {
    const text = textOf(await bytesOf(renderInvoicePdf(invoice('de', { paid: true }))));
    expect(text).toContain('ist bei uns eingegangen');
    expect(text).not.toContain('Zahlungsreferenz');
    expect(text).not.toContain('Zahlbar bis');
  });

  it.runIf(hasPoppler)('many items run onto further pages, each with its footer and number', async () => {
    const items = Array.from({ length: 40 }, (_, i) => ({
      ...collectible,
      name: `Sammlerstück Nr. ${i + 1}`,
    }));
    const pdf = await bytesOf(renderInvoicePdf(invoice('de', { items })));
    const text = textOf(pdf);
    expect(text).toContain('Seite 1 von 2');
    expect(text).toContain('Seite 2 von 2');
    expect(text.match(/Amtsgericht Charlottenburg/g)?.length).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'invoice-png-'));
    writeFileSync(join(dir, 'i.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '30', join(dir, 'i.pdf'), join(dir, 'page')]);
    expect(readdirSync(dir).filter((f) => f.endsWith('.png'))).toHaveLength(2);
  });
});
