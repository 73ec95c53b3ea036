export * from './exchange-rates.ts';
export * from './search.ts';
