export * from './documents.ts';
export * from './professional.ts';
export * from './views.ts';
