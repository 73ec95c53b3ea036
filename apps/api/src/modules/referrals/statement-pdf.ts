/// <reference types="pdfkit" />
import type { Readable } from 'node:stream';
import { formatDate } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import { formatMoney } from '@token/domain/money';
import PDFDocument from 'pdfkit';
import type { ReferralStatementDocument } from './referrals.service.ts';

/**
 * The commission statement as a PDF (issue 17): A4, the platform as the payer, the partner, the
 * period, one line per commission (day, kind, the referred customer only as "Kunde #1a2b3c4d": no
 * names of others), the total and the tax note of decision 018 (commissions are not capital income;
 * the partner taxes them). Built-in Helvetica (WinAnsi covers ä ö ü ß € „ “ –).
 */

const INK = '#111827';
const ACCENT = '#0f4c81';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const mm = (v: number) => (v * 72) / 25.4;

export const statementTexts = {
  de: {
    title: 'Provisionsabrechnung',
    statementNo: 'Abrechnung Nr.',
    created: 'Erstellt am',
    period: 'Zeitraum',
    partner: 'Empfehlungspartner',
    code: 'Empfehlungscode',
    intro:
      'Mit dieser Abrechnung zahlen wir Ihnen die folgenden einmaligen Provisionen für über Ihren Empfehlungslink gewonnene Kundinnen und Kunden aus. Die Auszahlung erfolgt auf das hinterlegte Bankkonto.',
    day: 'Datum',
    kind: 'Art',
    customer: 'Kunde',
    amount: 'Betrag',
    kinds: { registered_customer: 'Registrierter Kunde', paid_order: 'Bezahlte Bestellung' },
    customerLabel: (id: string) => `Kunde ${id}`,
    total: 'Summe',
    taxTitle: 'Steuerlicher Hinweis',
    taxNote:
      'Provisionen sind keine Einkünfte aus Kapitalvermögen; es wird keine Kapitalertragsteuer einbehalten. Sie sind von Ihnen als gewerbliche oder sonstige Einkünfte (§ 22 Nr. 3 EStG) zu versteuern.',
    page: (n: number, of: number) => `Seite ${n} von ${of}`,
  },
  en: {
    title: 'Commission statement',
    statementNo: 'Statement no.',
    created: 'Created on',
    period: 'Period',
    partner: 'Referral partner',
    code: 'Referral code',
    intro:
      'With this statement we pay you the following one-off commissions for customers who joined through your referral link. The payout goes to the bank account on file.',
    day: 'Date',
    kind: 'Kind',
    customer: 'Customer',
    amount: 'Amount',
    kinds: { registered_customer: 'Registered customer', paid_order: 'Paid order' },
    customerLabel: (id: string) => `Customer ${id}`,
    total: 'Total',
    taxTitle: 'Tax note',
    taxNote:
      'Commissions are not capital income; no capital-gains tax is withheld. You tax them as business or other income (§ 22 no. 3 EStG, German Income Tax Act).',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
  },
} as const;

/** Renders the statement in `locale`; the stream yields the PDF bytes. */
export function renderStatementPdf(document: ReferralStatementDocument, locale: Locale): Readable {
  const t = statementTexts[locale];
  const { statement, partner, platform } = document;
  const created = statement.createdAt.slice(0, 10);
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: mm(20), bottom: mm(25), left: mm(25), right: mm(20) },
    bufferPages: true,
    info: {
      Title: `${t.title} ${statement.id}`,
      Author: platform,
      Subject: `${t.title} ${statement.id}`,
      // A fixed date keeps the bytes of one statement the same on every download.
      CreationDate: new Date(statement.createdAt),
    },
    lang: locale === 'de' ? 'de-DE' : 'en-GB',
    pdfVersion: '1.7',
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;
  const date = (iso: string) => formatDate(iso, { locale });
  const money = (cents: number) => formatMoney(cents, { locale, currency: 'EUR' });

  doc.font('Helvetica-Bold').fontSize(15).fillColor(ACCENT).text(platform, left, mm(18), { width });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .strokeColor(RULE)
    .stroke();
  doc.moveDown(2);

  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(t.title, left, doc.y, { width });
  doc.moveDown(0.6);
  const facts: [string, string][] = [
    [t.statementNo, String(statement.id)],
    [t.created, date(created)],
    [t.period, `${date(statement.periodFrom)} – ${date(statement.periodTo)}`],
    [t.partner, `${partner.fullName} (${partner.email})`],
    [t.code, partner.referralCode],
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    const y = doc.y;
    doc
      .font('Helvetica')
      .fillColor(MUTED)
      .text(label, left, y, { width: mm(45) });
    doc
      .font('Helvetica')
      .fillColor(INK)
      .text(value, left + mm(45), y, { width: width - mm(45) });
    doc.moveDown(0.2);
  }
  doc.moveDown(1);
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(t.intro, left, doc.y, { width });
  doc.moveDown(1.2);

  // The lines: day | kind | customer | amount (right-aligned)
  const cols = [left, left + mm(28), left + mm(78), right - mm(35)];
  const header = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
    doc.text(t.day, cols[0]!, y, { width: mm(27) });
    doc.text(t.kind, cols[1]!, y, { width: mm(49) });
    doc.text(t.customer, cols[2]!, y, { width: mm(50) });
    doc.text(t.amount, cols[3]!, y, { width: mm(35), align: 'right' });
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(right, doc.y + 2)
      .strokeColor(RULE)
      .stroke();
    doc.moveDown(0.5);
  };
  header();
  for (const line of document.lines) {
    if (doc.y + 20 > doc.page.height - doc.page.margins.bottom) {
      doc.addPage();
      doc.y = doc.page.margins.top;
      header();
    }
    const y = doc.y;
    doc.font('Helvetica').fontSize(10).fillColor(INK);
    doc.text(date(line.bookedOn), cols[0]!, y, { width: mm(27) });
    doc.text(t.kinds[line.kind], cols[1]!, y, { width: mm(49) });
    doc.text(t.customerLabel(line.referredCustomer), cols[2]!, y, { width: mm(50) });
    doc.text(money(line.amount), cols[3]!, y, { width: mm(35), align: 'right' });
    doc.moveDown(0.35);
  }
  doc
    .moveTo(left, doc.y + 2)
    .lineTo(right, doc.y + 2)
    .strokeColor(INK)
    .stroke();
  doc.moveDown(0.6);
  const totalY = doc.y;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text(t.total, cols[2]!, totalY, { width: mm(50) });
  doc.text(money(statement.total), cols[3]!, totalY, { width: mm(35), align: 'right' });
  doc.moveDown(2);

  if (doc.y + 70 > doc.page.height - doc.page.margins.bottom) {
    doc.addPage();
    doc.y = doc.page.margins.top;
  }
  doc.font('Helvetica-Bold').fontSize(10).fillColor(ACCENT).text(t.taxTitle, left, doc.y, { width });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(t.taxNote, left, doc.y, { width });

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${platform} · ${t.title} ${statement.id}`, left, doc.page.height - mm(15), { width })
      .text(t.page(i + 1, range.count), left, doc.page.height - mm(15), { width, align: 'right' });
    doc.page.margins.bottom = savedBottom;
  }
  doc.end();
  return doc;
}
