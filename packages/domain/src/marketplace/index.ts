export * from './browse.ts';
