/*
 * The one error catalogue (convention 1): machine codes with HTTP status and de/en sentences,
 * violation codes with their sentences, the zod-issue -> violation mapping, and AppError.
 * The API's error handler and the web's messages and forms all read it; neither keeps a copy.
 */
export * from './app-error.ts';
export * from './catalogue.ts';
export * from './violations.ts';
