/**
 * One page of a list, as services take it: `page` from 1, at most `itemsPerPage` items. Routes
 * read it from the query (API Platform's `page` and `itemsPerPage`); GraphQL and jobs pass their own.
 */
export type Page = { page: number; itemsPerPage: number };
