import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/**
 * The EPC QR code ("GiroCode") payload of a SEPA credit transfer, per EPC069-12 (Quick Response
 * Code: guidelines to enable data capture for the initiation of a SEPA credit transfer, v2.1+).
 * Lines, separated by LF: service tag `BCD`, version `002` (BIC optional) or `001` (BIC required),
 * character set `1` (UTF-8), identification `SCT`, BIC, beneficiary name (≤ 70), IBAN, amount
 * (`EUR` + 0.01…999999999.99), purpose (4 letters), structured creditor reference (≤ 35) XOR
 * unstructured remittance (≤ 140), beneficiary-to-originator information (≤ 70). Trailing empty
 * lines are omitted; the whole payload is at most 331 bytes.
 */

export type EpcQrInput = {
  /** `002` by default (the BIC may be left out inside the EEA); `001` requires the BIC. */
  version?: '001' | '002';
  bic?: string | null;
  name: string;
  iban: string;
  /** Integer cents; null leaves the amount to the payer. */
  amountCents?: number | null;
  /** An ISO 20022 external purpose code of four letters (for example `GDDS`), optional. */
  purpose?: string | null;
  /** A structured creditor reference (ISO 11649 `RF…`); excludes `remittanceText`. */
  reference?: string | null;
  /** Unstructured remittance information; excludes `reference`. */
  remittanceText?: string | null;
  /** A note shown to the payer in the banking app (not transmitted with the transfer). */
  information?: string | null;
};

/** Why an EPC QR payload cannot be built; `field` names the offending input. */
export class EpcQrError extends Error {
  readonly field: keyof EpcQrInput | 'payload';
  constructor(field: keyof EpcQrInput | 'payload', message: string) {
    super(`EPC QR ${field}: ${message}`);
    this.name = 'EpcQrError';
    this.field = field;
  }
}

export const epcMaxPayloadBytes = 331;
export const epcMinAmountCents = 1;
export const epcMaxAmountCents = 99_999_999_999;

/** EPC069-12 amount: `EUR` + euros with a point and at most two decimals (`EUR12.34`, `EUR1`). */
export function formatEpcAmount(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < epcMinAmountCents || cents > epcMaxAmountCents) {
    throw new EpcQrError('amountCents', 'must be whole cents from 0.01 to 999999999.99 EUR');
  }
  const euros = Math.floor(cents / 100);
  const rest = cents % 100;
  // Whole euros without decimals, as the EPC's own example writes them (EUR1).
  return rest === 0 ? `EUR${euros}` : `EUR${euros}.${String(rest).padStart(2, '0')}`;
}

// A line break would start the next field; other control characters break banking apps' parsers.
const hasControl = (s: string) => /\p{Cc}/u.test(s);

function text(field: keyof EpcQrInput, value: string | null | undefined, max: number): string {
  const v = (value ?? '').trim();
  if (hasControl(v)) throw new EpcQrError(field, 'must not contain line breaks or control characters');
  if ([...v].length > max) throw new EpcQrError(field, `must be at most ${max} characters`);
  return v;
}

/** Builds the EPC QR payload, validating every field; throws `EpcQrError` naming the bad field. */
export function buildEpcQrPayload(input: EpcQrInput): string {
  const version = input.version ?? '002';
  const bic = (input.bic ?? '').replace(/\s/g, '').toUpperCase();
  if (bic && !isValidBIC(bic)) throw new EpcQrError('bic', 'is not a valid BIC');
  if (version === '001' && !bic) throw new EpcQrError('bic', 'is required in version 001');
  const name = text('name', input.name, 70);
  if (!name) throw new EpcQrError('name', 'is required');
  const iban = electronicFormatIBAN(input.iban ?? '') ?? '';
  if (!isValidIBAN(iban)) throw new EpcQrError('iban', 'is not a valid IBAN');
  const amount = input.amountCents == null ? '' : formatEpcAmount(input.amountCents);
  const purpose = (input.purpose ?? '').trim().toUpperCase();
  if (purpose && !/^[A-Z]{4}$/.test(purpose)) throw new EpcQrError('purpose', 'must be four letters');
  const reference = (input.reference ?? '').replace(/\s/g, '').toUpperCase();
  const remittance = text('remittanceText', input.remittanceText, 140);
  if (reference && remittance) {
    throw new EpcQrError('reference', 'a structured reference and a remittance text exclude each other');
  }
  if (reference.length > 35) throw new EpcQrError('reference', 'must be at most 35 characters');
  if (reference && !/^[A-Z0-9]+$/.test(reference)) {
    throw new EpcQrError('reference', 'must consist of letters and digits');
  }
  const information = text('information', input.information, 70);
  const lines = [
    'BCD',
    version,
    '1',
    'SCT',
    bic,
    name,
    iban,
    amount,
    purpose,
    reference,
    remittance,
    information,
  ];
  while (lines.at(-1) === '') lines.pop();
  const payload = lines.join('\n');
  const bytes = new TextEncoder().encode(payload).length;
  if (bytes > epcMaxPayloadBytes) {
    throw new EpcQrError('payload', `is ${bytes} bytes, more than ${epcMaxPayloadBytes}`);
  }
  return payload;
}

/** The fields of an EPC QR payload (what a banking app reads); throws `EpcQrError` when it is not one. */
export function parseEpcQrPayload(payload: string): Required<Omit<EpcQrInput, 'amountCents'>> & {
  amountCents: number | null;
} {
  const lines = payload.split(/\r?\n/);
  if (lines[0] !== 'BCD' || (lines[1] !== '001' && lines[1] !== '002') || lines[3] !== 'SCT') {
    throw new EpcQrError('payload', 'is not an EPC QR code of a SEPA credit transfer');
  }
  if (lines[2] !== '1') throw new EpcQrError('payload', 'uses a character set other than UTF-8');
  const amount = lines[7] ?? '';
  const m = /^EUR(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount);
  if (amount && !m) throw new EpcQrError('amountCents', `cannot read ${amount}`);
  return {
    version: lines[1],
    bic: lines[4] ?? '',
    name: lines[5] ?? '',
    iban: lines[6] ?? '',
    amountCents: m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null,
    purpose: lines[8] ?? '',
    reference: lines[9] ?? '',
    remittanceText: lines[10] ?? '',
    information: lines[11] ?? '',
  };
}
