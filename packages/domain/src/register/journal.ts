import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';
import { z } from 'zod';

/*
 * The crypto-securities register (eWpG § 16 ff.) as the platform keeps it: an append-only journal per
 * bond (convention 8, decision 016). A wrong entry is never edited or deleted; a `reversal` undoes it.
 * Every entry carries the SHA-256 of its canonical encoding and the hash of the entry before it, so an
 * altered, removed or inserted row breaks the chain at that row. Balances are derived, never stored.
 */

/** The kinds of register entries: tokens created, moved, destroyed, or an earlier entry undone. */
export const registerEntryKinds = ['mint', 'transfer', 'burn', 'reversal'] as const;
export type RegisterEntryKind = (typeof registerEntryKinds)[number];

/** The `previousHash` of a bond's first entry: 64 zeros. */
export const genesisHash = '0'.repeat(64);

/** The version tag that opens every canonical encoding; a new format gets a new tag. */
export const canonicalEncodingVersion = 'register-entry/v1';

const hexHashSchema = z.string().regex(/^[0-9a-f]{64}$/, 'lower-case hex SHA-256');

/**
 * `recordedAt` is written exactly as `Date.prototype.toISOString()` writes it (UTC, milliseconds, `Z`),
 * so the string survives a round trip through a `timestamptz` column and the hash stays reproducible.
 */
export const recordedAtPattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const idSchema = z.string().min(1).max(255);

/** Why an entry was made: the order it mints, the transfer request, the redemption, or a correction. */
export const registerCauseSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('order'), orderId: idSchema }),
  z.strictObject({ type: z.literal('transfer_request'), transferId: idSchema }),
  z.strictObject({ type: z.literal('redemption'), reference: idSchema }),
  z.strictObject({
    type: z.literal('correction'),
    reason: z.string().min(1).max(2000),
    /** The sequence number of the entry this reversal undoes. */
    reverses: z.number().int().min(1),
  }),
]);
export type RegisterCause = z.infer<typeof registerCauseSchema>;

const entryFields = {
  /** The bond (product) the entry belongs to: its id or code as a string. */
  bondId: idSchema,
  /** 1 for the bond's first entry, then +1 per entry without gaps. */
  sequence: z.number().int().min(1),
  kind: z.enum(registerEntryKinds),
  /** The holder the tokens leave (the customer id as a string); null for a mint. */
  fromHolder: idSchema.nullable(),
  /** The holder the tokens reach; null for a burn. */
  toHolder: idSchema.nullable(),
  /** Whole tokens, positive. */
  amount: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  cause: registerCauseSchema,
  recordedAt: z.string().regex(recordedAtPattern, 'ISO 8601 UTC with milliseconds (toISOString)'),
  previousHash: hexHashSchema,
};

/**
 * One entry of a bond's register journal. The shape rules (which holder is null for which kind, a
 * reversal carries a `correction` cause and nothing else does) are checked here; the rules that need
 * the journal (balances, supply, which entry a reversal undoes) by the journal checker.
 */
export const registerEntrySchema = z
  .strictObject({ ...entryFields, hash: hexHashSchema })
  .superRefine((entry, ctx) => {
    const fault = entryShapeFault(entry);
    if (fault) ctx.addIssue({ code: 'custom', message: fault, input: entry });
  });
export type RegisterEntry = z.infer<typeof registerEntrySchema>;

/** An entry before it is hashed (what `canonicalEncoding` reads). */
export type UnhashedRegisterEntry = Omit<RegisterEntry, 'hash'>;

/** What a caller supplies to append an entry; the journal adds sequence, previous hash and hash. */
export type RegisterEntryDraft = Omit<RegisterEntry, 'hash' | 'sequence' | 'previousHash'>;

/** A SHA-256 function over the UTF-8 bytes of a string, answering lower-case hex (injected for speed). */
export type Sha256Hex = (data: string) => string;

/** SHA-256 in pure JavaScript (@noble/hashes) for the web and tests; the API passes node:crypto instead. */
export const sha256Hex: Sha256Hex = (data) => bytesToHex(sha256(utf8ToBytes(data)));

/**
 * Why an entry's fields do not fit its kind, or null. Mint: from null, to a holder. Burn: from a
 * holder, to null. Transfer: two different holders. Reversal: at least one holder, not the same twice
 * (its direction mirrors the entry it undoes), with a `correction` cause; no other kind has one.
 */
export function entryShapeFault(entry: Pick<RegisterEntry, 'kind' | 'fromHolder' | 'toHolder' | 'cause'>) {
  const { kind, fromHolder: from, toHolder: to, cause } = entry;
  if ((kind === 'reversal') !== (cause.type === 'correction')) {
    return 'a reversal, and only a reversal, has a correction cause';
  }
  if (from !== null && from === to) return 'from and to are the same holder';
  switch (kind) {
    case 'mint':
      return from === null && to !== null ? null : 'a mint goes from nobody to a holder';
    case 'burn':
      return from !== null && to === null ? null : 'a burn goes from a holder to nobody';
    case 'transfer':
      return from !== null && to !== null ? null : 'a transfer goes from one holder to another';
    case 'reversal':
      return from !== null || to !== null ? null : 'a reversal moves tokens of at least one holder';
  }
}

// Characters JSON.stringify writes as themselves; a string of only these is quoted without it (faster).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what JSON must escape
const plainJsonString = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

/** A string as a JSON string literal: escapes quotes, control characters and lone surrogates. */
const quote = (value: string) => (plainJsonString.test(value) ? `"${value}"` : JSON.stringify(value));
const quoteOrNull = (value: string | null) => (value === null ? 'null' : quote(value));

function encodeCause(cause: RegisterCause): string {
  switch (cause.type) {
    case 'order':
      return `["order",${quote(cause.orderId)}]`;
    case 'transfer_request':
      return `["transfer_request",${quote(cause.transferId)}]`;
    case 'redemption':
      return `["redemption",${quote(cause.reference)}]`;
    case 'correction':
      return `["correction",${quote(cause.reason)},${cause.reverses}]`;
  }
}

/**
 * The canonical encoding the entry's hash is taken over: one JSON array, no whitespace, fields in this
 * fixed order:
 *
 * `["register-entry/v1",bondId,sequence,kind,fromHolder,toHolder,amount,cause,recordedAt,previousHash]`
 *
 * with `cause` itself an array: `["order",orderId]`, `["transfer_request",transferId]`,
 * `["redemption",reference]` or `["correction",reason,reverses]`. Strings are JSON string literals
 * (`JSON.stringify`: quotes, backslashes and control characters escaped, lone surrogates written as
 * `\udXXX`, every other character as itself), integers in decimal, absent holders `null`. The hash is
 * SHA-256 over the UTF-8 bytes of this string, in lower-case hex. Because every character the string
 * holds is valid Unicode, any SQL or other language reproduces the bytes by the same rules; the API may
 * store the string beside the row to prove it.
 */
export function canonicalEncoding(entry: UnhashedRegisterEntry): string {
  return (
    `["${canonicalEncodingVersion}",${quote(entry.bondId)},${entry.sequence},${quote(entry.kind)},` +
    `${quoteOrNull(entry.fromHolder)},${quoteOrNull(entry.toHolder)},${entry.amount},` +
    `${encodeCause(entry.cause)},${quote(entry.recordedAt)},${quote(entry.previousHash)}]`
  );
}

/** The hash an entry must carry: `sha256` over its canonical encoding (its own `hash` field ignored). */
export function entryHash(entry: UnhashedRegisterEntry, sha256: Sha256Hex): string {
  return sha256(canonicalEncoding(entry));
}

/**
 * The next entry of a journal: sequence and previous hash from `previous` (null for the bond's first
 * entry), and its hash. It checks neither balances nor supply: push the result into the journal
 * checker (`createJournalChecker`) positioned at `previous` before storing it.
 */
export function appendEntry(
  previous: Pick<RegisterEntry, 'bondId' | 'sequence' | 'hash'> | null,
  draft: RegisterEntryDraft,
  sha256: Sha256Hex,
): RegisterEntry {
  if (previous && previous.bondId !== draft.bondId) {
    throw new RangeError(`entry of bond ${draft.bondId} appended to the journal of bond ${previous.bondId}`);
  }
  const unhashed: UnhashedRegisterEntry = {
    bondId: draft.bondId,
    sequence: previous ? previous.sequence + 1 : 1,
    kind: draft.kind,
    fromHolder: draft.fromHolder,
    toHolder: draft.toHolder,
    amount: draft.amount,
    cause: draft.cause,
    recordedAt: draft.recordedAt,
    previousHash: previous ? previous.hash : genesisHash,
  };
  return { ...unhashed, hash: entryHash(unhashed, sha256) };
}

/**
 * The draft of the reversal that undoes `entry`: the same amount in the opposite direction (a mint
 * reversed leaves the holder and shrinks the supply, a transfer reversed goes back to the sender, a
 * burn reversed returns to the holder), caused by a correction naming the reason and the sequence.
 */
export function reversalDraftOf(
  entry: Pick<RegisterEntry, 'bondId' | 'sequence' | 'kind' | 'fromHolder' | 'toHolder' | 'amount'>,
  opts: { reason: string; recordedAt: string },
): RegisterEntryDraft {
  if (entry.kind === 'reversal') throw new RangeError('a reversal is not reversed; record a new entry');
  return {
    bondId: entry.bondId,
    kind: 'reversal',
    fromHolder: entry.toHolder,
    toHolder: entry.fromHolder,
    amount: entry.amount,
    cause: { type: 'correction', reason: opts.reason, reverses: entry.sequence },
    recordedAt: opts.recordedAt,
  };
}

/**
 * Each holder's balance after the entries, in the order given (holders at zero left out). It trusts
 * the entries (a reversal carries its own direction); `checkJournal` proves them first.
 */
export function balancesOf(entries: Iterable<Pick<RegisterEntry, 'fromHolder' | 'toHolder' | 'amount'>>) {
  const balances = new Map<string, number>();
  for (const { fromHolder, toHolder, amount } of entries) {
    if (fromHolder !== null) {
      const left = (balances.get(fromHolder) ?? 0) - amount;
      if (left === 0) balances.delete(fromHolder);
      else balances.set(fromHolder, left);
    }
    if (toHolder !== null) balances.set(toHolder, (balances.get(toHolder) ?? 0) + amount);
  }
  return balances;
}
