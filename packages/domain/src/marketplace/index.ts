export * from './collections.ts';
export * from './profiles.ts';
