import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendEntry,
  balancesOf,
  canonicalEncoding,
  checkJournal,
  createJournalChecker,
  entryHash,
  genesisHash,
  type RegisterEntry,
  type RegisterEntryDraft,
  registerEntrySchema,
  reversalDraftOf,
  sha256Hex,
} from './index.ts';

const nodeSha256 = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const bondId = 'BOND-1';
const supply = 1000;
const opts = { bondId, totalSupply: supply, sha256: nodeSha256 };

let clock = Date.UTC(2026, 0, 5, 9);
const at = () => {
  clock += 1000;
  return new Date(clock).toISOString();
};

const mint = (to: string, amount: number, orderId = '1'): RegisterEntryDraft => ({
  bondId,
  kind: 'mint',
  fromHolder: null,
  toHolder: to,
  amount,
  cause: { type: 'order', orderId },
  recordedAt: at(),
});
const transfer = (from: string, to: string, amount: number): RegisterEntryDraft => ({
  bondId,
  kind: 'transfer',
  fromHolder: from,
  toHolder: to,
  amount,
  cause: { type: 'transfer_request', transferId: 't1' },
  recordedAt: at(),
});
const burn = (from: string, amount: number): RegisterEntryDraft => ({
  bondId,
  kind: 'burn',
  fromHolder: from,
  toHolder: null,
  amount,
  cause: { type: 'redemption', reference: 'maturity-2031' },
  recordedAt: at(),
});

/** A journal built entry by entry (no checks: the checker judges it). */
function journal(...drafts: RegisterEntryDraft[]): RegisterEntry[] {
  const entries: RegisterEntry[] = [];
  for (const d of drafts) entries.push(appendEntry(entries.at(-1) ?? null, d, nodeSha256));
  return entries;
}

/** Appends a reversal of entry `sequence` to the journal. */
function reverse(entries: RegisterEntry[], sequence: number, reason = 'booked twice') {
  const draft = reversalDraftOf(entries[sequence - 1]!, { reason, recordedAt: at() });
  entries.push(appendEntry(entries.at(-1)!, draft, nodeSha256));
  return entries;
}

/** Replaces an entry's fields and re-hashes it, as a forger who knows the encoding would. */
function rehashed(entry: RegisterEntry, change: Partial<RegisterEntry>): RegisterEntry {
  const { hash: _, ...rest } = { ...entry, ...change };
  return { ...rest, hash: entryHash(rest, nodeSha256) };
}

describe('journal entries', () => {
  it('chains from 64 zeros, numbers from 1 and hashes the canonical encoding', () => {
    const [first, second] = journal(mint('7', 100), transfer('7', '9', 40));
    expect(first!.sequence).toBe(1);
    expect(first!.previousHash).toBe(genesisHash);
    expect(first!.previousHash).toBe('0'.repeat(64));
    expect(second!.sequence).toBe(2);
    expect(second!.previousHash).toBe(first!.hash);
    expect(first!.hash).toBe(nodeSha256(canonicalEncoding(first!)));
  });

  it('encodes in the documented fixed order without whitespace', () => {
    const entry = {
      bondId: 'B1',
      sequence: 3,
      kind: 'reversal' as const,
      fromHolder: '9',
      toHolder: null,
      amount: 5,
      cause: { type: 'correction' as const, reason: 'Doppelt gebucht "Ä" 🙂', reverses: 2 },
      recordedAt: '2026-01-05T09:00:00.000Z',
      previousHash: 'a'.repeat(64),
    };
    expect(canonicalEncoding(entry)).toBe(
      `["register-entry/v1","B1",3,"reversal","9",null,5,["correction","Doppelt gebucht \\"Ä\\" 🙂",2],` +
        `"2026-01-05T09:00:00.000Z","${'a'.repeat(64)}"]`,
    );
    // Field order in the object does not matter; the encoding fixes it.
    const reordered = Object.fromEntries(Object.entries(entry).reverse()) as typeof entry;
    expect(canonicalEncoding(reordered)).toBe(canonicalEncoding(entry));
  });

  it('keeps distinct strings distinct, lone surrogates and control characters included', () => {
    const base = mint('7', 1);
    const encode = (orderId: string) =>
      canonicalEncoding({
        ...base,
        cause: { type: 'order', orderId },
        sequence: 1,
        previousHash: genesisHash,
      });
    expect(encode('\ud800')).not.toBe(encode('\ufffd'));
    expect(encode('a\u0000')).toContain('\\u0000');
    expect(encode('a","b')).not.toBe(encode('a'));
    expect(JSON.parse(encode('\ud83d\ude42x'))[7]).toEqual(['order', '\ud83d\ude42x']);
  });

  it('hashes the same with @noble/hashes as with node:crypto, Unicode included', () => {
    for (const s of ['', 'abc', 'Größe 🙂 ß', canonicalEncoding(journal(mint('7', 1))[0]!)]) {
      expect(sha256Hex(s)).toBe(nodeSha256(s));
    }
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('validates the entry shape with the zod schema', () => {
    const [entry] = journal(mint('7', 100));
    expect(registerEntrySchema.parse(entry)).toEqual(entry);
    const bad = (change: Record<string, unknown>) =>
      registerEntrySchema.safeParse({ ...entry, ...change }).success;
    expect(bad({ fromHolder: '8' })).toBe(false); // a mint comes from nobody
    expect(bad({ amount: 0 })).toBe(false);
    expect(bad({ amount: 1.5 })).toBe(false);
    expect(bad({ recordedAt: '2026-01-05T09:00:00Z' })).toBe(false);
    expect(bad({ kind: 'reversal' })).toBe(false); // a reversal needs a correction cause
    expect(bad({ hash: 'A'.repeat(64) })).toBe(false);
    expect(bad({ extra: 1 })).toBe(false);
  });

  it('refuses to append an entry of another bond and to reverse a reversal', () => {
    const [entry] = journal(mint('7', 1));
    expect(() => appendEntry(entry!, { ...mint('7', 1), bondId: 'OTHER' }, nodeSha256)).toThrow(RangeError);
    const entries = reverse(journal(mint('7', 1)), 1);
    expect(() => reversalDraftOf(entries[1]!, { reason: 'x', recordedAt: at() })).toThrow(RangeError);
  });
});

describe('journal check', () => {
  it('sums a good journal: balances, minted, burned, holders, last hash', () => {
    const entries = journal(mint('7', 600), mint('8', 300), transfer('7', '9', 100), burn('8', 50));
    const result = checkJournal(entries, opts);
    expect(result).toEqual({
      ok: true,
      balances: new Map([
        ['7', 500],
        ['8', 250],
        ['9', 100],
      ]),
      minted: 900,
      burned: 50,
      holders: 3,
      lastSequence: 4,
      lastHash: entries[3]!.hash,
    });
    expect(balancesOf(entries)).toEqual(result.ok && result.balances);
  });

  it('answers an empty journal with the genesis hash', () => {
    expect(checkJournal([], opts)).toEqual({
      ok: true,
      balances: new Map(),
      minted: 0,
      burned: 0,
      holders: 0,
      lastSequence: 0,
      lastHash: genesisHash,
    });
  });

  it('reverses a mint (supply shrinks), a transfer (back to the sender) and a burn (back to the holder)', () => {
    const entries = journal(mint('7', 600), transfer('7', '9', 100), burn('7', 50));
    reverse(entries, 1 + 2); // the burn
    reverse(entries, 2); // the transfer
    let result = checkJournal(entries, opts);
    expect(result).toMatchObject({ ok: true, minted: 600, burned: 0, balances: new Map([['7', 600]]) });
    reverse(entries, 1); // the mint
    result = checkJournal(entries, opts);
    expect(result).toMatchObject({ ok: true, minted: 0, burned: 0, holders: 0, balances: new Map() });
    // The supply freed by a reversed mint may be minted again.
    entries.push(appendEntry(entries.at(-1)!, mint('8', supply), nodeSha256));
    expect(checkJournal(entries, opts)).toMatchObject({ ok: true, minted: supply });
  });

  const faults: [string, () => RegisterEntry[], number, string][] = [
    [
      'an altered amount',
      () => {
        const e = journal(mint('7', 100), transfer('7', '9', 10), transfer('9', '8', 5));
        e[1] = { ...e[1]!, amount: 1 };
        return e;
      },
      2,
      'hash_mismatch',
    ],
    [
      'an altered holder',
      () => {
        const e = journal(mint('7', 100), transfer('7', '9', 10));
        e[1] = { ...e[1]!, toHolder: '66' };
        return e;
      },
      2,
      'hash_mismatch',
    ],
    [
      'a broken link (re-hashed row)',
      () => {
        const e = journal(mint('7', 100), transfer('7', '9', 10), transfer('9', '8', 5));
        e[2] = rehashed(e[2]!, { previousHash: 'f'.repeat(64) });
        return e;
      },
      3,
      'previous_hash_mismatch',
    ],
    [
      'an entry rewritten and re-hashed (the next link breaks)',
      () => {
        const e = journal(mint('7', 100), transfer('7', '9', 10), transfer('9', '8', 5));
        e[1] = rehashed(e[1]!, { amount: 20 });
        return e;
      },
      3,
      'previous_hash_mismatch',
    ],
    [
      'a removed entry',
      () =>
        journal(mint('7', 100), transfer('7', '9', 10), transfer('9', '8', 5)).filter(
          (x) => x.sequence !== 2,
        ),
      2,
      'sequence_gap',
    ],
    ['a journal not starting at 1', () => journal(mint('7', 1), mint('7', 1)).slice(1), 1, 'sequence_gap'],
    [
      'an entry of another bond',
      () => {
        const e = journal(mint('7', 100), transfer('7', '9', 10));
        e[1] = rehashed(e[1]!, { bondId: 'BOND-2' });
        return e;
      },
      2,
      'bond_mismatch',
    ],
    [
      'a malformed entry',
      () => {
        const e = journal(mint('7', 100), transfer('7', '9', 10));
        e[1] = rehashed(e[1]!, { fromHolder: null });
        return e;
      },
      2,
      'invalid_entry',
    ],
    [
      'an overdraw',
      () => journal(mint('7', 100), transfer('7', '9', 60), transfer('7', '9', 41)),
      3,
      'negative_balance',
    ],
    ['a burn of tokens not held', () => journal(mint('7', 100), burn('9', 1)), 2, 'negative_balance'],
    [
      'a mint beyond the supply',
      () => journal(mint('7', 600), mint('8', 400), mint('9', 1)),
      3,
      'supply_exceeded',
    ],
    [
      'a mint beyond the supply after burns (burned tokens are not minted again)',
      () => journal(mint('7', 1000), burn('7', 500), mint('8', 1)),
      3,
      'supply_exceeded',
    ],
    [
      'a double reversal',
      () => reverse(reverse(journal(mint('7', 100), mint('8', 5)), 1), 1),
      4,
      'invalid_reversal',
    ],
    [
      'a reversal of a later entry',
      () => {
        const [first] = journal(mint('7', 100));
        const draft = reversalDraftOf(first!, { reason: 'x', recordedAt: at() });
        return journal(mint('7', 100), { ...draft, cause: { type: 'correction', reason: 'x', reverses: 2 } });
      },
      2,
      'invalid_reversal',
    ],
    [
      'a reversal that does not mirror its entry',
      () => {
        const e = journal(mint('7', 100), transfer('7', '9', 10));
        const draft = reversalDraftOf(e[1]!, { reason: 'x', recordedAt: at() });
        return journal(...e.map(toDraft), { ...draft, amount: 9 });
      },
      3,
      'invalid_reversal',
    ],
    [
      'a reversal whose holder has passed the tokens on',
      () => reverse(journal(mint('7', 100), transfer('7', '9', 10), transfer('9', '8', 10)), 2),
      4,
      'negative_balance',
    ],
  ];

  it.each(faults)('names %s: the first bad entry', (_, build, sequence, fault) => {
    const result = checkJournal(build(), opts);
    expect(result).toMatchObject({ ok: false, sequence, fault });
  });

  it('refuses a reversal of a reversal', () => {
    const entries = reverse(journal(mint('7', 100)), 1);
    const back: RegisterEntryDraft = {
      ...reversalDraftOf({ ...entries[1]!, kind: 'mint' }, { reason: 'undo the undo', recordedAt: at() }),
    };
    entries.push(appendEntry(entries.at(-1)!, back, nodeSha256));
    expect(checkJournal(entries, opts)).toMatchObject({ ok: false, sequence: 3, fault: 'invalid_reversal' });
  });

  it('keeps answering the first fault after it', () => {
    const entries = journal(mint('7', 100), transfer('7', '9', 101), transfer('7', '9', 1));
    const checker = createJournalChecker(opts);
    expect(checker.push(entries[0]!)).toEqual({ ok: true });
    const fault = checker.push(entries[1]!);
    expect(fault).toMatchObject({ ok: false, sequence: 2, fault: 'negative_balance' });
    expect(checker.push(entries[2]!)).toBe(fault);
    expect(checker.result()).toBe(fault);
  });
});

function toDraft(entry: RegisterEntry): RegisterEntryDraft {
  const { sequence: _s, previousHash: _p, hash: _h, ...draft } = entry;
  return draft;
}

describe('journal check on random journals (property-based)', () => {
  const holders = ['1', '2', '3', '4', '5'];
  const opArb = fc.record({
    op: fc.constantFrom('mint', 'transfer', 'burn', 'reversal'),
    a: fc.nat(holders.length - 1),
    b: fc.nat(holders.length - 1),
    amount: fc.integer({ min: 1, max: 400 }),
    pick: fc.nat(1000),
  });
  const propertySupply = 2000;

  /** Plays random operations, keeping only those a correct registrar would record. */
  function validJournal(ops: { op: string; a: number; b: number; amount: number; pick: number }[]) {
    const entries: RegisterEntry[] = [];
    const balance = new Map<string, number>();
    const reversed = new Set<number>();
    let minted = 0;
    const add = (draft: RegisterEntryDraft) => {
      entries.push(appendEntry(entries.at(-1) ?? null, draft, sha256Hex));
      if (draft.fromHolder) balance.set(draft.fromHolder, balance.get(draft.fromHolder)! - draft.amount);
      if (draft.toHolder) balance.set(draft.toHolder, (balance.get(draft.toHolder) ?? 0) + draft.amount);
    };
    for (const { op, a, b, amount, pick } of ops) {
      const from = holders[a]!;
      const held = balance.get(from) ?? 0;
      const recordedAt = new Date(Date.UTC(2026, 0, 1) + entries.length * 60_000).toISOString();
      if (op === 'mint' && minted + amount <= propertySupply) {
        minted += amount;
        add({
          bondId,
          kind: 'mint',
          fromHolder: null,
          toHolder: holders[b]!,
          amount,
          cause: { type: 'order', orderId: String(pick) },
          recordedAt,
        });
      } else if (op === 'transfer' && a !== b && held > 0) {
        add({
          bondId,
          kind: 'transfer',
          fromHolder: from,
          toHolder: holders[b]!,
          amount: 1 + (amount % held),
          cause: { type: 'transfer_request', transferId: String(pick) },
          recordedAt,
        });
      } else if (op === 'burn' && held > 0) {
        add({
          bondId,
          kind: 'burn',
          fromHolder: from,
          toHolder: null,
          amount: 1 + (amount % held),
          cause: { type: 'redemption', reference: 'r' },
          recordedAt,
        });
      } else if (op === 'reversal' && entries.length > 0) {
        const target = entries[pick % entries.length]!;
        const back =
          target.toHolder === null ? Number.POSITIVE_INFINITY : (balance.get(target.toHolder) ?? 0);
        if (target.kind !== 'reversal' && !reversed.has(target.sequence) && back >= target.amount) {
          reversed.add(target.sequence);
          if (target.kind === 'mint') minted -= target.amount;
          add(reversalDraftOf(target, { reason: `Korrektur ${pick} 🙂`, recordedAt }));
        }
      }
    }
    return entries;
  }

  const journalArb = fc.array(opArb, { minLength: 1, maxLength: 80, size: 'max' }).map(validJournal);
  const checkOpts = { bondId, totalSupply: propertySupply, sha256: sha256Hex };

  it('a valid journal checks out: nobody below zero, holdings = minted − burned ≤ supply', () => {
    fc.assert(
      fc.property(journalArb, (entries) => {
        const result = checkJournal(entries, checkOpts);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        const held = [...result.balances.values()];
        expect(held.every((n) => n > 0)).toBe(true);
        const sum = held.reduce((s, n) => s + n, 0);
        expect(sum).toBe(result.minted - result.burned);
        expect(result.minted).toBeLessThanOrEqual(propertySupply);
        expect(result.balances).toEqual(balancesOf(entries));
        expect(result.lastSequence).toBe(entries.length);
      }),
      { numRuns: 200 },
    );
  });

  const mutations: ((e: RegisterEntry) => RegisterEntry)[] = [
    (e) => ({ ...e, amount: e.amount + 1 }),
    (e) => ({ ...e, fromHolder: e.fromHolder === null ? null : `${e.fromHolder}x` }),
    (e) => ({ ...e, toHolder: e.toHolder === null ? null : `${e.toHolder}x`, fromHolder: e.fromHolder }),
    (e) => ({ ...e, recordedAt: new Date(Date.parse(e.recordedAt) + 1).toISOString() }),
    (e) => ({ ...e, bondId: 'BOND-X' }),
    (e) => ({ ...e, sequence: e.sequence + 1 }),
    (e) => ({ ...e, previousHash: e.previousHash === genesisHash ? 'e'.repeat(64) : genesisHash }),
    (e) => ({ ...e, hash: e.hash.replace(/^./, (c) => (c === '0' ? '1' : '0')) }),
    (e) => ({ ...e, kind: e.kind === 'transfer' ? 'burn' : 'transfer' }),
    (e) => ({
      ...e,
      cause:
        e.cause.type === 'order'
          ? { ...e.cause, orderId: `${e.cause.orderId}0` }
          : e.cause.type === 'correction'
            ? { ...e.cause, reason: `${e.cause.reason}.` }
            : { type: 'order', orderId: '1' },
    }),
    (e) => ({ ...e, amount: -e.amount }),
  ];

  it('names the sequence of any one altered entry', () => {
    fc.assert(
      fc.property(
        journalArb.filter((e) => e.length > 0),
        fc.nat(),
        fc.nat(mutations.length - 1),
        (entries, pick, m) => {
          const index = pick % entries.length;
          const original = entries[index]!;
          const altered = mutations[m]!(original);
          fc.pre(JSON.stringify(altered) !== JSON.stringify(original));
          const copy = entries.slice();
          copy[index] = altered;
          const result = checkJournal(copy, checkOpts);
          expect(result.ok).toBe(false);
          expect(result.ok === false && result.sequence).toBe(index + 1);
        },
      ),
      { numRuns: 300 },
    );
  });
});
