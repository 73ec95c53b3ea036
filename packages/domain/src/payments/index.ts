/*
 * Payments by bank transfer: the EPC QR code (GiroCode) payload, ISO 11649 payment references and
 * the matching of bank credits to orders. Pure; the API and the web import them from
 * `@token/domain/payments`.
 */

export * from './credit-notes.ts';
export * from './epc-qr.ts';
export * from './matching.ts';
export * from './method-choice.ts';
export * from './reference.ts';
export * from './views.ts';
