/*
 * The token register (issue 16, decision 016): the append-only hash-chained journal per bond and its
 * check, the transfer rules, the lifecycles of transfer requests and registrar instructions, minted
 * and not-minted holdings for the depot, the register excerpt's content, and the views the API answers.
 */
export * from './check.ts';
export * from './journal.ts';
