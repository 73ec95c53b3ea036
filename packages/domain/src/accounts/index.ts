export * from './password.ts';
export * from './schemas.ts';
export * from './session.ts';
export * from './views.ts';
