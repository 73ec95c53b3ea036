import { createHash } from 'node:crypto';
import { AppError } from '@token/domain/errors';
import type { BankCredit } from '@token/domain/payments';
import { XMLParser } from 'fast-xml-parser';

/**
 * Bank statements in ISO 20022 cash-management format: camt.053 (account statement) and camt.054
 * (debit/credit notification), message versions .001.02 to .001.08, as German banks deliver them
 * (DFÜ-Abkommen annex 3). `credits` holds the booked credits: debits (`CdtDbtInd` DBIT), reversals
 * (`RvslInd` true) and pending or information entries (`Sts` other than BOOK) are skipped there.
 * Booked debits (the platform's payouts) are read into `debits`, returned or rejected transfers
 * (`RtrInf`, `Sts` RJCT) into `returns`: the payout confirmation reads those two. A batch
 * booking (one `Ntry` with several `TxDtls`) yields one credit per transaction.
 *
 * Safety: the file is refused before parsing when larger than `camtMaxBytes` or when it declares a
 * DOCTYPE or ENTITY (no XXE, no entity expansion); fast-xml-parser itself never loads external
 * resources, and without a DOCTYPE only the predefined entities (&amp; …) remain.
 */

/** 10 MiB: a busy collection account's daily camt.053 is well below 1 MiB; larger is refused (413). */
export const camtMaxBytes = 10 * 1024 * 1024;

export const camtMessageTypes = ['camt.053', 'camt.054'] as const;
export type CamtMessageType = (typeof camtMessageTypes)[number];

/** One booked credit, with where it came from. */
export type CamtCredit = BankCredit & {
  /** YYYY-MM-DD, the value date (Valutadatum), or null when the bank gave none. */
  valueDate: string | null;
  /** The statement's or notification's own id (Stmt/Id, Ntfctn/Id). */
  statementId: string;
  /** The account the statement is for (our collection account). */
  accountIban: string | null;
  /** The end-to-end id the payer gave (`NOTPROVIDED` when none). */
  endToEndId: string | null;
};

/** One booked debit (an outgoing transfer, e.g. a payout), per transaction of its entry. */
export type CamtDebit = {
  amountCents: number;
  currency: string;
  /** The end-to-end id of our pain.001 transaction (`NOTPROVIDED` when none). */
  endToEndId: string | null;
  bookingDate: string;
  entryReference: string;
  creditorName: string | null;
  creditorIban: string | null;
  statementId: string;
  accountIban: string | null;
};

/**
 * A transfer that came back or was refused: an entry whose transaction carries return information
 * (`RtrInf`, an R-transaction: usually a credit booking of the returned amount) or a debit entry the
 * bank reports as rejected (`Sts` RJCT, some banks' proprietary status).
 */
export type CamtReturn = {
  amountCents: number;
  currency: string;
  /** The original transfer's end-to-end id. */
  endToEndId: string | null;
  /** ISO 20022 return reason (`AC04` closed account, `AC01` wrong IBAN, …) or null. */
  reasonCode: string | null;
  bookingDate: string | null;
  entryReference: string | null;
  indicator: 'CRDT' | 'DBIT';
};

export type CamtStatement = {
  type: CamtMessageType;
  /** The message version, `001.02` … `001.08`. */
  version: string;
  messageId: string;
  credits: CamtCredit[];
  /** Booked debits (not reversed, not returned), per transaction; the bank-statement import ignores them. */
  debits: CamtDebit[];
  /** Returned or rejected transfers (credits with `RtrInf` are in `credits` too, as before). */
  returns: CamtReturn[];
  /** How many entries were skipped: debits, reversals, not booked. */
  skipped: { debits: number; reversals: number; notBooked: number };
};

const namespacePattern = /^urn:iso:std:iso:20022:tech:xsd:(camt\.05[34])\.(001\.0[2-8])$/;

const arrays = new Set(['Stmt', 'Ntfctn', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'Bal', 'Othr']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  // Only the five predefined entities and character references: DOCTYPE (and so any declared entity) is refused first.
  processEntities: true,
  ignoreDeclaration: true,
  isArray: (name) => arrays.has(name),
});
// The root element only, with its prefixed name and every attribute (its children are left unread):
// `parser` drops namespace prefixes and xmlns declarations, so the root's namespace is read here.
const rootReader = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  stopNodes: ['*.*'],
});

type Node = Record<string, unknown>;

const invalid = (detail: string) => new AppError('bank_statement_invalid', { detail });

function obj(v: unknown): Node | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
}
function list(v: unknown): Node[] {
  return Array.isArray(v) ? v.map(obj).filter((x): x is Node => !!x) : obj(v) ? [v as Node] : [];
}
function str(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  const o = obj(v);
  if (o && typeof o['#text'] === 'string') return o['#text'].trim() || null;
  return null;
}
/** Follows a path of element names; arrays take their first element. */
function at(node: unknown, ...path: string[]): unknown {
  let cur: unknown = node;
  for (const key of path) {
    if (Array.isArray(cur)) cur = cur[0];
    const o = obj(cur);
    if (!o) return undefined;
    cur = o[key];
  }
  return cur;
}

/** ISO 20022 `ActiveOrHistoricCurrencyAndAmount`: digits with up to 5 decimals; EUR has 2. */
function amountOf(node: unknown, where: string): { cents: number; currency: string } {
  const value = str(node);
  const currency = str(obj(node)?.['@Ccy']);
  const m = value ? /^(\d{1,15})(?:\.(\d{1,5}))?$/.exec(value) : null;
  if (!m || !currency || !/^[A-Z]{3}$/.test(currency))
    throw invalid(`${where}: amount "${value}" is unreadable`);
  const fraction = m[2] ?? '';
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) {
    throw invalid(`${where}: amount ${value} has fractions of a cent`);
  }
  const cents = Number(m[1]) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) throw invalid(`${where}: amount too large`);
  return { cents, currency };
}

/** A date or date-time element (`<Dt>` or `<DtTm>`) as YYYY-MM-DD. */
function dateOf(node: unknown): string | null {
  const text = str(at(node, 'Dt')) ?? str(at(node, 'DtTm'));
  const m = text ? /^(\d{4}-\d{2}-\d{2})/.exec(text) : null;
  return m?.[1] ?? null;
}

/** Entry status: a plain code up to version .02–.06, `<Sts><Cd>` from .07/.08 on. */
function statusOf(entry: Node): string | null {
  return str(entry.Sts) ?? str(at(entry, 'Sts', 'Cd'));
}

/** A party's name: `Dbtr/Nm` up to .07, `Dbtr/Pty/Nm` in .08. */
function partyName(party: unknown): string | null {
  return str(at(party, 'Nm')) ?? str(at(party, 'Pty', 'Nm'));
}

function remittanceOf(tx: Node | undefined): { text: string | null; structured: string | null } {
  const rmt = obj(tx?.RmtInf);
  if (!rmt) return { text: null, structured: null };
  const ustrd = (Array.isArray(rmt.Ustrd) ? rmt.Ustrd : [rmt.Ustrd]).map(str).filter(Boolean) as string[];
  let structured: string | null = null;
  for (const s of list(rmt.Strd)) {
    structured = str(at(s, 'CdtrRefInf', 'Ref'));
    if (structured) break;
  }
  return { text: ustrd.length ? ustrd.join(' ') : null, structured };
}

/** A stable id for a credit without a bank reference, so importing the same file twice finds it again. */
function syntheticReference(parts: (string | number | null)[]): string {
  return `SYN-${createHash('sha256').update(parts.join('|')).digest('hex').slice(0, 24)}`;
}

/**
 * The namespace of the root `<Document>` as XML namespaces define it, so any attribute order, either
 * quote and a prefixed root (`<ns2:Document xmlns:ns2="…">`, as JAXB-based bank systems write it) are
 * read alike: the default namespace (`xmlns`) for `<Document>`, the prefix's for `<p:Document>`;
 * `xmlns:xsi` and other declarations do not name the document's own namespace. Null when the root
 * element is not a `Document` or declares no namespace for itself.
 */
function documentNamespace(xml: string): string | null {
  let roots: [string, unknown][];
  try {
    roots = Object.entries(rootReader.parse(xml) as Node);
  } catch {
    return null;
  }
  if (roots.length !== 1) return null;
  const [name, root] = roots[0] as [string, unknown];
  const prefix = /^(?:([^:]+):)?Document$/.exec(name);
  if (!prefix) return null;
  const declared = obj(root)?.[prefix[1] ? `@xmlns:${prefix[1]}` : '@xmlns'];
  return typeof declared === 'string' ? declared.trim() : null;
}

/** The 8-bit encodings German banking software declares besides UTF-8 (WHATWG labels). */
const singleByteEncodings = new Set([
  'iso-8859-1',
  'iso_8859-1',
  'latin1',
  'iso-8859-15',
  'latin9',
  'windows-1252',
  'cp1252',
]);

/**
 * The file's text in the encoding it declares (XML 1.0 § 4.3.3 and Appendix F): a byte order mark
 * first (UTF-8, UTF-16), else the XML declaration's `encoding` (UTF-8, or the ISO 8859-1/-15 and
 * Windows-1252 some bank exports still write), else UTF-8. Bytes that are not valid in that encoding
 * refuse the file instead of reading a debtor's name wrongly (decision 031).
 */
function decodeXml(bytes: Buffer): string {
  const decode = (label: string, from = 0) => {
    try {
      return new TextDecoder(label, { fatal: true }).decode(bytes.subarray(from));
    } catch {
      throw invalid(`not valid ${label.toUpperCase()} (declare the file's encoding in its XML declaration)`);
    }
  };
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decode('utf-8', 3);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decode('utf-16le', 2);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decode('utf-16be', 2);
  // The declaration is ASCII in every encoding read here.
  const head = bytes.subarray(0, 200).toString('latin1');
  const declared = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/
    .exec(head)?.[1]
    ?.toLowerCase();
  if (!declared || declared === 'utf-8' || declared === 'utf8') return decode('utf-8');
  if (singleByteEncodings.has(declared)) return decode(declared);
  throw invalid(`the encoding ${declared} is not read (UTF-8, ISO-8859-1/-15 or Windows-1252)`);
}

/**
 * Reads a camt.053 or camt.054 file into its booked credits. Throws `AppError`
 * `bank_statement_too_large` (413), `bank_statement_unsafe` (DOCTYPE/ENTITY, 422) or
 * `bank_statement_invalid` (not camt, unsupported version, unreadable amounts, 422).
 */
export function parseCamt(input: Buffer | string): CamtStatement {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
  if (size > camtMaxBytes) throw new AppError('bank_statement_too_large', { detail: `${size} bytes` });
  const xml = typeof input === 'string' ? input : decodeXml(input);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    throw new AppError('bank_statement_unsafe', { detail: 'DOCTYPE or ENTITY declarations are refused' });
  }
  if (!/^\s*(?:\uFEFF)?\s*</.test(xml)) throw invalid('not XML');
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (err) {
    throw invalid(`not well-formed XML: ${(err as Error).message.slice(0, 200)}`);
  }
  const document = obj(doc.Document);
  const ns = document ? documentNamespace(xml) : null;
  const m = ns ? namespacePattern.exec(ns) : null;
  if (!document || !m) throw invalid(`not a camt.053/054 document (namespace ${ns ?? 'missing'})`);
  const type = m[1] as CamtMessageType;
  const version = m[2] as string;
  const root = obj(type === 'camt.053' ? document.BkToCstmrStmt : document.BkToCstmrDbtCdtNtfctn);
  if (!root) throw invalid(`${type} without its message element`);
  const messageId = str(at(root, 'GrpHdr', 'MsgId'));
  if (!messageId) throw invalid('GrpHdr/MsgId is missing');
  const reports = list(type === 'camt.053' ? root.Stmt : root.Ntfctn);
  if (reports.length === 0) throw invalid(`${type} without ${type === 'camt.053' ? 'Stmt' : 'Ntfctn'}`);

  const credits: CamtCredit[] = [];
  const debits: CamtDebit[] = [];
  const returns: CamtReturn[] = [];
  const skipped = { debits: 0, reversals: 0, notBooked: 0 };

  /** A debit entry: booked transfers to `debits`, rejected or returned ones to `returns`. */
  function readDebit(
    entry: Node,
    entryAmount: { cents: number; currency: string },
    where: string,
    statementId: string,
    accountIban: string | null,
  ) {
    if (str(entry.RvslInd) === 'true') return;
    const status = statusOf(entry);
    const bookingDate = dateOf(entry.BookgDt);
    const entryRef = str(entry.AcctSvcrRef) ?? str(entry.NtryRef);
    const txs = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
    if (txs.length === 0) txs.push({});
    txs.forEach((tx, txIndex) => {
      const txAmountNode = tx.Amt ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt');
      if (txAmountNode === undefined && txs.length > 1) {
        throw invalid(`${where}: a batch transaction without its amount`);
      }
      const amount = txAmountNode === undefined ? entryAmount : amountOf(txAmountNode, where);
      const endToEndId = str(at(tx, 'Refs', 'EndToEndId'));
      const reference =
        str(at(tx, 'Refs', 'AcctSvcrRef')) ??
        (entryRef ? (txs.length > 1 ? `${entryRef}/${txIndex + 1}` : entryRef) : null);
      const returned = obj(tx.RtrInf);
      if (status === 'RJCT' || returned) {
        returns.push({
          amountCents: amount.cents,
          currency: amount.currency,
          endToEndId,
          reasonCode: str(at(returned, 'Rsn', 'Cd')),
          bookingDate,
          entryReference: reference,
          indicator: 'DBIT',
        });
        return;
      }
      if (status !== 'BOOK' || !bookingDate) return;
      const related = obj(tx.RltdPties);
      debits.push({
        amountCents: amount.cents,
        currency: amount.currency,
        endToEndId,
        bookingDate,
        entryReference:
          reference ??
          syntheticReference([accountIban, statementId, bookingDate, where, txIndex, amount.cents]),
        creditorName: partyName(related?.Cdtr),
        creditorIban: str(at(related, 'CdtrAcct', 'Id', 'IBAN')),
        statementId,
        accountIban,
      });
    });
  }
  for (const report of reports) {
    const statementId = str(report.Id);
    if (!statementId) throw invalid('a statement without Id');
    const accountIban = str(at(report, 'Acct', 'Id', 'IBAN'));
    list(report.Ntry).forEach((entry, entryIndex) => {
      const where = `${statementId} entry ${entryIndex + 1}`;
      const indicator = str(entry.CdtDbtInd);
      if (indicator !== 'CRDT' && indicator !== 'DBIT') throw invalid(`${where}: CdtDbtInd is missing`);
      const entryAmount = amountOf(entry.Amt, where);
      if (indicator === 'DBIT') {
        skipped.debits++;
        readDebit(entry, entryAmount, where, statementId, accountIban);
        return;
      }
      if (str(entry.RvslInd) === 'true') {
        skipped.reversals++;
        return;
      }
      if (statusOf(entry) !== 'BOOK') {
        skipped.notBooked++;
        return;
      }
      const bookingDate = dateOf(entry.BookgDt);
      if (!bookingDate) throw invalid(`${where}: BookgDt is missing`);
      const valueDate = dateOf(entry.ValDt);
      const entryRef = str(entry.AcctSvcrRef) ?? str(entry.NtryRef);
      const txs = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
      if (txs.length === 0) txs.push({});
      txs.forEach((tx, txIndex) => {
        // A transaction's own indicator (.04+) may mark a debit inside a credit batch.
        if (str(tx.CdtDbtInd) === 'DBIT') {
          skipped.debits++;
          return;
        }
        const txAmountNode = tx.Amt ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt');
        if (txAmountNode === undefined && txs.length > 1) {
          throw invalid(`${where}: a batch transaction without its amount`);
        }
        const amount = txAmountNode === undefined ? entryAmount : amountOf(txAmountNode, where);
        const { text, structured } = remittanceOf(tx);
        const txRef = str(at(tx, 'Refs', 'AcctSvcrRef'));
        const entryReference =
          txRef ??
          (entryRef ? (txs.length > 1 ? `${entryRef}/${txIndex + 1}` : entryRef) : null) ??
          syntheticReference([accountIban, statementId, bookingDate, entryIndex, txIndex, amount.cents]);
        const related = obj(tx.RltdPties);
        const returned = obj(tx.RtrInf);
        if (returned) {
          returns.push({
            amountCents: amount.cents,
            currency: amount.currency,
            endToEndId: str(at(tx, 'Refs', 'EndToEndId')),
            reasonCode: str(at(returned, 'Rsn', 'Cd')),
            bookingDate,
            entryReference,
            indicator: 'CRDT',
          });
        }
        credits.push({
          amountCents: amount.cents,
          currency: amount.currency,
          remittanceText: text,
          structuredReference: structured,
          debtorName: partyName(related?.Dbtr),
          debtorIban: str(at(related, 'DbtrAcct', 'Id', 'IBAN')),
          bookingDate,
          valueDate,
          entryReference,
          statementId,
          accountIban,
          endToEndId: str(at(tx, 'Refs', 'EndToEndId')),
        });
      });
    });
  }
  return { type, version, messageId, credits, debits, returns, skipped };
}
