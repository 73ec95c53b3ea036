/*
 * The CMS plugin (blocks and pages in de/en): the views the shop API answers with. The API and the
 * web import them from `@token/domain/cms`.
 */
export * from './views.ts';
