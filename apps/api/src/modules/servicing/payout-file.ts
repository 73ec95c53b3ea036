import { isSepaText, toSepaTextMax } from '@token/domain/servicing';
import { XMLParser } from 'fast-xml-parser';
import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import { Document } from 'sepa';

/*
 * The SEPA credit transfer file of a coupon run (issue 17): ISO 20022 pain.001.001.09 as the EPC SCT
 * rulebook and its customer-to-bank implementation guidelines (EPC132-08) ask, built by the
 * maintained generator `sepa` (kewisch/sepa.js) and always checked by parsing it back
 * (`checkPayoutFile`) before anyone gets it.
 *
 * - One PmtInf per run, one CdtTrfTxInf per pending payout; creditor IBAN-only (no BIC: allowed for
 *   SEPA since 2016, and a holder's wrong BIC cannot make the bank reject the file).
 * - EndToEndId = InstrId = `CPN-R{runId}-P{payoutId}`: stable, so a second download carries the same
 *   ids and the bank's camt.054 finds the payout again. MsgId and PmtInfId carry the creation time:
 *   a bank refuses a MsgId it has seen.
 * - `sepa` formats dates with the machine's LOCAL calendar (getFullYear, getHours): the execution day
 *   is built as a local midnight of that day and the creation time from Berlin's wall clock, so the
 *   file reads the same in any TZ.
 * - Amounts: the generator takes euros as numbers; cents / 100 is exact to two places, and the check
 *   recomputes every sum from the file's text in integer cents.
 */

export const painNamespace = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09';

/** EPC: names 70 characters, ids 35, unstructured remittance 140 (one occurrence). */
export const sepaLimits = { name: 70, id: 35, remittance: 140 } as const;

export type PayoutFileTransaction = {
  payoutId: number;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
};

export type PayoutFileInput = {
  runId: number;
  /** YYYY-MM-DD: the run's payment date, the requested execution date. */
  paymentDate: string;
  remittanceText: string;
  debtor: { name: string; iban: string; bic: string | null };
  transactions: readonly PayoutFileTransaction[];
  /** When the file is made (MsgId, CreDtTm). */
  now: Date;
};

/** The stable end-to-end id of a payout (≤ 35 characters of the SEPA set). */
export function payoutEndToEndId(runId: number, payoutId: number): string {
  return `CPN-R${runId}-P${payoutId}`;
}

/** Reads `CPN-R{runId}-P{payoutId}` back; null for any other id. */
export function parsePayoutEndToEndId(id: string): { runId: number; payoutId: number } | null {
  const m = /^CPN-R(\d{1,10})-P(\d{1,10})$/.exec(id);
  if (!m) return null;
  const runId = Number(m[1]);
  const payoutId = Number(m[2]);
  return runId <= 2_147_483_647 && payoutId <= 2_147_483_647 ? { runId, payoutId } : null;
}

/** Berlin's wall clock as Y, M, D, h, m, s. */
function berlinParts(at: Date): number[] {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return [get('year'), get('month'), get('day'), get('hour'), get('minute'), get('second')];
}

/** A name or text as the file holds it: SEPA characters only, at most `max`. */
export function sepaName(text: string | null | undefined, max: number = sepaLimits.name): string {
  return toSepaTextMax(text ?? '', max);
}

/** Whether an IBAN can receive a SEPA credit transfer (valid, of a SEPA country). */
export function isSepaIban(iban: string | null | undefined): boolean {
  const e = electronicFormatIBAN(iban ?? '') ?? '';
  return isValidIBAN(e) && isSEPACountry(e.slice(0, 2));
}

/**
 * Builds the pain.001.001.09 file of a run's pending payouts and checks it (`checkPayoutFile`).
 * Callers pass SEPA IBANs and non-empty SEPA names (`isSepaIban`, `sepaName`); a file that still
 * fails the check is a bug and throws (never served).
 */
export function buildPayoutFile(input: PayoutFileInput): string {
  if (input.transactions.length === 0) throw new Error('a payout file needs at least one transaction');
  const [y, mo, d, h, mi, s] = berlinParts(input.now) as [number, number, number, number, number, number];
  const stamp = `${y}${String(mo).padStart(2, '0')}${String(d).padStart(2, '0')}${String(h).padStart(2, '0')}${String(mi).padStart(2, '0')}${String(s).padStart(2, '0')}`;
  const messageId = `CPN-R${input.runId}-${stamp}`;
  const [ey, em, ed] = input.paymentDate.split('-').map(Number) as [number, number, number];

  const doc = new Document('pain.001.001.09');
  doc.grpHdr.id = messageId;
  doc.grpHdr.created = new Date(y, mo - 1, d, h, mi, s);
  doc.grpHdr.initiatorName = sepaName(input.debtor.name);

  const info = doc.createPaymentInfo();
  info.method = 'TRF';
  info.requestedExecutionDate = new Date(ey, em - 1, ed);
  info.debtorName = sepaName(input.debtor.name);
  const debtorIban = electronicFormatIBAN(input.debtor.iban) ?? input.debtor.iban;
  info.debtorIBAN = debtorIban;
  const bic = input.debtor.bic?.replace(/\s+/g, '').toUpperCase() ?? '';
  // The generator refuses a BIC of another country than the IBAN's; then NOTPROVIDED (IBAN-only).
  info.debtorBIC = isValidBIC(bic) && bic.slice(4, 6) === debtorIban.slice(0, 2) ? bic : '';
  doc.addPaymentInfo(info);
  info.id = messageId; // the generator prefixed it with the MsgId; ids stay within 35 characters

  const remittance = sepaName(input.remittanceText, sepaLimits.remittance);
  for (const p of input.transactions) {
    const tx = info.createTransaction();
    tx.end2endId = payoutEndToEndId(input.runId, p.payoutId);
    tx.amount = p.amountCents / 100;
    tx.currency = 'EUR';
    tx.creditorName = sepaName(p.creditorName);
    tx.creditorIBAN = electronicFormatIBAN(p.creditorIban) ?? p.creditorIban;
    tx.creditorBIC = '';
    tx.remittanceInfo = remittance;
    info.addTransaction(tx);
    tx.id = tx.end2endId;
  }
  const xml = doc.toString();
  const check = checkPayoutFile(xml);
  if (!check.ok) {
    throw new Error(
      `payout file of run ${input.runId} fails its check: ${check.faults.map((f) => `${f.path}: ${f.code}`).join('; ')}`,
    );
  }
  return xml;
}

// ---------------------------------------------------------------------------------------------------
// The check: the file parsed back against the EPC SCT implementation guidelines (EPC132-08).

export const payoutFileFaultCodes = [
  'not_xml',
  'namespace',
  'missing',
  'value',
  'amount',
  'currency',
  'control_sum',
  'count',
  'duplicate_end_to_end_id',
  'charset',
  'length',
  'iban',
] as const;
export type PayoutFileFaultCode = (typeof payoutFileFaultCodes)[number];
export type PayoutFileFault = { code: PayoutFileFaultCode; path: string; detail: string };

/** A credit transfer as the checked file holds it. */
export type CheckedTransfer = {
  endToEndId: string;
  amountCents: number;
  creditorName: string;
  creditorIban: string;
  remittanceText: string | null;
};

export type PayoutFileCheck =
  | {
      ok: true;
      messageId: string;
      paymentInfos: {
        paymentInfoId: string;
        requestedExecutionDate: string;
        debtorName: string;
        debtorIban: string;
        transfers: CheckedTransfer[];
      }[];
      controlSumCents: number;
      transactionCount: number;
    }
  | { ok: false; faults: PayoutFileFault[] };

const arrays = new Set(['PmtInf', 'CdtTrfTxInf', 'Ustrd', 'AdrLine']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  ignoreDeclaration: true,
  isArray: (name) => arrays.has(name),
});

type Node = Record<string, unknown>;
const obj = (v: unknown): Node | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : undefined;
const list = (v: unknown): Node[] =>
  Array.isArray(v) ? v.map(obj).filter((x): x is Node => !!x) : obj(v) ? [v as Node] : [];
function text(v: unknown): string | null {
  if (typeof v === 'string') return v;
  const o = obj(v);
  return o && typeof o['#text'] === 'string' ? o['#text'] : null;
}
function at(node: unknown, path: string): unknown {
  let cur: unknown = node;
  for (const key of path.split('/')) {
    const o = obj(Array.isArray(cur) ? cur[0] : cur);
    if (!o) return undefined;
    cur = o[key];
  }
  return cur;
}

const idPaths = new Set(['MsgId', 'PmtInfId', 'InstrId', 'EndToEndId']);
/** ISO 20022 amounts in the file: digits, at most two decimals (EUR). */
const amountPattern = /^(\d{1,15})(?:\.(\d{1,2}))?$/;
const centsOf = (value: string): bigint | null => {
  const m = amountPattern.exec(value);
  return m ? BigInt(m[1]!) * 100n + BigInt((m[2] ?? '').padEnd(2, '0')) : null;
};

/**
 * Checks a pain.001.001.09 credit transfer file against the EPC rules every bank applies: the
 * namespace, each mandatory element, PmtMtd TRF, SvcLvl SEPA, ChrgBr SLEV, EUR amounts, counts and
 * control sums (integer cents), unique end-to-end ids, valid IBANs, the SEPA character set in every
 * text, and the lengths (names 70, ids 35, remittance 140). Lists every fault it finds.
 */
export function checkPayoutFile(xml: string): PayoutFileCheck {
  const faults: PayoutFileFault[] = [];
  const fault = (code: PayoutFileFaultCode, path: string, detail: string) =>
    faults.push({ code, path, detail });
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    return { ok: false, faults: [{ code: 'not_xml', path: '/', detail: 'DOCTYPE or ENTITY' }] };
  let doc: Node;
  try {
    doc = parser.parse(xml, true) as Node;
  } catch (err) {
    return {
      ok: false,
      faults: [{ code: 'not_xml', path: '/', detail: (err as Error).message.slice(0, 200) }],
    };
  }
  const document = obj(doc.Document);
  if (!document) return { ok: false, faults: [{ code: 'missing', path: 'Document', detail: 'no Document' }] };
  if (document['@xmlns'] !== painNamespace) {
    fault('namespace', 'Document', `namespace ${String(document['@xmlns'])} is not ${painNamespace}`);
  }
  const root = obj(document.CstmrCdtTrfInitn);
  if (!root) {
    fault('missing', 'Document/CstmrCdtTrfInitn', 'missing');
    return { ok: false, faults };
  }

  // Every text of the file in the SEPA set; names, ids and remittance within their lengths.
  const walk = (node: unknown, path: string, name: string) => {
    if (Array.isArray(node)) {
      node.forEach((n, i) => {
        walk(n, `${path}[${i + 1}]`, name);
      });
      return;
    }
    const value = text(node);
    if (value !== null) {
      if (!isSepaText(value))
        fault('charset', path, `"${value.slice(0, 80)}" has characters outside the SEPA set`);
      const max =
        name === 'Nm'
          ? sepaLimits.name
          : idPaths.has(name)
            ? sepaLimits.id
            : name === 'Ustrd'
              ? sepaLimits.remittance
              : null;
      if (max !== null && value.length > max)
        fault('length', path, `${value.length} characters (at most ${max})`);
      if (max !== null && value.trim().length === 0) fault('missing', path, 'empty');
      if (idPaths.has(name) && (value.startsWith('/') || value.includes('//'))) {
        fault('charset', path, 'an id must not start with "/" nor hold "//"');
      }
    }
    const o = obj(node);
    if (!o) return;
    for (const [key, child] of Object.entries(o)) {
      if (key.startsWith('@') || key === '#text') continue;
      walk(child, `${path}/${key}`, key);
    }
  };
  walk(root, 'CstmrCdtTrfInitn', 'CstmrCdtTrfInitn');

  const required = (node: unknown, path: string, base: string): string | null => {
    const value = text(at(node, path));
    if (value === null || value.trim() === '') {
      fault('missing', `${base}/${path}`, 'mandatory element missing');
      return null;
    }
    return value;
  };
  const expect = (node: unknown, path: string, base: string, wanted: string) => {
    const value = required(node, path, base);
    if (value !== null && value !== wanted)
      fault('value', `${base}/${path}`, `"${value}", expected "${wanted}"`);
  };
  const checkIban = (node: unknown, path: string, base: string): string => {
    const value = required(node, path, base) ?? '';
    if (value && !isSepaIban(value)) fault('iban', `${base}/${path}`, `${value} is no valid SEPA IBAN`);
    return value;
  };
  const amount = (value: string | null, path: string): bigint | null => {
    if (value === null) return null;
    const cents = centsOf(value);
    if (cents === null) fault('amount', path, `"${value}" is no amount with at most two decimals`);
    return cents;
  };

  const g = 'CstmrCdtTrfInitn/GrpHdr';
  const header = root.GrpHdr;
  const messageId = required(header, 'MsgId', g) ?? '';
  const created = required(header, 'CreDtTm', g);
  if (created !== null && !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/.test(created)) {
    fault('value', `${g}/CreDtTm`, `"${created}" is no ISO date-time`);
  }
  const groupCount = required(header, 'NbOfTxs', g);
  const groupSum = amount(required(header, 'CtrlSum', g), `${g}/CtrlSum`);
  required(header, 'InitgPty/Nm', g);

  const infos = list(root.PmtInf);
  if (infos.length === 0) fault('missing', 'CstmrCdtTrfInitn/PmtInf', 'no PmtInf');
  const seen = new Set<string>();
  let total = 0n;
  let count = 0;
  const paymentInfos: Extract<PayoutFileCheck, { ok: true }>['paymentInfos'] = [];
  infos.forEach((info, i) => {
    const p = `CstmrCdtTrfInitn/PmtInf[${i + 1}]`;
    const paymentInfoId = required(info, 'PmtInfId', p) ?? '';
    expect(info, 'PmtMtd', p, 'TRF');
    const infoCount = required(info, 'NbOfTxs', p);
    const infoSum = amount(required(info, 'CtrlSum', p), `${p}/CtrlSum`);
    expect(info, 'PmtTpInf/SvcLvl/Cd', p, 'SEPA');
    const date = required(info, 'ReqdExctnDt/Dt', p);
    if (date !== null && !/^\d{4}-\d{2}-\d{2}$/.test(date))
      fault('value', `${p}/ReqdExctnDt/Dt`, `"${date}" is no date`);
    const debtorName = required(info, 'Dbtr/Nm', p) ?? '';
    const debtorIban = checkIban(info, 'DbtrAcct/Id/IBAN', p);
    const agentBic = text(at(info, 'DbtrAgt/FinInstnId/BICFI'));
    const agentOther = text(at(info, 'DbtrAgt/FinInstnId/Othr/Id'));
    if (agentBic === null && agentOther !== 'NOTPROVIDED') {
      fault('missing', `${p}/DbtrAgt/FinInstnId`, 'BICFI or Othr/Id NOTPROVIDED');
    }
    if (agentBic !== null && !isValidBIC(agentBic))
      fault('value', `${p}/DbtrAgt/FinInstnId/BICFI`, `${agentBic} is no BIC`);
    expect(info, 'ChrgBr', p, 'SLEV');
    const txs = list(info.CdtTrfTxInf);
    if (txs.length === 0) fault('missing', `${p}/CdtTrfTxInf`, 'no transaction');
    let sum = 0n;
    const transfers: CheckedTransfer[] = [];
    txs.forEach((tx, j) => {
      const t = `${p}/CdtTrfTxInf[${j + 1}]`;
      const endToEndId = required(tx, 'PmtId/EndToEndId', t) ?? '';
      if (endToEndId) {
        if (seen.has(endToEndId))
          fault('duplicate_end_to_end_id', `${t}/PmtId/EndToEndId`, `${endToEndId} twice`);
        seen.add(endToEndId);
      }
      const instructed = at(tx, 'Amt/InstdAmt');
      const cents = amount(required(tx, 'Amt/InstdAmt', t), `${t}/Amt/InstdAmt`);
      const currency = obj(instructed)?.['@Ccy'];
      if (currency !== 'EUR')
        fault('currency', `${t}/Amt/InstdAmt`, `currency ${String(currency)}, SEPA pays EUR`);
      if (cents !== null && (cents < 1n || cents > 99_999_999_999n)) {
        fault('amount', `${t}/Amt/InstdAmt`, 'EPC: 0.01 to 999999999.99');
      }
      const creditorName = required(tx, 'Cdtr/Nm', t) ?? '';
      const creditorIban = checkIban(tx, 'CdtrAcct/Id/IBAN', t);
      const ustrd = obj(tx.RmtInf)?.Ustrd;
      const ustrdValues = Array.isArray(ustrd) ? ustrd : [];
      if (ustrdValues.length > 1) fault('value', `${t}/RmtInf/Ustrd`, 'EPC: one Ustrd at most');
      sum += cents ?? 0n;
      transfers.push({
        endToEndId,
        amountCents: Number(cents ?? 0n),
        creditorName,
        creditorIban,
        remittanceText: text(ustrdValues[0]),
      });
    });
    if (infoCount !== null && infoCount !== String(txs.length)) {
      fault('count', `${p}/NbOfTxs`, `${infoCount}, the block holds ${txs.length}`);
    }
    if (infoSum !== null && infoSum !== sum)
      fault('control_sum', `${p}/CtrlSum`, `${infoSum} cents, the amounts sum to ${sum}`);
    total += sum;
    count += txs.length;
    paymentInfos.push({
      paymentInfoId,
      requestedExecutionDate: date ?? '',
      debtorName,
      debtorIban,
      transfers,
    });
  });
  if (groupCount !== null && groupCount !== String(count)) {
    fault('count', `${g}/NbOfTxs`, `${groupCount}, the file holds ${count}`);
  }
  if (groupSum !== null && groupSum !== total)
    fault('control_sum', `${g}/CtrlSum`, `${groupSum} cents, the amounts sum to ${total}`);
  if (faults.length > 0) return { ok: false, faults };
  return { ok: true, messageId, paymentInfos, controlSumCents: Number(total), transactionCount: count };
}
