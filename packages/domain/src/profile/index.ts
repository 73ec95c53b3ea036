export * from './company.ts';
export * from './fields.ts';
export * from './personal.ts';
export * from './ubo.ts';
export * from './views.ts';
