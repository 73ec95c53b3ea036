/// <reference types="pdfkit" />
import { crc32 } from 'node:zlib';
import {
  type BondFigures,
  bondFigures,
  formatCentsDe,
  formatDateDe,
  formatNumberDe,
  formatRateDe,
  interestPaymentLabels,
  NOMINAL_PER_TOKEN_CENTS,
} from '../content/bond-figures.ts';
import type { BondSeed } from '../content/bonds.ts';
import { CHANNEL, REGISTRAR } from '../content/channel.ts';
import { cachedFile } from './file-cache.ts';

export type LegalDocumentType = 'information_sheet' | 'bond_terms';

export const legalDocumentTitles: Record<LegalDocumentType, string> = {
  information_sheet: 'Wertpapier-Informationsblatt (WIB)',
  bond_terms: 'Anleihebedingungen',
};

// spec: documents are "created" at the platform's launch; a fixed date makes the PDFs byte-identical per run
const DOCUMENT_DATE = new Date('2026-01-05T09:00:00Z');
const STAND = '05.01.2026';

const INK = '#1f2937';
const ACCENT = '#0f4c81';
const MUTED = '#6b7280';

type Doc = PDFKit.PDFDocument;

function heading(doc: Doc, text: string) {
  // keep a heading with at least the first lines of its text
  if (doc.y > doc.page.height - doc.page.margins.bottom - 70) doc.addPage();
  doc.moveDown(0.6).font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(text);
  doc.moveDown(0.2).font('Helvetica').fontSize(9.5).fillColor(INK);
}

function para(doc: Doc, text: string) {
  doc.font('Helvetica').fontSize(9.5).fillColor(INK).text(text, { align: 'justify', lineGap: 1.5 });
  doc.moveDown(0.35);
}

function facts(doc: Doc, rows: readonly (readonly [string, string])[]) {
  const left = doc.page.margins.left;
  const labelWidth = 130;
  const valueWidth = doc.page.width - left - doc.page.margins.right - labelWidth;
  for (const [label, value] of rows) {
    const y = doc.y;
    doc
      .font('Helvetica-Bold')
      .fontSize(9)
      .fillColor(INK)
      .text(label, left, y, { width: labelWidth - 10 });
    const afterLabel = doc.y;
    doc
      .font('Helvetica')
      .fontSize(9)
      .text(value, left + labelWidth, y, { width: valueWidth });
    doc.y = Math.max(afterLabel, doc.y) + 3;
    doc
      .moveTo(left, doc.y - 1.5)
      .lineTo(left + labelWidth + valueWidth, doc.y - 1.5)
      .lineWidth(0.3)
      .strokeColor('#d1d5db')
      .stroke();
  }
  doc.x = left;
  doc.moveDown(0.3);
}

function warningBox(doc: Doc, text: string) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.font('Helvetica-Bold').fontSize(10);
  const height = doc.heightOfString(text, { width: width - 20 }) + 16;
  const top = doc.y;
  doc.rect(left, top, width, height).fillAndStroke('#fef2f2', '#b91c1c');
  doc.fillColor('#7f1d1d').text(text, left + 10, top + 8, { width: width - 20 });
  doc.x = left;
  doc.y = top + height + 8;
  doc.fillColor(INK);
}

function header(doc: Doc, title: string, subtitle: string, bond: BondSeed, figures: BondFigures) {
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  doc.rect(0, 0, doc.page.width, 8).fill(ACCENT);
  doc.font('Helvetica-Bold').fontSize(18).fillColor(ACCENT).text(title, left, 48, { width });
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(subtitle, { width });
  doc.moveDown(0.4);
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .fillColor(INK)
    .text(`${formatRateDe(bond.couponRate)} ${bond.name.de}`);
  doc
    .font('Helvetica')
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(`ISIN ${figures.isin} · WKN ${bond.wkn} · Emittentin: ${bond.issuer.name} · Stand: ${STAND}`);
  doc.moveDown(0.8).fillColor(INK);
}

function footer(doc: Doc, text: string) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // writing into the bottom margin must not open a new page
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(7.5)
      .fillColor(MUTED)
      .text(`${text} · Seite ${i + 1} von ${range.count}`, doc.page.margins.left, doc.page.height - 36, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'center',
      });
    doc.page.margins.bottom = bottom;
  }
}

// pdfkit takes a few hundred milliseconds to load: only a seed that must typeset pays for it
async function newDocument(title: string, bond: BondSeed): Promise<Doc> {
  const { default: PDFDocument } = await import('pdfkit');
  return new PDFDocument({
    size: 'A4',
    margins: { top: 56, bottom: 60, left: 60, right: 60 },
    bufferPages: true,
    info: {
      Title: `${title} – ${bond.name.de}`,
      Author: bond.issuer.name,
      Subject: `${title} ${bondFigures(bond).isin}`,
      Creator: CHANNEL.name,
      Producer: CHANNEL.name,
      CreationDate: DOCUMENT_DATE,
    },
  });
}

/** Listens for the document's bytes; call before writing, then `doc.end()`. */
function collect(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function years(bond: BondSeed) {
  return bond.termMonths / 12;
}

/** Interest in cents on `principalCents` over the whole term at the bond's coupon (before tax). */
function totalInterestCents(bond: BondSeed, principalCents: number) {
  return Math.round((principalCents * Number(bond.couponRate) * years(bond)) / 100);
}

function interestDatesText(figures: BondFigures) {
  // "30.06. und 31.12.": the days of the year in calendar order
  const days = [...new Set(figures.interestDates.map((d) => d.slice(5)))]
    .sort()
    .map((md) => formatDateDe(`2000-${md}`).slice(0, 6));
  const list = days.length > 1 ? `${days.slice(0, -1).join(', ')} und ${days.at(-1)}` : days[0];
  return `${list} eines jeden Jahres; erster Zinstermin ${formatDateDe(figures.interestDates[0]!)}, letzter Zinstermin ${formatDateDe(figures.maturityDate)}`;
}

function writeInformationSheet(doc: Doc, bond: BondSeed) {
  const f = bondFigures(bond);
  const title = legalDocumentTitles.information_sheet;
  header(doc, title, 'nach § 4 Wertpapierprospektgesetz (WpPG)', bond, f);
  warningBox(
    doc,
    'Warnhinweis: Der Erwerb dieses Wertpapiers ist mit erheblichen Risiken verbunden und kann zum vollständigen Verlust des eingesetzten Vermögens führen.',
  );
  const minimum = bond.minimumSubscriptionCents ?? 100_000;
  const leverage = 120 + (crc32(bond.code) % 300);
  const example = 100_000;

  heading(doc, '1. Art, Bezeichnung und ISIN des Wertpapiers');
  facts(doc, [
    [
      'Art des Wertpapiers',
      'Inhaberschuldverschreibung, begeben als Kryptowertpapier (§\u00a04 Abs.\u00a03 eWpG)',
    ],
    ['Bezeichnung', `${formatRateDe(bond.couponRate)} ${bond.name.de}`],
    ['ISIN / WKN', `${f.isin} / ${bond.wkn}`],
    ['Emissionsvolumen', `${formatCentsDe(bond.issueVolumeCents)} (${formatNumberDe(f.tokens)} Token)`],
    ['Nennbetrag je Token', formatCentsDe(NOMINAL_PER_TOKEN_CENTS)],
    [
      'Zinssatz',
      `${formatRateDe(bond.couponRate)} p. a., ${interestPaymentLabels[bond.interestPayment].de} nachträglich`,
    ],
    ['Zinstermine', interestDatesText(f)],
    [
      'Laufzeit',
      `${bond.termMonths} Monate, vom ${formatDateDe(bond.interestStart)} bis ${formatDateDe(f.maturityDate)}`,
    ],
    ['Rückzahlung', `am ${formatDateDe(f.maturityDate)} zu 100 % des Nennbetrags`],
    ['Register', `Kryptowertpapierregister auf der Blockchain Polygon, geführt von der ${REGISTRAR}`],
  ]);

  heading(doc, '2. Funktionsweise des Wertpapiers und damit verbundene Rechte');
  para(
    doc,
    `Die Anleihe verbrieft einen Anspruch auf Zahlung von Zinsen in Höhe von ${formatRateDe(bond.couponRate)} p. a. auf den Nennbetrag sowie auf Rückzahlung des Nennbetrags am Laufzeitende. Die Schuldverschreibungen sind nicht nachrangige, unbesicherte Verbindlichkeiten der Emittentin. Eine ordentliche Kündigung durch die Anlegerinnen und Anleger ist ausgeschlossen; das Recht zur außerordentlichen Kündigung aus wichtigem Grund bleibt unberührt. Einzelheiten regeln die Anleihebedingungen.`,
  );
  para(
    doc,
    `Die Anleihe wird nicht als Urkunde verbrieft, sondern als elektronisches Wertpapier in Form eines Kryptowertpapiers in Einzeleintragung in ein Kryptowertpapierregister nach dem Gesetz über elektronische Wertpapiere (eWpG) eingetragen. Inhaberin oder Inhaber ist, wer als solche(r) im Register eingetragen ist. Die Übertragung erfolgt durch Umtragung im Register. Registerführende Stelle ist die ${REGISTRAR}.`,
  );

  heading(doc, '3. Identität von Anbieterin und Emittentin');
  para(
    doc,
    `Emittentin ist die ${bond.issuer.name}, ${bond.issuer.street}, ${bond.issuer.postcode} ${bond.issuer.city}, eingetragen im Handelsregister beim ${bond.issuer.registry}, vertreten durch die Geschäftsführung (${bond.issuer.managingDirector}). ${bond.useOfProceeds} Anbieterin ist die Emittentin. Die Vermittlung erfolgt über die Internet-Plattform der ${CHANNEL.companyName}, ${CHANNEL.companyStreet}, ${CHANNEL.companyPostcode} ${CHANNEL.companyCity}. Ein Garantiegeber existiert nicht.`,
  );

  heading(doc, '4. Risiken');
  para(
    doc,
    'Emittentenrisiko: Gerät die Emittentin in wirtschaftliche Schwierigkeiten oder wird sie zahlungsunfähig, können Zins- und Rückzahlungen ganz oder teilweise ausfallen. Es besteht das Risiko des Totalverlusts des eingesetzten Kapitals. Die Anleihe unterliegt keiner Einlagensicherung.',
  );
  para(doc, `Projektrisiko: ${bond.projectRisk}`);
  para(
    doc,
    'Liquiditätsrisiko: Für die Token besteht kein geregelter Markt. Ein Verkauf vor Laufzeitende ist möglicherweise nicht oder nur mit Abschlägen möglich. Anlegerinnen und Anleger sollten nur Beträge investieren, auf die sie bis zum Laufzeitende verzichten können.',
  );
  para(
    doc,
    'Technische Risiken: Die Übertragung und Verwahrung der Token erfolgt über eine Blockchain. Fehlfunktionen der Blockchain, Angriffe auf Netzwerk oder Verwahrstelle oder der Verlust von Zugangsdaten können dazu führen, dass Rechte vorübergehend nicht ausgeübt werden können.',
  );
  para(
    doc,
    'Weitere Risiken: Änderungen der rechtlichen oder steuerlichen Rahmenbedingungen, Zinsänderungsrisiken sowie Interessenkonflikte können sich nachteilig auf den Wert der Anleihe auswirken. Eine Fremdfinanzierung des Erwerbs erhöht das Verlustrisiko.',
  );

  heading(doc, '5. Verschuldungsgrad der Emittentin');
  para(
    doc,
    `Der auf Grundlage des letzten aufgestellten Jahresabschlusses zum 31.12.2024 berechnete Verschuldungsgrad (Fremdkapital im Verhältnis zum Eigenkapital) der Emittentin beträgt ${leverage} %.`,
  );

  heading(doc, '6. Aussichten für Kapitalrückzahlung und Erträge unter verschiedenen Marktbedingungen');
  para(
    doc,
    `Positives und neutrales Szenario: Die Emittentin erfüllt ihre Verpflichtungen planmäßig. Bei einer Anlage von ${formatCentsDe(example)} erhält die Anlegerin oder der Anleger über die gesamte Laufzeit Zinsen von insgesamt ${formatCentsDe(totalInterestCents(bond, example))} vor Steuern sowie am ${formatDateDe(f.maturityDate)} die Rückzahlung von ${formatCentsDe(example)}. Eine Teilnahme an Wertsteigerungen des Projekts findet nicht statt.`,
  );
  para(
    doc,
    'Negatives Szenario: Die Geschäftsentwicklung der Emittentin bleibt hinter der Planung zurück. Zinszahlungen verzögern sich oder fallen aus, die Rückzahlung erfolgt nur teilweise. Im schlechtesten Fall wird die Emittentin insolvent und die Anlegerin oder der Anleger verliert das gesamte eingesetzte Kapital.',
  );

  heading(doc, '7. Kosten und Provisionen');
  para(
    doc,
    `Für Anlegerinnen und Anleger fallen beim Erwerb über die Plattform keine Ausgabeaufschläge und keine Depotgebühren an. Bei Zahlung per Karte können Entgelte des Kartenherausgebers entstehen. Die Emittentin zahlt der ${CHANNEL.companyName} eine einmalige Vermittlungsprovision von 4,5 % des vermittelten Volumens sowie eine jährliche Plattformgebühr von 0,5 % des ausstehenden Volumens. Für die Registerführung zahlt die Emittentin jährlich 0,2 % des Emissionsvolumens.`,
  );

  heading(doc, '8. Angebotskonditionen und Emissionsvolumen');
  para(
    doc,
    `Das öffentliche Angebot beginnt am ${STAND} und endet mit vollständiger Platzierung, spätestens am ${formatDateDe(bond.interestStart)}. Der Ausgabepreis beträgt 100 % des Nennbetrags (${formatCentsDe(NOMINAL_PER_TOKEN_CENTS)} je Token). Gezeichnet wird in Schritten von 1.000 Token; die Mindestzeichnung beträgt ${formatCentsDe(minimum)}. Das Emissionsvolumen beträgt ${formatCentsDe(bond.issueVolumeCents)}.${bond.professionalOnly ? ' Das Angebot richtet sich ausschließlich an professionelle Kunden im Sinne von § 67 Abs. 2 WpHG.' : ''}${bond.investorLimit ? ` Das Angebot richtet sich an höchstens ${bond.investorLimit} nicht qualifizierte Anlegerinnen und Anleger.` : ''}${bond.professionalOnly ? '' : ' Nicht qualifizierte Anlegerinnen und Anleger dürfen nach § 6 WpPG grundsätzlich höchstens 1.000 € zeichnen, bei Selbstauskunft über ein frei verfügbares Vermögen von mindestens 100.000 € bis zu 10.000 €, andernfalls höchstens das Zweifache des durchschnittlichen monatlichen Nettoeinkommens, maximal 25.000 €; diese Grenzen gelten nicht für Kapitalgesellschaften.'}${bond.maximumOrderCentsNonProfessional ? ` Je Bestellung können nicht professionelle Anlegerinnen und Anleger höchstens ${formatCentsDe(bond.maximumOrderCentsNonProfessional)} zeichnen.` : ''}`,
  );

  heading(doc, '9. Geplante Verwendung des Nettoemissionserlöses');
  para(doc, bond.useOfProceeds);

  heading(doc, 'Gesetzliche Hinweise');
  para(
    doc,
    'Die inhaltliche Richtigkeit des Wertpapier-Informationsblatts unterliegt nicht der Prüfung durch die Bundesanstalt für Finanzdienstleistungsaufsicht (BaFin). Für das Wertpapier wurde kein von der BaFin gebilligter Wertpapierprospekt hinterlegt. Weitergehende Informationen erhält die Anlegerin oder der Anleger unmittelbar vom Anbieter oder von der Emittentin des Wertpapiers.',
  );
  para(
    doc,
    `Der letzte Jahresabschluss der Emittentin ist auf Anfrage bei der Emittentin unter ${bond.moreInformationUrl} erhältlich und wird im Unternehmensregister veröffentlicht. Ansprüche auf der Grundlage einer in dem Wertpapier-Informationsblatt enthaltenen Angabe können nur dann bestehen, wenn die Angabe irreführend, unrichtig oder nicht mit den einschlägigen Teilen der Anleihebedingungen vereinbar ist und wenn das Wertpapier während der Dauer des öffentlichen Angebots, spätestens jedoch innerhalb von sechs Monaten nach dem ersten öffentlichen Angebot der Wertpapiere im Inland, erworben wird.`,
  );
  footer(doc, `${title} · ${f.isin}`);
}

function writeBondTerms(doc: Doc, bond: BondSeed) {
  const f = bondFigures(bond);
  const title = legalDocumentTitles.bond_terms;
  header(doc, title, `der ${bond.issuer.name}, ${bond.issuer.city}`, bond, f);
  const p = (label: string, ...texts: string[]) => {
    heading(doc, label);
    for (const t of texts) para(doc, t);
  };
  p(
    '§ 1 Gesamtnennbetrag, Stückelung, Form',
    `(1) Die ${bond.issuer.name} (die „Emittentin“) begibt eine Anleihe im Gesamtnennbetrag von bis zu ${formatCentsDe(bond.issueVolumeCents)}, eingeteilt in bis zu ${formatNumberDe(f.tokens)} untereinander gleichberechtigte Inhaberschuldverschreibungen im Nennbetrag von je ${formatCentsDe(NOMINAL_PER_TOKEN_CENTS)} (die „Schuldverschreibungen“ oder „Token“). ISIN: ${f.isin}, WKN: ${bond.wkn}.`,
    `(2) Die Schuldverschreibungen werden als Kryptowertpapiere im Sinne von § 4 Abs. 3 des Gesetzes über elektronische Wertpapiere (eWpG) in Einzeleintragung begeben. Sie werden in ein Kryptowertpapierregister auf der Blockchain Polygon eingetragen, das von der ${REGISTRAR} als registerführender Stelle geführt wird. Die Ausgabe effektiver Stücke ist ausgeschlossen.`,
    '(3) Inhaberin oder Inhaber einer Schuldverschreibung (die „Anleihegläubiger“) ist, wer im Kryptowertpapierregister als solche(r) eingetragen ist. Die Übertragung erfolgt ausschließlich durch Umtragung im Register auf Weisung der oder des Berechtigten (§ 25 eWpG).',
  );
  p(
    '§ 2 Status',
    'Die Schuldverschreibungen begründen unmittelbare, unbedingte, nicht nachrangige und nicht besicherte Verbindlichkeiten der Emittentin, die untereinander und mit allen anderen gegenwärtigen und zukünftigen nicht besicherten und nicht nachrangigen Verbindlichkeiten der Emittentin gleichrangig sind, soweit nicht zwingende gesetzliche Vorschriften etwas anderes bestimmen.',
  );
  p(
    '§ 3 Verzinsung',
    `(1) Die Schuldverschreibungen werden vom ${formatDateDe(bond.interestStart)} (einschließlich) bis zum ${formatDateDe(f.maturityDate)} (einschließlich) mit ${formatRateDe(bond.couponRate)} jährlich auf ihren Nennbetrag verzinst.`,
    `(2) Die Zinsen sind ${interestPaymentLabels[bond.interestPayment].de} nachträglich zahlbar, und zwar jeweils am ${interestDatesText(f)} (jeweils ein „Zinstermin“). Fällt ein Zinstermin nicht auf einen Bankarbeitstag, erfolgt die Zahlung am nächsten Bankarbeitstag; ein Anspruch auf weitere Zinsen besteht insoweit nicht.`,
    '(3) Zinsen für einen Zeitraum von weniger als einem Zinsjahr werden nach der Methode actual/actual (ICMA) berechnet.',
  );
  p(
    '§ 4 Laufzeit, Rückzahlung',
    `(1) Die Laufzeit beträgt ${bond.termMonths} Monate. Die Schuldverschreibungen werden am ${formatDateDe(f.maturityDate)} (der „Fälligkeitstag“) zu 100 % ihres Nennbetrags zurückgezahlt, soweit sie nicht zuvor zurückgezahlt oder zurückerworben wurden.`,
    '(2) Die Emittentin ist berechtigt, die Schuldverschreibungen frühestens zwei Jahre nach Beginn des Zinslaufs mit einer Frist von drei Monaten zum Ende eines Zinsjahres insgesamt zu kündigen und zu 101 % des Nennbetrags zuzüglich aufgelaufener Zinsen zurückzuzahlen.',
  );
  p(
    '§ 5 Zahlungen',
    `Sämtliche Zahlungen erfolgen in Euro über die ${CHANNEL.companyName} als Zahlstelle an die Anleihegläubiger, die am Ende des fünften Bankarbeitstags vor dem jeweiligen Zahltag im Kryptowertpapierregister eingetragen sind, auf das von ihnen hinterlegte Referenzkonto. Mit der Zahlung an die Zahlstelle wird die Emittentin von ihrer Zahlungspflicht befreit.`,
  );
  p(
    '§ 6 Kündigung durch die Anleihegläubiger',
    '(1) Eine ordentliche Kündigung der Schuldverschreibungen durch die Anleihegläubiger ist ausgeschlossen.',
    '(2) Jeder Anleihegläubiger ist berechtigt, seine Schuldverschreibungen aus wichtigem Grund zu kündigen und ihre sofortige Rückzahlung zum Nennbetrag zuzüglich aufgelaufener Zinsen zu verlangen. Ein wichtiger Grund liegt insbesondere vor, wenn die Emittentin Zins- oder Rückzahlungen nicht innerhalb von 30 Tagen nach Fälligkeit leistet, ihre Zahlungen allgemein einstellt oder über ihr Vermögen ein Insolvenzverfahren eröffnet wird.',
  );
  p(
    '§ 7 Übertragbarkeit',
    `Die Schuldverschreibungen sind frei übertragbar, sofern die Erwerberin oder der Erwerber auf der Plattform der ${CHANNEL.companyName} identifiziert ist und über ein freigeschaltetes Kryptoverwahrkonto verfügt.${bond.investorLimit ? ` Die Zahl der Anleihegläubiger ist auf ${bond.investorLimit} begrenzt; Übertragungen an weitere Personen bedürfen der vorherigen Freischaltung (Whitelisting).` : ''}`,
  );
  p(
    '§ 8 Steuern',
    'Alle Zahlungen erfolgen unter Abzug und Einbehalt von Steuern, soweit die Emittentin oder die Zahlstelle hierzu gesetzlich verpflichtet ist. Die Emittentin ist nicht verpflichtet, zusätzliche Beträge als Ausgleich für einbehaltene Steuern zu zahlen.',
  );
  p(
    '§ 9 Bekanntmachungen',
    `Bekanntmachungen, welche die Schuldverschreibungen betreffen, erfolgen auf der Internetseite der Emittentin (${bond.moreInformationUrl}) sowie durch Mitteilung auf der Plattform; gesetzlich vorgeschriebene Bekanntmachungen erfolgen zusätzlich im Bundesanzeiger.`,
  );
  p(
    '§ 10 Änderung der Anleihebedingungen',
    'Die Anleihegläubiger können nach Maßgabe des Schuldverschreibungsgesetzes (SchVG) durch Mehrheitsbeschluss Änderungen der Anleihebedingungen zustimmen und einen gemeinsamen Vertreter bestellen. Beschlüsse werden in einer Abstimmung ohne Versammlung gefasst.',
  );
  p(
    '§ 11 Anwendbares Recht, Gerichtsstand, Teilunwirksamkeit',
    `(1) Form und Inhalt der Schuldverschreibungen sowie alle Rechte und Pflichten aus ihnen bestimmen sich nach dem Recht der Bundesrepublik Deutschland.`,
    `(2) Erfüllungsort ist ${bond.issuer.city}. Gerichtsstand für Kaufleute, juristische Personen des öffentlichen Rechts und öffentlich-rechtliche Sondervermögen ist ${bond.issuer.city}; für Verbraucher gelten die gesetzlichen Gerichtsstände.`,
    '(3) Sollte eine Bestimmung dieser Anleihebedingungen ganz oder teilweise unwirksam sein oder werden, bleiben die übrigen Bestimmungen wirksam.',
  );
  doc.moveDown(1);
  para(
    doc,
    `${bond.issuer.city}, im Januar 2026 – ${bond.issuer.name}, vertreten durch ${bond.issuer.managingDirector}, Geschäftsführung`,
  );
  footer(doc, `${title} · ${f.isin}`);
}

// The documents depend only on the bond's figures: render each once per process (and cache the bytes).
const cache = new Map<string, Promise<Buffer>>();

/** The bond's information sheet or bond terms as a PDF (German, A4). */
export function renderLegalPdf(type: LegalDocumentType, bond: BondSeed): Promise<Buffer> {
  const key = `legal-pdf:${type}:${bond.code}`;
  let hit = cache.get(key);
  if (!hit) {
    hit = cachedFile(key, async () => {
      const doc = await newDocument(legalDocumentTitles[type], bond);
      const done = collect(doc);
      if (type === 'information_sheet') writeInformationSheet(doc, bond);
      else writeBondTerms(doc, bond);
      doc.end();
      return done;
    });
    cache.set(key, hit);
  }
  return hit;
}
