/*
 * The WpHG appropriateness questionnaires (issue 7): their content in German and English, their
 * published versions, the pure grading, and the views that cross the wire.
 */
export * from './grading.ts';
export * from './types.ts';
export * from './versions.ts';
export * from './views.ts';
