export * from './accounts.ts';
export * from './catalog.ts';
export * from './cms.ts';
export * from './customers.ts';
export * from './mail.ts';
export * from './media.ts';
export * from './reference.ts';
export * from './system.ts';
