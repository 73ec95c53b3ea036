/* The collectibles marketplace (issue 18): one file per slice, each exported here. */
export * from './bidding.ts';
export * from './browse.ts';
export * from './collections.ts';
export * from './content.ts';
export * from './creator-collections.ts';
export * from './exchange-rates.ts';
export * from './listings.ts';
export * from './profiles.ts';
export * from './search.ts';
