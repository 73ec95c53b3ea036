/// <reference types="pdfkit" />
import type { Readable } from 'node:stream';
import type { Locale } from '@token/domain/i18n';
import type { ExcerptSection, RegisterExcerptDocument } from '@token/domain/register';
import PDFDocument from 'pdfkit';

/**
 * The register excerpt as a PDF (eWpG § 19, issue 16): A4, the excerpt's title with its number and
 * its date in the header of every page, the domain document's sections in order (labelled fields in two columns, the
 * entries as a table whose header repeats on a new page), the § 19 closing note, and "page x of y" on
 * every page. Built-in Helvetica and Courier as the invoice uses (WinAnsi: ä ö ü ß € § „ “ – …), so no
 * font files are needed; characters outside WinAnsi are replaced before they reach the page.
 */

const INK = '#111827';
const ACCENT = '#0f4c81';
const MUTED = '#6b7280';
const RULE = '#d1d5db';
const BAND = '#eef2f7';
const mm = (v: number) => (v * 72) / 25.4;

type Doc = PDFKit.PDFDocument;

const pageTexts: Record<Locale, { page: (n: number, of: number) => string }> = {
  de: { page: (n, of) => `Seite ${n} von ${of}` },
  en: { page: (n, of) => `Page ${n} of ${of}` },
};

// Windows-1252's characters in 0x80-0x9F; with Latin-1 they are what the standard fonts can draw.
const cp1252Extra = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The text as the standard fonts can draw it: the minus sign as a hyphen, anything else unknown as "?". */
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.replaceAll('\u2212', '-').replaceAll('\u00a0', ' ').replaceAll('\u202f', ' ')) {
    const code = ch.codePointAt(0) ?? 0;
    const ok = ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff);
    out += ok || cp1252Extra.has(ch) ? ch : '?';
  }
  return out;
}

type Sheet = { doc: Doc; excerpt: RegisterExcerptDocument; left: number; right: number; width: number };

/** A new page when `needed` points no longer fit above the bottom margin. */
function breakPageFor(doc: Doc, needed: number): boolean {
  if (doc.y + needed <= doc.page.height - doc.page.margins.bottom) return false;
  doc.addPage();
  doc.y = doc.page.margins.top;
  return true;
}

function fieldValue(excerpt: RegisterExcerptDocument, sectionId: string, key: string): string {
  for (const s of excerpt.sections) {
    if (s.kind === 'fields' && s.id === sectionId) return s.fields.find((f) => f.key === key)?.value ?? '';
  }
  return '';
}

/** The section's title in the accent colour, kept on one page with the first lines after it. */
function drawSectionTitle({ doc, left, width }: Sheet, title: string, keepWith: number): void {
  breakPageFor(doc, 24 + keepWith);
  doc.moveDown(0.45);
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

const labelWidth = mm(58);

/** Labelled values in two columns: label on the left, the value wrapped beside it. */
function drawFields(sheet: Sheet, section: Extract<ExcerptSection, { kind: 'fields' }>): void {
  const { doc, left, width } = sheet;
  const valueX = left + labelWidth;
  const valueWidth = width - labelWidth;
  const heightOf = (value: string) =>
    doc.font('Helvetica').fontSize(9.5).heightOfString(winAnsi(value), { width: valueWidth });
  drawSectionTitle(sheet, section.title, section.fields[0] ? heightOf(section.fields[0].value) : 0);
  for (const field of section.fields) {
    const value = winAnsi(field.value);
    const label = winAnsi(field.label);
    const labelHeight = doc
      .font('Helvetica')
      .fontSize(8.5)
      .heightOfString(label, { width: labelWidth - 8 });
    breakPageFor(doc, Math.max(heightOf(field.value), labelHeight) + 4);
    const y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(label, left, y + 0.5, { width: labelWidth - 8 });
    const afterLabel = doc.y;
    doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(value, valueX, y, { width: valueWidth });
    doc.y = Math.max(doc.y, afterLabel) + 2;
  }
  doc.x = left;
}

/** The entries as a table (its header again on every new page), or the empty text. */
function drawTable(sheet: Sheet, section: Extract<ExcerptSection, { kind: 'table' }>): void {
  const { doc, left, width } = sheet;
  // Widths in mm of a 165 mm column; the transaction hash takes the rest, in Courier, wrapped.
  const widths: Record<string, number> = {
    sequence: mm(11),
    recordedAt: mm(27),
    kind: mm(28),
    amount: mm(18),
    counterparty: mm(24),
  };
  const fixed = Object.values(widths).reduce((a, b) => a + b, 0);
  const columns = section.columns.map((c) => ({
    ...c,
    width: widths[c.key] ?? width - fixed,
    align: c.key === 'amount' ? ('right' as const) : ('left' as const),
    // a right-aligned column keeps a gap to the next one
    inset: c.key === 'amount' ? mm(3) : 0,
    mono: c.key === 'transactionHash' || c.key === 'counterparty',
  }));
  const pad = 4;
  const cellFont = (mono: boolean) => doc.font(mono ? 'Courier' : 'Helvetica').fontSize(mono ? 7 : 8.5);
  const header = () => {
    const y = doc.y;
    doc.rect(left, y - 3, width, 16).fill(BAND);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(INK);
    let x = left;
    for (const c of columns) {
      doc.text(winAnsi(c.label), x + 2, y, {
        width: c.width - pad - c.inset,
        align: c.align,
        lineBreak: false,
      });
      x += c.width;
    }
    doc.y = y + 17;
  };
  drawSectionTitle(sheet, section.title, 40);
  if (section.rows.length === 0) {
    doc.font('Helvetica-Oblique').fontSize(9.5).fillColor(INK).text(winAnsi(section.emptyText), left, doc.y, {
      width,
    });
    return;
  }
  header();
  for (const row of section.rows) {
    const heights = columns.map((c) => {
      cellFont(c.mono);
      return doc.heightOfString(winAnsi(row[c.key]), { width: c.width - pad - c.inset });
    });
    const rowHeight = Math.max(...heights) + 6;
    if (breakPageFor(doc, rowHeight)) header();
    const y = doc.y;
    let x = left;
    for (const c of columns) {
      cellFont(c.mono)
        .fillColor(INK)
        .text(winAnsi(row[c.key]), x + 2, y, { width: c.width - pad - c.inset, align: c.align });
      x += c.width;
    }
    doc.y = y + rowHeight;
    doc
      .moveTo(left, doc.y - 3)
      .lineTo(left + width, doc.y - 3)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
  }
  doc.x = left;
}

/** The closing note of § 19 (text form, the register as it stood). */
function drawClosing({ doc, excerpt, left, width }: Sheet): void {
  doc.font('Helvetica').fontSize(8.5);
  const text = winAnsi(excerpt.footer);
  breakPageFor(doc, doc.heightOfString(text, { width }) + 20);
  doc.moveDown(1.2);
  doc.fillColor(MUTED).text(text, left, doc.y, { width });
}

/** The header (title, number, date) and the footer ("page x of y") of every page. */
function drawPageFrames({ doc, excerpt, left, right, width }: Sheet): void {
  const range = doc.bufferedPageRange();
  const registerName = winAnsi(fieldValue(excerpt, 'register', 'registerName'));
  const date = winAnsi(fieldValue(excerpt, 'excerpt', 'date'));
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Writing in the margins must not start a new page.
    const saved = { ...doc.page.margins };
    doc.page.margins.top = 0;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica-Bold')
      .fontSize(15)
      .fillColor(ACCENT)
      .text(winAnsi(excerpt.title), left, mm(14), { width: width * 0.62, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(registerName, left, mm(21), { width: width * 0.62, lineBreak: false, ellipsis: true });
    doc
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .fillColor(INK)
      .text(date, left, mm(15.5), { width, align: 'right', lineBreak: false });
    doc.moveTo(left, mm(26)).lineTo(right, mm(26)).lineWidth(1.2).strokeColor(ACCENT).stroke();
    const bottom = doc.page.height - mm(18);
    doc.moveTo(left, bottom).lineTo(right, bottom).lineWidth(0.5).strokeColor(RULE).stroke();
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(
        `${winAnsi(excerpt.title)} · ${pageTexts[excerpt.language].page(i + 1, range.count)}`,
        left,
        bottom + mm(3),
        { width, align: 'right', lineBreak: false },
      );
    doc.page.margins.top = saved.top;
    doc.page.margins.bottom = saved.bottom;
  }
}

/**
 * Renders the excerpt; the returned stream yields the PDF bytes. `createdAt` is the PDF's creation
 * date, so one excerpt gives the same bytes on every download.
 */
export function renderExcerptPdf(
  excerpt: RegisterExcerptDocument,
  opts: { createdAt?: Date } = {},
): Readable {
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margins: { top: mm(32), bottom: mm(24), left: mm(25), right: mm(20) },
    bufferPages: true,
    info: {
      Title: winAnsi(excerpt.title),
      Subject: winAnsi(excerpt.title),
      Author: winAnsi(fieldValue(excerpt, 'register', 'registrar')),
      ...(opts.createdAt ? { CreationDate: opts.createdAt } : {}),
    },
    lang: excerpt.language === 'de' ? 'de-DE' : 'en-GB',
    pdfVersion: '1.7',
  });
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const sheet: Sheet = { doc, excerpt, left, right, width: right - left };
  doc.y = doc.page.margins.top;
  for (const section of excerpt.sections) {
    if (section.kind === 'fields') drawFields(sheet, section);
    else drawTable(sheet, section);
  }
  drawClosing(sheet);
  drawPageFrames(sheet);
  doc.end();
  return doc;
}
