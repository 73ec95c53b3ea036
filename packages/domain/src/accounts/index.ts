export * from './kinds.ts';
export * from './password.ts';
export * from './roles.ts';
export * from './schemas.ts';
export * from './session.ts';
export * from './views.ts';
