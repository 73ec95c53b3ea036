export * from './bidding.ts';
export * from './browse.ts';
export * from './listings.ts';
