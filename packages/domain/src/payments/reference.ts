/**
 * Structured creditor references per ISO 11649 (`RF` + two check digits + up to 21 letters or
 * digits; check digits by ISO 7064 mod 97-10 as in the IBAN), the unique payment reference of a
 * bank-transfer order, and finding one again in a bank credit's remittance text.
 */

const bodyPattern = /^[A-Z0-9]{1,21}$/;

/** The number ISO 7064 mod 97 reads for letters and digits (A = 10 … Z = 35), modulo 97. */
function mod97(s: string): number {
  let rest = 0;
  for (const ch of s) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 ? String(code - 55) : ch;
    for (const digit of value) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest;
}

/** The ISO 11649 reference of a body (`539007547034` -> `RF18539007547034`). */
export function creditorReference(body: string): string {
  const b = body.toUpperCase();
  if (!bodyPattern.test(b)) throw new RangeError('a creditor reference body is 1 to 21 letters or digits');
  const check = 98 - mod97(`${b}RF00`);
  return `RF${String(check).padStart(2, '0')}${b}`;
}

/** Whether a reference (spaces and case ignored) is a valid ISO 11649 creditor reference. */
export function isValidCreditorReference(reference: string): boolean {
  const r = reference.replace(/\s/g, '').toUpperCase();
  if (!/^RF\d{2}[A-Z0-9]{1,21}$/.test(r)) return false;
  return mod97(`${r.slice(4)}${r.slice(0, 4)}`) === 1;
}

/** The reference in print: groups of four (`RF18 5390 0754 7034`), as the EPC and banks show it. */
export function formatCreditorReference(reference: string): string {
  return reference
    .replace(/\s/g, '')
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, '$1 ');
}

/** A payment reference prefix: 1 to 8 letters or digits, starting with a letter (`TW`, `BOND24`). */
export const referencePrefixPattern = /^[A-Z][A-Z0-9]{0,7}$/;

/**
 * The unique payment reference of an order: the creditor reference of the product's reference prefix
 * followed by the order number's letters and digits (`TW` + `000123` -> `RF63TW000123`).
 */
export function orderPaymentReference(prefix: string, orderNumber: string): string {
  const p = prefix.toUpperCase();
  if (!referencePrefixPattern.test(p)) throw new RangeError('the reference prefix is 1-8 letters or digits');
  const n = orderNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (!n) throw new RangeError('the order number has no letters or digits');
  return creditorReference(`${p}${n}`);
}

export type FoundReference = {
  /** The ISO 11649 reference in its electronic form (`RF18539007547034`). */
  reference: string;
  /** How it was written: as an RF reference, or as the platform's prefix and order number without RF. */
  form: 'rf' | 'platform';
};

/**
 * Every payment reference a bank credit's remittance text may carry, most likely first. Banks and
 * payers shorten lines, split the reference over lines, add spaces or hyphens and change case, so the
 * text is cut into runs of letters and digits and neighbouring runs are joined: each join that is a
 * valid RF reference is a candidate (longest first, as the printed groups of four belong together).
 * Then the platform's own form (`prefix` + order number, with or without a separator, e.g.
 * `TW-000123`) is recognised for the prefixes given and turned into its RF reference. A mod-97 check
 * lets about one wrong join in 97 pass, so matching compares every candidate with the open orders.
 */
export function findPaymentReferences(
  text: string | null | undefined,
  opts: { prefixes?: readonly string[] } = {},
): FoundReference[] {
  if (!text) return [];
  const upper = text.toUpperCase();
  // Runs of letters and digits, each with whether it is glued to the previous one by only spaces,
  // line breaks or hyphens (how references are grouped and wrapped); other signs end a reference.
  const runs: string[] = [];
  const joinable: boolean[] = [];
  for (const m of upper.matchAll(/([^A-Z0-9]*)([A-Z0-9]+)/g)) {
    joinable.push(runs.length > 0 && /^[\s-]*$/.test(m[1] ?? ''));
    runs.push(m[2] ?? '');
  }
  const found: FoundReference[] = [];
  const add = (f: FoundReference) => {
    if (!found.some((x) => x.reference === f.reference)) found.push(f);
  };
  for (let i = 0; i < runs.length; i++) {
    const run = runs[i] ?? '';
    // An RF reference may start inside a run ("REF:RF18…" is the runs REF and RF18…, "ZAHLUNGRF18…" one).
    for (let at = run.indexOf('RF'); at >= 0; at = run.indexOf('RF', at + 1)) {
      const valid: string[] = [];
      let joined = run.slice(at);
      for (let j = i + 1; joined.length <= 25; j++) {
        if (isValidCreditorReference(joined)) valid.push(joined);
        if (j >= runs.length || !joinable[j]) break;
        joined += runs[j];
      }
      for (const reference of valid.reverse()) add({ reference, form: 'rf' });
    }
  }
  for (const raw of opts.prefixes ?? []) {
    const prefix = raw.toUpperCase();
    if (!referencePrefixPattern.test(prefix)) continue;
    const re = new RegExp(`(?:^|[^A-Z0-9])${prefix}[\\s/_.-]?([0-9]{1,20})(?![0-9])`, 'g');
    for (const m of ` ${upper}`.matchAll(re)) {
      if (m[1] && prefix.length + m[1].length <= 21) {
        add({ reference: creditorReference(`${prefix}${m[1]}`), form: 'platform' });
      }
    }
  }
  return found;
}

/** The most likely payment reference in a remittance text (see `findPaymentReferences`), or null. */
export function findPaymentReference(
  text: string | null | undefined,
  opts: { prefixes?: readonly string[] } = {},
): FoundReference | null {
  return findPaymentReferences(text, opts)[0] ?? null;
}
