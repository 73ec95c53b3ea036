/*
 * The token register (issue 16, decision 016), imported as `@token/domain/register`:
 * - journal.ts: the append-only, hash-chained journal per bond (entry schema, canonical encoding,
 *   hashing with an injected SHA-256, appending, reversal drafts, balances);
 * - check.ts: the streaming journal check naming the first bad entry;
 * - transfer-rules.ts: `transferRefusal`, the one rule set of a token transfer (API and web);
 * - transfer-state.ts, mint-state.ts: the lifecycles of transfer requests and registrar instructions;
 * - holdings.ts: minted and not-yet-minted tokens per order and per bond for the depot;
 * - views.ts: the views and inputs the API answers and takes;
 * - admin-views.ts: the operator's views (minting batch, register, journal, reversal, whitelist);
 * - restrictions.ts: disposal restrictions on a position (kinds, inputs, views, excerpt texts);
 * - order-shipping.ts: an order's shipping state from its minted tokens (forward and corrections);
 * - excerpt.ts: the register excerpt's content (eWpG § 17/19, eWpRV § 7/8) and its numbers;
 * - messages.ts: spec 8's transfer sentences that are no error codes;
 * - pause.ts: the operator's pause of a bond's token (input and view).
 */
export * from './admin-views.ts';
export * from './check.ts';
export * from './excerpt.ts';
export * from './holdings.ts';
export * from './journal.ts';
export * from './messages.ts';
export * from './mint-state.ts';
export * from './order-shipping.ts';
export * from './pause.ts';
export * from './restrictions.ts';
export * from './transfer-rules.ts';
export * from './transfer-state.ts';
export * from './views.ts';
