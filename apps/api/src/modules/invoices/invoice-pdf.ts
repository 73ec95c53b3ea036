/// <reference types="pdfkit" />
import type { Readable } from 'node:stream';
import { formatDate, formatDateTime, formatNumber } from '@token/domain/format';
import type { Locale } from '@token/domain/i18n';
import { type InvoiceDocument, type InvoiceTaxLine, invoiceTaxNotes } from '@token/domain/invoices';
import { formatMoney } from '@token/domain/money';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { type Texts, texts } from './invoice-pdf-texts.ts';

/**
 * The invoice as a PDF (issue 8): A4 after DIN 5008 (sender line and address field on the left, the
 * invoice facts on the right), items with ISIN, one line per tax category with the UStG § 4 Nr. 8
 * note for bonds, totals, payment terms, and for an unpaid bank transfer the issuer's account with
 * the reference and the EPC QR code (GiroCode, error correction M as EPC069-12 asks). Every page
 * carries the legal footer (company, register, VAT id, bank) and "page x of y". Texts in the
 * investor's language; money and dates in that language's formats (de: 1.234,56 € and 24.11.2026).
 * Built-in Helvetica (WinAnsi covers ä ö ü ß € „ “ –), so no font files are needed.
 */

const INK = '#111827';
const ACCENT = '#0f4c81';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const mm = (v: number) => (v * 72) / 25.4;

type Doc = PDFKit.PDFDocument;

const money = (cents: number, locale: Locale) => formatMoney(cents, { locale, currency: 'EUR' });
const rateText = (bp: number, locale: Locale) => formatNumber(bp / 100, { locale, maximumFractionDigits: 2 });

/** Draws the EPC QR code as vector squares (sharp at any zoom), `size` points wide, quiet zone included. */
function drawQr(doc: Doc, payload: string, x: number, y: number, size: number) {
  // EPC069-12: error correction level M; byte mode carries the UTF-8 payload.
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const cell = size / (n + 2 * quiet);
  doc.save().rect(x, y, size, size).fill('#ffffff');
  doc.fillColor('#000000');
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (qr.modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell, cell);
    }
  }
  doc.fill().restore();
}

function taxLabel(line: Pick<InvoiceTaxLine, 'treatment' | 'rateBasisPoints'>, t: Texts, locale: Locale) {
  return line.treatment === 'taxed' ? `${rateText(line.rateBasisPoints, locale)} %` : t.exemptLabel;
}

/** What every section draws with: the document, the invoice and its texts, the text column. */
type Sheet = {
  doc: Doc;
  invoice: InvoiceDocument;
  t: Texts;
  locale: Locale;
  left: number;
  right: number;
  width: number;
  date: (iso: string) => string;
};

type Transfer = NonNullable<InvoiceDocument['transfer']>;

/** A new page when `needed` points no longer fit above the bottom margin. */
function breakPageFor(doc: Doc, needed: number): boolean {
  if (doc.y + needed <= doc.page.height - doc.page.margins.bottom) return false;
  doc.addPage();
  doc.y = doc.page.margins.top;
  return true;
}

/** The A4 document with the invoice's metadata (a fixed creation date: the same bytes every time). */
function newDocument(invoice: InvoiceDocument, t: Texts): Doc {
  return new PDFDocument({
    size: 'A4',
    margins: { top: mm(20), bottom: mm(32), left: mm(25), right: mm(20) },
    bufferPages: true,
    info: {
      Title: `${t.invoice} ${invoice.number}`,
      Author: invoice.issuer.companyName,
      Subject: `${t.invoice} ${invoice.number}`,
      // A fixed date keeps the bytes of one invoice the same on every download.
      CreationDate: new Date(`${invoice.issueDate}T12:00:00Z`),
    },
    lang: invoice.locale === 'de' ? 'de-DE' : 'en-GB',
    pdfVersion: '1.7',
  });
}

/** The letterhead: the issuer's name, address line and a rule. */
function drawLetterhead({ doc, invoice, left, right, width }: Sheet): void {
  const issuer = invoice.issuer;
  doc.font('Helvetica-Bold').fontSize(15).fillColor(ACCENT).text(issuer.companyName, left, mm(18), { width });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      [issuer.address.street, `${issuer.address.postcode} ${issuer.address.city}`, issuer.email]
        .filter(Boolean)
        .join('  ·  '),
      left,
      doc.y + 2,
      { width },
    );
  doc.moveTo(left, mm(33)).lineTo(right, mm(33)).lineWidth(1.2).strokeColor(ACCENT).stroke();
}

/** DIN 5008 form B: sender line and address field at 45 mm from the top, the invoice facts beside. */
function drawAddresses({ doc, invoice, t, left, right, date }: Sheet): void {
  const issuer = invoice.issuer;
  const addressTop = mm(45);
  doc
    .font('Helvetica')
    .fontSize(7)
    .fillColor(MUTED)
    .text(
      `${issuer.companyName} · ${issuer.address.street} · ${issuer.address.postcode} ${issuer.address.city}`,
      left,
      addressTop,
      { width: mm(85), underline: true },
    );
  const inv = invoice.investor;
  const addressLines = [
    inv.companyName,
    inv.name,
    inv.address.street,
    `${inv.address.postcode} ${inv.address.city}`,
    inv.address.countryCode !== issuer.address.countryCode
      ? t.country(inv.address.countryCode).toUpperCase()
      : null,
  ].filter((l): l is string => !!l);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(addressLines.join('\n'), left, addressTop + mm(6), {
      width: mm(85),
      lineGap: 1,
    });

  // The invoice facts beside the address.
  const factsX = left + mm(100);
  const facts: [string, string][] = [
    [t.number, invoice.number],
    [t.issueDate, date(invoice.issueDate)],
    [t.serviceDate, date(invoice.serviceDate)],
    ...(invoice.orderNumber ? ([[t.orderNumber, invoice.orderNumber]] as [string, string][]) : []),
    ...(inv.customerNumber ? ([[t.customerNumber, inv.customerNumber]] as [string, string][]) : []),
    ...(invoice.dueDate ? ([[t.dueDate, date(invoice.dueDate)]] as [string, string][]) : []),
  ];
  let fy = addressTop;
  for (const [label, value] of facts) {
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label, factsX, fy, { width: mm(32) });
    doc
      .font('Helvetica-Bold')
      .fontSize(8.5)
      .fillColor(INK)
      .text(value, factsX + mm(32), fy, { width: right - factsX - mm(32), align: 'right' });
    fy += 13;
  }
}

/** The title, the greeting and the introduction. */
function drawIntro({ doc, invoice, t, left, width }: Sheet): void {
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text(`${t.invoice} ${invoice.number}`, left, mm(98));
  const intro = invoice.kind === 'collectible' ? t.introPurchase : t.intro;
  doc.moveDown(0.6).font('Helvetica').fontSize(10).text(invoice.greeting).text(intro, { width });
  doc.moveDown(0.8);
}

/** The items table (ISIN under a bond's name), its header repeated on every new page. */
function drawItems({ doc, invoice, t, locale, left, right, width }: Sheet): void {
  const cols = {
    pos: left,
    desc: left + mm(10),
    qty: left + mm(78),
    unit: left + mm(100),
    vat: left + mm(121),
    amount: left + mm(140),
  };
  const colEnd = right;
  const header = () => {
    const y = doc.y;
    doc.rect(left, y - 3, width, 17).fill('#eef2f7');
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(INK);
    doc.text(t.pos, cols.pos + 2, y, { width: mm(9) });
    doc.text(t.description, cols.desc, y, { width: cols.qty - cols.desc });
    doc.text(t.quantity, cols.qty, y, { width: mm(21), align: 'right' });
    doc.text(t.unitPrice, cols.unit, y, { width: mm(21), align: 'right' });
    doc.text(t.vat, cols.vat, y, { width: mm(18), align: 'right' });
    doc.text(t.amount, cols.amount, y, { width: colEnd - cols.amount - 2, align: 'right' });
    doc.y = y + 18;
  };
  header();
  invoice.items.forEach((item, i) => {
    const descWidth = cols.qty - cols.desc - mm(3);
    const sub = item.isin ? `${t.isin} ${item.isin}` : null;
    doc.font('Helvetica').fontSize(9.5);
    const needed = doc.heightOfString(item.name, { width: descWidth }) + (sub ? 12 : 0) + 10;
    if (breakPageFor(doc, needed)) header();
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(9.5)
      .fillColor(INK)
      .text(String(i + 1), cols.pos + 2, y, { width: mm(9) });
    doc.text(item.name, cols.desc, y, { width: descWidth });
    let after = doc.y;
    if (sub) {
      doc
        .font('Helvetica')
        .fontSize(8)
        .fillColor(MUTED)
        .text(sub, cols.desc, after + 1, { width: descWidth });
      after = doc.y;
    }
    doc.font('Helvetica').fontSize(9.5).fillColor(INK);
    doc.text(`${formatNumber(item.quantity, { locale })}${item.isin ? ` ${t.tokens}` : ''}`, cols.qty, y, {
      width: mm(21),
      align: 'right',
    });
    doc.text(money(item.unitPriceCents, locale), cols.unit, y, { width: mm(21), align: 'right' });
    doc.text(
      taxLabel({ treatment: item.treatment, rateBasisPoints: item.taxCategory.rateBasisPoints }, t, locale),
      cols.vat,
      y,
      { width: mm(18), align: 'right' },
    );
    doc.text(money(item.totalCents, locale), cols.amount, y, {
      width: colEnd - cols.amount - 2,
      align: 'right',
    });
    doc.y = after + 6;
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(right, doc.y - 3)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  });
}

/** The tax lines: net per tax category, the VAT of each taxed one, the total. */
function drawTaxLines({ doc, invoice, t, locale, left, right }: Sheet): void {
  doc.moveDown(0.4);
  const labelX = left + mm(75);
  const labelWidth = mm(70);
  const valueX = labelX + labelWidth;
  const valueWidth = right - valueX - 2;
  const row = (label: string, value: string, bold = false) => {
    breakPageFor(doc, 16);
    const y = doc.y;
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 10.5 : 9.5)
      .fillColor(INK);
    doc.text(label, labelX, y, { width: labelWidth });
    doc.text(value, valueX, y, { width: valueWidth, align: 'right' });
    doc.y = Math.max(doc.y, y + 13);
  };
  for (const line of invoice.taxLines) {
    row(t.netOf(`(${taxLabel(line, t, locale)})`), money(line.netCents, locale));
    if (line.treatment === 'taxed')
      row(t.vatLine(rateText(line.rateBasisPoints, locale)), money(line.taxCents, locale));
  }
  doc
    .moveTo(labelX, doc.y + 1)
    .lineTo(right, doc.y + 1)
    .lineWidth(0.8)
    .strokeColor(INK)
    .stroke();
  doc.y += 5;
  row(t.total, money(invoice.totals.grossCents, locale), true);
  doc.x = left;
}

/** The notes for exempt supplies (§ 14 (4) Nr. 8 UStG). */
function drawTaxNotes({ doc, invoice, locale, left, width }: Sheet): void {
  const treatments = new Set(invoice.taxLines.map((l) => l.treatment));
  const notes = (['exempt_securities', 'exempt'] as const).filter((k) => treatments.has(k));
  if (notes.length) {
    doc.moveDown(0.8);
    for (const k of notes) {
      doc
        .font('Helvetica-Oblique')
        .fontSize(8.5)
        .fillColor(INK)
        .text(invoiceTaxNotes[k][locale], left, doc.y, { width });
    }
  }
}

/** A collectible's consent to early supply (§ 356 Abs. 5 BGB), confirmed on the invoice (§ 312f Abs. 3 BGB). */
function drawConsent({ doc, invoice, t, locale, left, width }: Sheet): void {
  const consent = invoice.digitalContentConsent;
  if (!consent) return;
  breakPageFor(doc, 70);
  const quoted = locale === 'de' ? `„${consent.text}“` : `“${consent.text}”`;
  doc
    .moveDown(0.8)
    .font('Helvetica-Bold')
    .fontSize(9)
    .fillColor(INK)
    .text(t.consentHeading, left, doc.y, { width });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .text(`${t.consentGiven(formatDateTime(consent.givenAt, { locale }))} ${quoted}`, left, doc.y + 2, {
      width,
    });
}

/** The payment block: the transfer to make (account, reference, GiroCode), or how it was settled. */
function drawPayment(sheet: Sheet): void {
  const { doc, invoice, t, left, width } = sheet;
  doc.moveDown(1);
  const transfer = invoice.transfer;
  const boxHeight = transfer ? mm(52) : 40;
  breakPageFor(doc, boxHeight + 30);
  doc.font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(t.paymentHeading, left, doc.y);
  doc.moveDown(0.3);
  if (transfer && invoice.dueDate) {
    drawTransfer(sheet, transfer, invoice.dueDate, boxHeight);
  } else {
    const closed = invoice.payment.closed;
    const paidText = closed ? t[closed] : invoice.payment.method === 'card' ? t.paidCard : t.paidTransfer;
    doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(paidText, left, doc.y, { width });
    doc.moveDown(1);
  }
  doc.x = left;
}

/** An unpaid transfer: what to pay by when, then the account, the reference and the EPC QR code. */
function drawTransfer(
  { doc, t, locale, left, right, width, date }: Sheet,
  transfer: Transfer,
  dueDate: string,
  boxHeight: number,
): void {
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(INK)
    .text(t.payTransfer(money(transfer.amountCents, locale), date(dueDate)), left, doc.y, {
      width,
    });
  doc.moveDown(0.5);
  const top = doc.y;
  const qrSize = mm(42);
  doc.roundedRect(left, top, width, boxHeight, 4).lineWidth(0.6).strokeColor(RULE).stroke();
  const bank: [string, string][] = [
    [t.holder, transfer.bankAccount.holder],
    [t.iban, transfer.bankAccount.iban.replace(/(.{4})(?=.)/g, '$1 ')],
    [t.bic, transfer.bankAccount.bic],
    [t.bank, transfer.bankAccount.bankName],
    [t.amount, money(transfer.amountCents, locale)],
  ];
  let by = top + mm(5);
  for (const [label, value] of bank) {
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(label, left + mm(5), by, { width: mm(30) });
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(value, left + mm(36), by, { width: mm(75) });
    by += 14;
  }
  by += 4;
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(t.reference, left + mm(5), by, { width: mm(30) });
  doc
    .font('Courier-Bold')
    .fontSize(12)
    .fillColor(ACCENT)
    .text(transfer.reference, left + mm(36), by - 1, { width: mm(75) });
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(t.referenceHint, left + mm(36), doc.y + 1, { width: mm(75) });
  const qrX = right - qrSize - mm(5);
  drawQr(doc, transfer.epcPayload, qrX, top + mm(2), qrSize);
  doc
    .font('Helvetica')
    .fontSize(7.5)
    .fillColor(MUTED)
    .text(t.qrCaption, qrX - mm(5), top + mm(2) + qrSize, { width: qrSize + mm(10), align: 'center' });
  doc.y = top + boxHeight + mm(4);
}

/** The closing and the issuer's name. */
function drawClosing({ doc, invoice, t, left }: Sheet): void {
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(INK)
    .text(t.closing, left, doc.y + 4);
  doc.text(invoice.issuer.companyName);
}

/** The legal footer (company, register, VAT id, bank) and "page x of y" on every page. */
function drawFooters({ doc, invoice, t, left, right, width }: Sheet): void {
  const issuer = invoice.issuer;
  const range = doc.bufferedPageRange();
  const footerLines = [
    [issuer.companyName, issuer.address.street, `${issuer.address.postcode} ${issuer.address.city}`],
    [issuer.registry ?? '', issuer.vatNumber ? `${t.vatId} ${issuer.vatNumber}` : '', issuer.email ?? ''],
    [
      issuer.bankAccount.bankName,
      `${t.iban} ${issuer.bankAccount.iban.replace(/(.{4})(?=.)/g, '$1 ')}`,
      `${t.bic} ${issuer.bankAccount.bic}`,
    ],
  ];
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.height - mm(26);
    // Writing inside the bottom margin must not start a new page.
    const savedBottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.moveTo(left, bottom).lineTo(right, bottom).lineWidth(0.5).strokeColor(RULE).stroke();
    const colWidth = width / 3;
    footerLines.forEach((lines, c) => {
      doc
        .font('Helvetica')
        .fontSize(7)
        .fillColor(MUTED)
        .text(lines.filter(Boolean).join('\n'), left + c * colWidth, bottom + 5, {
          width: colWidth - 6,
          lineGap: 0.5,
        });
    });
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(
        `${t.invoice} ${invoice.number} · ${t.page(i + 1, range.count)}`,
        left,
        doc.page.height - mm(12),
        {
          width,
          align: 'right',
        },
      );
    doc.page.margins.bottom = savedBottom;
  }
}

/** Renders the invoice; the returned stream yields the PDF bytes (pipe it into the HTTP reply). */
export function renderInvoicePdf(invoice: InvoiceDocument): Readable {
  const locale = invoice.locale;
  const t = texts[locale];
  const doc = newDocument(invoice, t);
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const sheet: Sheet = {
    doc,
    invoice,
    t,
    locale,
    left,
    right,
    width: right - left,
    date: (iso) => formatDate(iso, { locale }),
  };
  drawLetterhead(sheet);
  drawAddresses(sheet);
  drawIntro(sheet);
  drawItems(sheet);
  drawTaxLines(sheet);
  drawTaxNotes(sheet);
  drawConsent(sheet);
  drawPayment(sheet);
  drawClosing(sheet);
  drawFooters(sheet);
  doc.end();
  return doc;
}
