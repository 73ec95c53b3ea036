import {
  canonicalEncoding,
  entryShapeFault,
  genesisHash,
  type RegisterEntry,
  recordedAtPattern,
  type Sha256Hex,
} from './journal.ts';

/*
 * The journal check (convention 8, issue 16): the chain is intact, no holder goes below zero, the
 * holdings sum to minted − burned and never more is minted than the bond's total supply, and every
 * reversal undoes one earlier entry once. It streams: one entry at a time, a few numbers kept per
 * entry in typed arrays, so a journal of a million entries is checked without holding its rows.
 */

/** What can be wrong with an entry, in the order the checker asks (the first that applies is named). */
export const journalFaults = [
  'invalid_entry',
  'bond_mismatch',
  'sequence_gap',
  'previous_hash_mismatch',
  'hash_mismatch',
  'invalid_reversal',
  'negative_balance',
  'supply_exceeded',
] as const;
export type JournalFault = (typeof journalFaults)[number];

/** The first bad entry: `sequence` is its position in the journal (1-based), what its sequence should be. */
export type JournalFailure = { ok: false; sequence: number; fault: JournalFault; detail: string };

/** A journal that checks out, and what it holds. */
export type JournalSummary = {
  ok: true;
  /** Holder id -> tokens held, holders at zero left out. */
  balances: Map<string, number>;
  /** Tokens minted, less mints reversed. */
  minted: number;
  /** Tokens burned, less burns reversed. `minted - burned` is the sum of `balances`. */
  burned: number;
  /** Holders with tokens. */
  holders: number;
  /** 0 for an empty journal. */
  lastSequence: number;
  /** The last entry's hash, `genesisHash` for an empty journal: the next entry's `previousHash`. */
  lastHash: string;
};

export type JournalCheckResult = JournalSummary | JournalFailure;

export type JournalCheckerOptions = {
  /** The bond whose journal this is; an entry of another bond is `bond_mismatch`. */
  bondId: string;
  /** The bond's total supply (issue volume in tokens): more may never be minted. */
  totalSupply: number;
  /** SHA-256 over UTF-8 to hex; the API passes node:crypto, the web `sha256Hex`. */
  sha256: Sha256Hex;
};

/** A streaming journal check: `push` each entry in order, then read `result()`. */
export type JournalChecker = {
  /** Checks the next entry; after the first fault every push answers that fault again. */
  push(entry: RegisterEntry): { ok: true } | JournalFailure;
  /** The summary so far, or the first fault. */
  result(): JournalCheckResult;
};

const okPush = Object.freeze({ ok: true as const });
const kindCodes = { mint: 0, transfer: 1, burn: 2, reversal: 3 } as const; // = kindCodeOf
const REVERSED = 4;
const NOBODY = -1;

function kindCodeOf(kind: unknown): number {
  switch (kind) {
    case 'mint':
      return 0;
    case 'transfer':
      return 1;
    case 'burn':
      return 2;
    case 'reversal':
      return 3;
    default:
      return -1;
  }
}

const isId = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 255;
const isHolder = (v: unknown) => v === null || isId(v);
const isCount = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 1;

/** Whether the value has the entry's shape (fields, types, kind/holder rules); cheaper than the zod schema. */
function isWellFormed(e: RegisterEntry): boolean {
  if (typeof e !== 'object' || e === null) return false;
  if (!isId(e.bondId) || !isCount(e.sequence) || kindCodeOf(e.kind) === -1) return false;
  if (!isHolder(e.fromHolder) || !isHolder(e.toHolder) || !isCount(e.amount)) return false;
  if (typeof e.recordedAt !== 'string' || !recordedAtPattern.test(e.recordedAt)) return false;
  // Hashes are compared with the chain and the computed hash, which a malformed one never equals.
  if (typeof e.previousHash !== 'string' || typeof e.hash !== 'string') return false;
  const c = e.cause;
  if (typeof c !== 'object' || c === null) return false;
  switch (c.type) {
    case 'order':
      if (!isId(c.orderId)) return false;
      break;
    case 'transfer_request':
      if (!isId(c.transferId)) return false;
      break;
    case 'redemption':
      if (!isId(c.reference)) return false;
      break;
    case 'correction':
      if (typeof c.reason !== 'string' || c.reason.length === 0 || !isCount(c.reverses)) return false;
      break;
    default:
      return false;
  }
  return entryShapeFault(e) === null;
}

/** Starts a streaming check of one bond's journal from its first entry. */
export function createJournalChecker(opts: JournalCheckerOptions): JournalChecker {
  const { bondId, totalSupply, sha256 } = opts;
  const holderIndex = new Map<string, number>();
  const holderIds: string[] = [];
  const balances: number[] = [];
  // Per sequence (index = sequence - 1): kind code (| REVERSED once undone), holders, amount.
  let capacity = 1024;
  let kinds = new Uint8Array(capacity);
  let froms = new Int32Array(capacity);
  let tos = new Int32Array(capacity);
  let amounts = new Float64Array(capacity);

  let lastSequence = 0;
  let lastHash = genesisHash;
  let minted = 0;
  let burned = 0;
  let failure: JournalFailure | null = null;

  const indexOf = (holder: string | null): number => {
    if (holder === null) return NOBODY;
    let i = holderIndex.get(holder);
    if (i === undefined) {
      i = holderIds.length;
      holderIndex.set(holder, i);
      holderIds.push(holder);
      balances.push(0);
    }
    return i;
  };

  const grow = () => {
    capacity *= 2;
    const k = new Uint8Array(capacity);
    k.set(kinds);
    kinds = k;
    const f = new Int32Array(capacity);
    f.set(froms);
    froms = f;
    const t = new Int32Array(capacity);
    t.set(tos);
    tos = t;
    const a = new Float64Array(capacity);
    a.set(amounts);
    amounts = a;
  };

  const fail = (sequence: number, fault: JournalFault, detail: string): JournalFailure => {
    failure = { ok: false, sequence, fault, detail };
    return failure;
  };

  const push = (entry: RegisterEntry): { ok: true } | JournalFailure => {
    if (failure) return failure;
    const sequence = lastSequence + 1;
    if (!isWellFormed(entry)) return fail(sequence, 'invalid_entry', 'fields missing or malformed');
    if (entry.bondId !== bondId) return fail(sequence, 'bond_mismatch', `entry of bond ${entry.bondId}`);
    if (entry.sequence !== sequence) {
      return fail(sequence, 'sequence_gap', `sequence ${entry.sequence} where ${sequence} was due`);
    }
    if (entry.previousHash !== lastHash) {
      return fail(sequence, 'previous_hash_mismatch', 'previousHash is not the hash of the entry before');
    }
    if (sha256(canonicalEncoding(entry)) !== entry.hash) {
      return fail(sequence, 'hash_mismatch', 'the entry does not hash to its hash');
    }

    const from = indexOf(entry.fromHolder);
    const to = indexOf(entry.toHolder);
    const { amount } = entry;
    const kind = kindCodes[entry.kind];
    let undoneKind = -1;
    if (entry.cause.type === 'correction') {
      const target = entry.cause.reverses;
      const t = target - 1;
      if (target >= sequence) return fail(sequence, 'invalid_reversal', `reverses ${target}, not earlier`);
      if (kinds[t]! & REVERSED) return fail(sequence, 'invalid_reversal', `entry ${target} already reversed`);
      if (kinds[t] === kindCodes.reversal) {
        return fail(sequence, 'invalid_reversal', `entry ${target} is a reversal`);
      }
      if (froms[t] !== to || tos[t] !== from || amounts[t] !== amount) {
        return fail(sequence, 'invalid_reversal', `does not mirror entry ${target}`);
      }
      undoneKind = kinds[t]!;
    }
    if (from !== NOBODY && balances[from]! < amount) {
      return fail(sequence, 'negative_balance', `holder ${entry.fromHolder} holds ${balances[from]}`);
    }
    if (kind === kindCodes.mint && minted + amount > totalSupply) {
      return fail(sequence, 'supply_exceeded', `${minted + amount} minted of ${totalSupply}`);
    }

    // The entry is good: book it.
    if (from !== NOBODY) balances[from]! -= amount;
    if (to !== NOBODY) balances[to]! += amount;
    if (kind === kindCodes.mint) minted += amount;
    else if (kind === kindCodes.burn) burned += amount;
    else if (undoneKind === kindCodes.mint) minted -= amount;
    else if (undoneKind === kindCodes.burn) burned -= amount;
    if (undoneKind !== -1) kinds[(entry.cause as { reverses: number }).reverses - 1]! |= REVERSED;

    if (sequence > capacity) grow();
    const i = sequence - 1;
    kinds[i] = kind;
    froms[i] = from;
    tos[i] = to;
    amounts[i] = amount;
    lastSequence = sequence;
    lastHash = entry.hash;
    return okPush;
  };

  const result = (): JournalCheckResult => {
    if (failure) return failure;
    const held = new Map<string, number>();
    for (let i = 0; i < holderIds.length; i++) {
      if (balances[i]! > 0) held.set(holderIds[i]!, balances[i]!);
    }
    return { ok: true, balances: held, minted, burned, holders: held.size, lastSequence, lastHash };
  };

  return { push, result };
}

/** Checks a whole journal given as an array (or any iterable) in sequence order. */
export function checkJournal(
  entries: Iterable<RegisterEntry>,
  opts: JournalCheckerOptions,
): JournalCheckResult {
  const checker = createJournalChecker(opts);
  for (const entry of entries) {
    if (!checker.push(entry).ok) break;
  }
  return checker.result();
}
