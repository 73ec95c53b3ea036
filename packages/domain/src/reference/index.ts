/*
 * Reference data (countries, currencies, zones, channels): the views the shop API answers with.
 * The API and the web import them from `@token/domain/reference`.
 */
export * from './views.ts';
