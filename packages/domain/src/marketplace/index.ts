/* The collectibles marketplace (issue 18): one file per slice, each exported here. */
export * from './listings.ts';
