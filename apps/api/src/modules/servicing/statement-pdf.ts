/// <reference types="pdfkit" />
import type { Readable } from 'node:stream';
import { formatDate, formatEuro, formatNumber, formatPercent } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import type { DayCountConvention, PayoutStatus, PayoutType } from '@token/domain/servicing';
import PDFDocument from 'pdfkit';
import { winAnsi } from '../register/excerpt-pdf.ts';
import { type StatementTexts, statementTexts, taxParagraph } from './statement-pdf-texts.ts';

/**
 * The payout statement as a PDF (issue 17): A4 in the look of the invoice and the register excerpt
 * (built-in Helvetica, WinAnsi, the accent rule under the title, "page x of y"), the platform as
 * sender, the investor's address, the bond, the calculation of the gross amount from the terms the run
 * used, the status, and the tax paragraph (`taxParagraph`).
 */

const INK = '#111827';
const ACCENT = '#0f4c81';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const BAND = '#eef2f7';
const mm = (v: number) => (v * 72) / 25.4;

type Doc = PDFKit.PDFDocument;

type Address = { street: string; postcode: string; city: string; countryCode: string };

/** Everything the statement shows: read by `statements.service.ts`, formatted here. */
export type PayoutStatement = {
  locale: Locale;
  /** The platform's day the statement was made. */
  statementDate: string;
  platform: {
    companyName: string;
    address: Address;
    registry: string | null;
    email: string;
  };
  investor: { name: string | null; companyName: string | null; address: Address; customerNumber: string };
  bond: { name: string; isin: string | null; issuer: string | null };
  payout: {
    id: number;
    type: PayoutType;
    status: PayoutStatus;
    amountCents: number;
    tokens: number;
    paymentDate: string;
    recordDate: string | null;
    periodStart: string | null;
    periodEnd: string | null;
  };
  /** The terms the run computed with; null for a commission. */
  calculation: {
    nominalPerTokenCents: number;
    couponRateBasisPoints: number;
    dayCountConvention: DayCountConvention;
    /** Exact ("181/365") and as a decimal ("0.4958904110"). */
    accrualFraction: string;
    accrualFractionDecimal: string;
  } | null;
};

type Row = { label: string; value: string; strong?: boolean };

function decimal(value: string, locale: Locale): string {
  return locale === 'de' ? value.replace('.', ',') : value;
}

/** The labelled rows of a section: label left, value right-aligned or wrapped beside it. */
function drawRows(doc: Doc, rows: Row[], left: number, width: number): void {
  const labelWidth = mm(70);
  for (const row of rows) {
    const y = doc.y;
    if (row.strong) {
      doc.rect(left, y - 3, width, 17).fill(BAND);
    }
    doc
      .font(row.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(row.strong ? 10 : 8.5)
      .fillColor(row.strong ? INK : MUTED)
      .text(winAnsi(row.label), left + 2, y + (row.strong ? 0 : 1), { width: labelWidth - 8 });
    const afterLabel = doc.y;
    doc
      .font(row.strong ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(row.strong ? 10.5 : 9.5)
      .fillColor(INK)
      .text(winAnsi(row.value), left + labelWidth, y, { width: width - labelWidth - 2 });
    doc.y = Math.max(doc.y, afterLabel) + (row.strong ? 6 : 3);
  }
}

function drawHeading(doc: Doc, title: string, left: number, width: number): void {
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(winAnsi(title), left, doc.y, { width });
  const y = doc.y + 2;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  doc.y = y + 5;
}

function addressLines(t: StatementTexts, a: Address): string[] {
  return [
    a.street,
    `${a.postcode} ${a.city}`.trim(),
    a.countryCode === 'DE' ? '' : t.country(a.countryCode),
  ].filter((l) => l.trim() !== '');
}

/** The statement's rows of the calculation, in the order the amount is built. */
export function calculationRows(s: PayoutStatement): Row[] {
  const t = statementTexts[s.locale];
  const { locale } = s;
  const money = (cents: number) => formatEuro(cents, { locale, fraction: 'always' });
  const { payout, calculation } = s;
  const rows: Row[] = [];
  if (payout.periodStart && payout.periodEnd) {
    rows.push({
      label: t.period,
      value: `${formatDate(payout.periodStart, { locale })} – ${formatDate(payout.periodEnd, { locale })}`,
    });
  }
  if (payout.recordDate) rows.push({ label: t.recordDate, value: formatDate(payout.recordDate, { locale }) });
  rows.push({ label: t.paymentDate, value: formatDate(payout.paymentDate, { locale }) });
  if (calculation) {
    rows.push(
      { label: t.tokens, value: formatNumber(payout.tokens, { locale }) },
      { label: t.nominal, value: money(calculation.nominalPerTokenCents) },
      { label: t.couponRate, value: formatPercent(calculation.couponRateBasisPoints / 100, { locale }) },
      { label: t.dayCount, value: t.dayCountName[calculation.dayCountConvention] },
      {
        label: t.accrualFraction,
        value: `${calculation.accrualFraction} (${decimal(calculation.accrualFractionDecimal, locale)})`,
      },
    );
    if (payout.type === 'redemption') {
      const redemption = calculation.nominalPerTokenCents * payout.tokens;
      rows.push(
        { label: t.coupon, value: money(payout.amountCents - redemption) },
        { label: t.redemption, value: money(redemption) },
      );
    }
  }
  rows.push({ label: t.gross, value: money(payout.amountCents), strong: true });
  return rows;
}

/**
 * Renders the statement; the stream yields the PDF bytes. `createdAt` fixes the PDF's creation date,
 * so one statement gives the same bytes on every download.
 */
export function renderPayoutStatementPdf(s: PayoutStatement, opts: { createdAt?: Date } = {}): Readable {
  const t = statementTexts[s.locale];
  const { locale, payout } = s;
  const title = t.title[payout.type];
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margins: { top: mm(32), bottom: mm(24), left: mm(25), right: mm(20) },
    bufferPages: true,
    info: {
      Title: winAnsi(`${title} ${payout.id}`),
      Subject: winAnsi(title),
      Author: winAnsi(s.platform.companyName),
      ...(opts.createdAt ? { CreationDate: opts.createdAt } : {}),
    },
    lang: locale === 'de' ? 'de-DE' : 'en-GB',
    pdfVersion: '1.7',
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const width = right - left;

  // The sender line above the address window, the investor's address, and the statement's facts.
  const p = s.platform;
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(MUTED)
    .text(
      winAnsi(`${p.companyName} · ${p.address.street} · ${p.address.postcode} ${p.address.city}`),
      left,
      mm(40),
      {
        width: mm(85),
        lineBreak: false,
        ellipsis: true,
      },
    );
  const investorLines = [
    s.investor.companyName,
    s.investor.name,
    ...addressLines(t, s.investor.address),
  ].filter((l): l is string => Boolean(l));
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(winAnsi(investorLines.join('\n')), left, mm(46), {
      width: mm(85),
    });
  const addressBottom = doc.y;
  const metaX = left + mm(100);
  const metaWidth = width - mm(100);
  const meta: [string, string][] = [
    [t.statementDate, formatDate(s.statementDate, { locale })],
    [t.customerNumber, s.investor.customerNumber],
    [t.status, t.statusName[payout.status].split(' – ')[0] ?? ''],
  ];
  let metaY = mm(46);
  for (const [label, value] of meta) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(winAnsi(label), metaX, metaY, { width: metaWidth });
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(winAnsi(value), metaX, doc.y, { width: metaWidth });
    metaY = doc.y + 4;
  }
  doc.y = Math.max(addressBottom, metaY, mm(80));

  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(INK)
    .text(winAnsi(`${title} – ${s.bond.name}`), left, doc.y, { width });
  doc.moveDown(0.5);
  const greeting = locale === 'de' ? 'Sehr geehrte Damen und Herren,' : 'Dear investor,';
  doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(winAnsi(greeting), left, doc.y, { width });
  doc.moveDown(0.3);
  doc.text(winAnsi(t.intro[payout.type]), { width });

  drawHeading(doc, t.bondHeading, left, width);
  const bondRows: Row[] = [{ label: t.bond, value: s.bond.name }];
  if (s.bond.isin) bondRows.push({ label: t.isin, value: s.bond.isin });
  if (s.bond.issuer) bondRows.push({ label: t.issuer, value: s.bond.issuer });
  bondRows.push({ label: t.type, value: t.typeName[payout.type] });
  bondRows.push({ label: t.platform, value: p.companyName });
  drawRows(doc, bondRows, left, width);

  drawHeading(doc, t.calculationHeading, left, width);
  drawRows(doc, calculationRows(s), left, width);
  drawRows(doc, [{ label: t.status, value: t.statusName[payout.status] }], left, width);

  drawHeading(doc, t.taxHeading, left, width);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(INK)
    .text(winAnsi(taxParagraph(locale, payout.type)), left, doc.y, {
      width,
    });
  doc.moveDown(1.2);
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(winAnsi(t.closing), left, doc.y, { width });

  // Header and footer of every page.
  const range = doc.bufferedPageRange();
  const footer = [p.companyName, p.registry].filter(Boolean).join(' · ');
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const saved = { ...doc.page.margins };
    doc.page.margins.top = 0;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica-Bold')
      .fontSize(15)
      .fillColor(ACCENT)
      .text(winAnsi(title), left, mm(14), { width: width * 0.62, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(winAnsi(p.companyName), left, mm(21), { width: width * 0.62, lineBreak: false, ellipsis: true });
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(winAnsi(t.number(payout.id)), left, mm(15.5), { width, align: 'right', lineBreak: false });
    doc.moveTo(left, mm(26)).lineTo(right, mm(26)).lineWidth(1.2).strokeColor(ACCENT).stroke();
    const bottom = doc.page.height - mm(18);
    doc.moveTo(left, bottom).lineTo(right, bottom).lineWidth(0.5).strokeColor(RULE).stroke();
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(winAnsi(footer), left, bottom + mm(3), { width: width * 0.75, lineBreak: false });
    doc.text(winAnsi(p.email), left, bottom + mm(7), { width: width * 0.75, lineBreak: false });
    doc.text(winAnsi(t.page(i + 1, range.count)), left, bottom + mm(3), {
      width,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.top = saved.top;
    doc.page.margins.bottom = saved.bottom;
  }
  doc.end();
  return doc;
}
