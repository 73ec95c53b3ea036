export * from './bidding.ts';
export * from './browse.ts';
